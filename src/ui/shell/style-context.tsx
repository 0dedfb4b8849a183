import { type ComponentProps, createContext, type ElementType, useContext } from 'react'
import { cx } from 'styled-system/css'
import type {
  RecipeSelection,
  SlotRecipeRuntimeFn,
  SlotRecipeVariantRecord,
} from 'styled-system/types'

type WithClassName = { className?: string }

/**
 * park-ui's `createStyleContext`: one slot recipe (`sva`) styles an Ark UI component's parts.
 * The root part takes the recipe's variants and provides the slot classes; every other part
 * reads its own slot from context. A `className` passed in is added after the slot's. Plain
 * elements call their recipe directly instead (docs/architecture.md, "Styling views").
 */
export function createStyleContext<S extends string, V extends SlotRecipeVariantRecord<S>>(
  recipe: SlotRecipeRuntimeFn<S, V>,
) {
  const StyleContext = createContext<Partial<Record<S, string>> | null>(null)

  /** The root part: splits off the variant props and provides the slot classes. */
  function withProvider<C extends ElementType>(Component: C, slot: S) {
    const Part = Component as ElementType
    return function StyledRoot(props: ComponentProps<C> & RecipeSelection<V>) {
      const [variants, rest] = recipe.splitVariantProps(props)
      const { className, ...other } = rest as WithClassName
      const styles = recipe(variants)
      return (
        <StyleContext.Provider value={styles}>
          <Part {...other} className={cx(styles[slot], className)} />
        </StyleContext.Provider>
      )
    }
  }

  /** Any other part: its slot's class from the nearest root. */
  function withContext<C extends ElementType>(Component: C, slot: S) {
    const Part = Component as ElementType
    return function StyledPart(props: ComponentProps<C>) {
      const styles = useContext(StyleContext)
      const { className, ...other } = props as WithClassName
      return <Part {...other} className={cx(styles?.[slot], className)} />
    }
  }

  return { withProvider, withContext }
}

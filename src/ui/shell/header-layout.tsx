import { createContext, type ReactNode, useContext } from 'react'
import { cx } from 'styled-system/css'
import { button } from './button.recipe'
import { headerButton, headerGroup, menuRow } from './header.recipe'
import { AppTooltip } from './tooltip'

/** Where a header item renders: the wide-screen bar, or the narrow-screen side menu. */
export interface HeaderLayout {
  placement: 'bar' | 'menu'
  /** Called after an item acts, so the side menu closes behind it. */
  done: () => void
}

const HeaderLayoutContext = createContext<HeaderLayout>({ placement: 'bar', done: () => {} })

export function HeaderLayoutProvider({
  value,
  children,
}: {
  value: HeaderLayout
  children: ReactNode
}) {
  return <HeaderLayoutContext.Provider value={value}>{children}</HeaderLayoutContext.Provider>
}

export const useHeaderLayout = () => useContext(HeaderLayoutContext)

/** Lays out a group of items: a row in the bar, a column in the side menu. */
export function headerGroupClass(placement: HeaderLayout['placement']): string {
  return headerGroup({ placement })
}

/**
 * One header action that fits either place: a full-width row in the side menu (with its longer
 * `menuLabel`, e.g. 'Prompt Library' for 'Library'), a ghost button in the bar. In the bar the
 * label hides while the header is too narrow for it (header.recipe.ts): the button keeps
 * `label` as its accessible name and shows it in a tooltip.
 */
export function HeaderButton({
  icon,
  label,
  menuLabel,
  trailing,
  collapse,
  labelClassName,
  onClick,
}: {
  icon: ReactNode
  /** The visible label, the accessible name and, while the label is hidden, the tooltip. */
  label: string
  menuLabel?: string
  /** Shown after the label and hidden with it, e.g. the model picker's chevron. */
  trailing?: ReactNode
  /** 'model' keeps its label longer than the rest (the selected model's name). */
  collapse?: 'labels' | 'model'
  /** Wraps the visible label, e.g. to cap a model name of unforeseen length. */
  labelClassName?: string
  onClick: () => void
}) {
  const { placement, done } = useHeaderLayout()
  const text = (shown: string) =>
    labelClassName ? <span className={labelClassName}>{shown}</span> : shown
  const act = () => {
    done()
    onClick()
  }
  if (placement === 'menu') {
    return (
      <button type="button" className={menuRow()} onClick={act}>
        {icon}
        {text(menuLabel ?? label)}
        {trailing}
      </button>
    )
  }
  const styles = headerButton({ collapse })
  return (
    <AppTooltip label={label} className={styles.tooltip}>
      <button
        type="button"
        aria-label={label}
        className={cx(button({ variant: 'ghost', size: 'sm' }), styles.root)}
        onClick={act}
      >
        {icon}
        <span className={styles.label}>
          {text(label)}
          {trailing}
        </span>
      </button>
    </AppTooltip>
  )
}

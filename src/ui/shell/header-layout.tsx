import { createContext, type ReactNode, useContext } from 'react'
import { cx } from 'styled-system/css'
import { button } from './button.recipe'
import { headerGroup, menuRow } from './header.recipe'

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
 * One header action that fits either place: a ghost button in the bar, a full-width row in the
 * side menu (with its longer `menuLabel`, e.g. 'Prompt Library' for 'Library').
 */
export function HeaderButton({
  icon,
  label,
  menuLabel,
  onClick,
  className,
}: {
  icon: ReactNode
  label: ReactNode
  menuLabel?: ReactNode
  onClick: () => void
  className?: string
}) {
  const { placement, done } = useHeaderLayout()
  const inMenu = placement === 'menu'
  return (
    <button
      type="button"
      className={cx(inMenu ? menuRow() : button({ variant: 'ghost', size: 'sm' }), className)}
      onClick={() => {
        done()
        onClick()
      }}
    >
      {icon}
      {inMenu ? (menuLabel ?? label) : label}
    </button>
  )
}

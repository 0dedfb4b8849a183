import { createContext, type ReactNode, useContext } from 'react'
import { css, cva, cx } from 'styled-system/css'
import { button } from './recipes/button'

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

const menuRow = cva({
  base: {
    w: 'full',
    justifyContent: 'flex-start',
    gap: '3',
    h: '11',
    px: '3',
    fontSize: 'sm',
    fontWeight: 'medium',
    color: 'fg',
    borderRadius: 'card',
    cursor: 'pointer',
    display: 'flex',
    alignItems: 'center',
    _hover: { bg: 'primary.muted' },
  },
})

/** Lays out a group of items: a row in the bar, a column in the side menu. */
export function headerGroupClass(placement: HeaderLayout['placement']): string {
  return placement === 'menu'
    ? css({ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: '1' })
    : css({ display: 'flex', alignItems: 'center', gap: '1' })
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

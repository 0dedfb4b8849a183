import { type ReactNode, useState } from 'react'
import { cx } from 'styled-system/css'
import { BrandMark } from './brand-mark'
import { button } from './button.recipe'
import { appHeader } from './header.recipe'
import { HeaderLayoutProvider, headerGroupClass } from './header-layout'
import { LazySheet } from './lazy-sheet'
import { MenuIcon } from './session-icons'

const styles = appHeader()

/**
 * Under 768 px the header's items live here (docs/product/screens.md#signed-in). Whether the
 * sheet is open is pure view state, kept here; an item closes the sheet before it acts. The
 * sheet's dialog loads on first open.
 */
export function SideMenu({ children, footer }: { children: ReactNode; footer: ReactNode }) {
  const [open, setOpen] = useState(false)
  const layout = { placement: 'menu' as const, done: () => setOpen(false) }
  return (
    <LazySheet
      label="Open menu"
      triggerClassName={cx(button({ variant: 'ghost', size: 'icon' }), styles.menuTrigger)}
      triggerIcon={<MenuIcon />}
      open={open}
      onOpenChange={setOpen}
      icon={<BrandMark size="sm" />}
      title="Menu"
      closeLabel="Close menu"
      footer={<>Theme{footer}</>}
      bodyAsChild
    >
      <nav aria-label="Menu" className={styles.menuNav}>
        <div className={headerGroupClass('menu')}>
          <HeaderLayoutProvider value={layout}>{children}</HeaderLayoutProvider>
        </div>
      </nav>
    </LazySheet>
  )
}

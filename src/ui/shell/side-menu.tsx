import { Dialog, useDialog } from '@ark-ui/react/dialog'
import type { ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { AppDialogFrame } from './app-dialog'
import { BrandMark } from './brand-mark'
import { button } from './button.recipe'
import { appHeader } from './header.recipe'
import { HeaderLayoutProvider, headerGroupClass } from './header-layout'
import { MenuIcon } from './icons'
import { AppTooltip } from './tooltip'

const styles = appHeader()

/**
 * Under 768 px the header's items live here (docs/product/screens.md#signed-in). Whether the sheet is open is pure
 * view state, so Ark keeps it; an item closes the sheet before it acts.
 */
export function SideMenu({ children, footer }: { children: ReactNode; footer: ReactNode }) {
  const menu = useDialog()
  const layout = { placement: 'menu' as const, done: () => menu.setOpen(false) }
  return (
    <Dialog.RootProvider value={menu} lazyMount unmountOnExit>
      <AppTooltip label="Open menu">
        <Dialog.Trigger
          aria-label="Open menu"
          className={cx(button({ variant: 'ghost', size: 'icon' }), styles.menuTrigger)}
        >
          <MenuIcon />
        </Dialog.Trigger>
      </AppTooltip>
      <AppDialogFrame
        placement="left"
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
      </AppDialogFrame>
    </Dialog.RootProvider>
  )
}

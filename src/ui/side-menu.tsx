import { Dialog, useDialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { BrandMark } from './brand-mark'
import { HeaderLayoutProvider, headerGroupClass } from './header-layout'
import { CloseIcon, MenuIcon } from './icons'
import { button } from './recipes/button'
import { dialog } from './recipes/dialog'

const styles = dialog({ placement: 'left' })

/**
 * Under 768 px the header's items live here (spec §2.3). Whether the sheet is open is pure
 * view state, so Ark keeps it; an item closes the sheet before it acts.
 */
export function SideMenu({ children, footer }: { children: ReactNode; footer: ReactNode }) {
  const menu = useDialog()
  const layout = { placement: 'menu' as const, done: () => menu.setOpen(false) }
  return (
    <Dialog.RootProvider value={menu} lazyMount unmountOnExit>
      <Dialog.Trigger
        aria-label="Open menu"
        className={cx(button({ variant: 'ghost', size: 'icon' }), css({ hideFrom: 'md' }))}
      >
        <MenuIcon />
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Positioner className={styles.positioner}>
          <Dialog.Content className={styles.content}>
            <div className={styles.header}>
              <div className={css({ display: 'flex', alignItems: 'center', gap: '2.5' })}>
                <BrandMark size="sm" />
                <Dialog.Title className={styles.title}>Menu</Dialog.Title>
              </div>
              <Dialog.CloseTrigger
                aria-label="Close menu"
                className={cx(button({ variant: 'ghost', size: 'icon' }), styles.close)}
              >
                <CloseIcon width={16} height={16} />
              </Dialog.CloseTrigger>
            </div>
            <nav aria-label="Menu" className={cx(styles.body, css({ flex: 1 }))}>
              <div className={headerGroupClass('menu')}>
                <HeaderLayoutProvider value={layout}>{children}</HeaderLayoutProvider>
              </div>
            </nav>
            <div
              className={css({
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                px: '5',
                py: '3',
                borderTopWidth: '1px',
                borderColor: 'border',
                fontSize: 'sm',
                color: 'fg.muted',
              })}
            >
              Theme
              {footer}
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.RootProvider>
  )
}

import { css } from 'styled-system/css'
import { ActivePromptBadge } from './active-prompt-badge'
import { useAppActors } from './app-actors'
import { BrandMark } from './brand-mark'
import { HeaderButton, headerGroupClass, useHeaderLayout } from './header-layout'
import { LogOutIcon } from './icons'
import { ModelPickerButton } from './model-picker-button'
import { PromptHeaderButtons } from './prompt-header-buttons'
import { SideMenu } from './side-menu'
import { ThemeToggle } from './theme-toggle'

/**
 * The header's actions, in docs/product/screens.md#signed-in order. Rendered twice: in the bar on wide screens and in
 * the side menu under 768 px (then Sign Out and the theme toggle follow). Add an entry with
 * one line; `HeaderButton` fits both places.
 */
function HeaderItems() {
  const { placement } = useHeaderLayout()
  return (
    <div className={headerGroupClass(placement)}>
      <PromptHeaderButtons className={headerGroupClass(placement)} />
      <ModelPickerButton />
    </div>
  )
}

function SignOutButton() {
  const { auth } = useAppActors()
  return (
    <HeaderButton
      icon={<LogOutIcon width={16} height={16} />}
      label="Sign Out"
      onClick={() => auth.send({ type: 'auth.logout' })}
    />
  )
}

export function AppHeader() {
  return (
    <header
      className={css({
        position: 'sticky',
        top: 0,
        zIndex: 10,
        h: '14',
        px: { base: '4', md: '6' },
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: '3',
        borderBottomWidth: '1px',
        borderColor: 'border',
        bg: 'bg/85',
        backdropFilter: 'blur(12px)',
      })}
    >
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2.5', minW: 0 })}>
        <BrandMark size="sm" />
        <span className={css({ fontWeight: 'semibold', letterSpacing: 'tight' })}>Prompt Chat</span>
        <ActivePromptBadge />
      </div>
      <nav
        aria-label="Toolbar"
        className={css({ display: 'flex', alignItems: 'center', gap: '1' })}
      >
        <div className={css({ hideBelow: 'md', display: 'flex', alignItems: 'center', gap: '1' })}>
          <HeaderItems />
          <ThemeToggle />
          <SignOutButton />
        </div>
        <SideMenu footer={<ThemeToggle />}>
          <HeaderItems />
          <SignOutButton />
        </SideMenu>
      </nav>
    </header>
  )
}

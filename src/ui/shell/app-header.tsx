import { useSelector } from '@xstate/react'
import { Suspense } from 'react'
import { ModelPickerButton } from '../chat/model-picker-button'
import { ConversationDrawer } from '../conversations/conversation-drawer'
import { InstallExtensionButton } from '../extension/install-extension-button'
import { PromptHeaderButtons } from '../prompts/prompt-header-buttons'
import { StyleButton } from '../style/style-button'
import { useAppActors, useSessionActors } from './app-actors'
import { BrandMark } from './brand-mark'
import { appHeader } from './header.recipe'
import { HeaderButton, headerGroupClass, useHeaderLayout } from './header-layout'
import { lazyComponent } from './lazy-view'
import { LogOutIcon } from './session-icons'
import { SideMenu } from './side-menu'
import { ThemeToggle } from './theme-toggle'

/**
 * The header's actions, in docs/product/screens.md#signed-in order. Rendered twice: in the bar on wide screens and in
 * the side menu under 768 px (then Sign Out and the theme toggle follow). Add an entry with
 * one line; `HeaderButton` fits both places. In the bar the labels give way to icons (with
 * names and tooltips) while the header is too narrow for them: header.recipe.ts has the sums.
 * `Install Extension` leads the bar but follows `Prompt Library` in the side menu.
 */
function HeaderItems() {
  const { placement } = useHeaderLayout()
  return (
    <div className={headerGroupClass(placement)}>
      {placement === 'bar' && <InstallExtensionButton />}
      <PromptHeaderButtons className={headerGroupClass(placement)} />
      {placement === 'menu' && <InstallExtensionButton />}
      <ModelPickerButton />
      <StyleButton />
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

const styles = appHeader()

// 'Active: {title}' loads with the first active system prompt (docs/performance.md, "Split").
const ActivePromptBadge = lazyComponent(() =>
  import('../prompts/active-prompt-badge').then((m) => m.ActivePromptBadge),
)

export function AppHeader() {
  const { activation } = useSessionActors().prompts
  const activeTitle = useSelector(activation, (s) => s.context.active?.title ?? null)
  return (
    <header className={styles.root}>
      <div className={styles.brand}>
        <ConversationDrawer />
        <BrandMark size="sm" />
        {/* The page's one h1, for those who move by headings; it looks like the name it is. */}
        <h1 className={styles.brandHeading}>
          <span className={styles.brandName}>Prompt Chat</span>
        </h1>
        {activeTitle !== null && (
          <Suspense fallback={null}>
            <ActivePromptBadge.Component title={activeTitle} />
          </Suspense>
        )}
      </div>
      <nav aria-label="Toolbar" className={styles.toolbar}>
        <div className={styles.barItems}>
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

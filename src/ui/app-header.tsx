import { css, cx } from 'styled-system/css'
import { useAppActors } from './app-actors'
import { BrandMark } from './brand-mark'
import { LogOutIcon } from './icons'
import { button } from './recipes/button'
import { ThemeToggle } from './theme-toggle'

export function AppHeader() {
  const { auth } = useAppActors()
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
        borderBottomWidth: '1px',
        borderColor: 'border',
        bg: 'bg/85',
        backdropFilter: 'blur(12px)',
      })}
    >
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2.5' })}>
        <BrandMark size="sm" />
        <span className={css({ fontWeight: 'semibold', letterSpacing: 'tight' })}>Prompt Chat</span>
      </div>
      <nav
        aria-label="Account"
        className={css({ display: 'flex', alignItems: 'center', gap: '1' })}
      >
        <ThemeToggle />
        <button
          type="button"
          className={cx(button({ variant: 'ghost', size: 'sm' }))}
          onClick={() => auth.send({ type: 'auth.logout' })}
        >
          <LogOutIcon width={16} height={16} />
          Sign Out
        </button>
      </nav>
    </header>
  )
}

import { useSelector } from '@xstate/react'
import { cx } from 'styled-system/css'
import { useAppActors } from './app-actors'
import { button } from './button.recipe'
import { themeToggleIcon } from './header.recipe'
import { MoonIcon, SunIcon } from './icons'

export function ThemeToggle({ className }: { className?: string }) {
  const { theme } = useAppActors()
  const isDark = useSelector(theme, (s) => s.matches('dark'))
  const label = isDark ? 'Switch to light theme' : 'Switch to dark theme'
  return (
    <button
      type="button"
      className={cx(button({ variant: 'ghost', size: 'icon' }), className)}
      aria-label={label}
      title={label}
      onClick={() => theme.send({ type: 'theme.toggle' })}
    >
      {isDark ? <SunIcon /> : <MoonIcon className={themeToggleIcon()} />}
    </button>
  )
}

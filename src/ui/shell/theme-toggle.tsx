import { useSelector } from '@xstate/react'
import { cx } from 'styled-system/css'
import { shownTheme } from '../../machines/style.machine'
import { useAppActors } from './app-actors'
import { button } from './button.recipe'
import { MoonIcon, SunIcon } from './icons'
import { themeToggleIcon } from './theme-toggle.recipe'
import { AppTooltip } from './tooltip'

export function ThemeToggle({ className }: { className?: string }) {
  const { style } = useAppActors()
  const isDark = useSelector(style, (s) => shownTheme(s.context) === 'dark')
  const label = isDark ? 'Switch to light theme' : 'Switch to dark theme'
  return (
    <AppTooltip label={label}>
      <button
        type="button"
        className={cx(button({ variant: 'ghost', size: 'icon' }), className)}
        aria-label={label}
        onClick={() => style.send({ type: 'theme.toggle' })}
      >
        {isDark ? <SunIcon /> : <MoonIcon className={themeToggleIcon()} />}
      </button>
    </AppTooltip>
  )
}

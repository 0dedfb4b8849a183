import { cva } from 'styled-system/css'

// Apart from the header's recipes: the landing card draws the toggle too, and needs none of
// theirs on its first paint (docs/performance.md, "Split").

/** The moon of the theme toggle (light theme) is muted; the sun keeps the button's colour. */
export const themeToggleIcon = cva({ base: { color: 'fg.muted' } })

import { cva, sva } from 'styled-system/css'

/** Small pill labels on prompt cards and in the header. */
export const badge = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    px: '2',
    py: '0.5',
    borderRadius: 'full',
    fontSize: 'xs',
    fontWeight: 'medium',
    whiteSpace: 'nowrap',
    borderWidth: '1px',
  },
  variants: {
    tone: {
      neutral: { borderColor: 'border', color: 'fg.muted' },
      primary: { borderColor: 'transparent', bg: 'primary.muted', color: 'primary.text' },
      accent: { borderColor: 'accent', color: 'accent.text' },
      // Darker green on the light theme: green.500 on its own tint is under 4.5:1 there.
      success: {
        borderColor: 'transparent',
        bg: 'green.500/15',
        color: { base: 'green.800', _dark: 'green.400' },
      },
    },
  },
  defaultVariants: { tone: 'neutral' },
})

/**
 * The header's 'Active: {title}' badge: it shrinks before anything else in the header, and
 * only its title gives way (with an ellipsis); 'Active:' always shows whole. It never gets
 * narrower than 6rem, which still shows a few letters of the title (header.recipe.ts counts
 * on that width), nor wider than 16rem.
 */
export const activePromptBadge = sva({
  slots: ['root', 'prefix', 'title'],
  base: {
    root: { minW: '24', maxW: '64', flex: '0 1 auto', overflow: 'hidden', cursor: 'default' },
    prefix: { flexShrink: 0 },
    title: { minW: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  },
})

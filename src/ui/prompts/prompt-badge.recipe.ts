import { cva } from 'styled-system/css'

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
      primary: { borderColor: 'transparent', bg: 'primary.muted', color: 'primary' },
      accent: { borderColor: 'accent', color: 'accent' },
      success: { borderColor: 'transparent', bg: 'green.500/15', color: 'green.500' },
    },
    /** A long title is cut short (the header's Active badge). */
    truncate: {
      true: { maxW: '48', overflow: 'hidden', textOverflow: 'ellipsis' },
    },
  },
  defaultVariants: { tone: 'neutral' },
})

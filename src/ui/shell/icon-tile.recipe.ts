import { cva } from 'styled-system/css'

/** A tinted icon in a tile or circle: the loading mark, the empty chat, the thinking row. */
export const iconTile = cva({
  base: { display: 'grid', placeItems: 'center', bg: 'primary.muted', color: 'primary.text' },
  variants: {
    size: {
      sm: { w: '8', h: '8', borderRadius: 'full' },
      md: { w: '12', h: '12', borderRadius: 'full' },
      lg: { w: '14', h: '14', borderRadius: 'xl' },
    },
    pulse: {
      none: {},
      fast: { animation: 'pulse 1.4s ease-in-out infinite' },
      slow: { animation: 'pulse 1.6s ease-in-out infinite' },
    },
  },
  defaultVariants: { size: 'md', pulse: 'none' },
})

import { cva } from 'styled-system/css'

/** The app's one button recipe: every clickable control shares these states. */
export const button = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    fontWeight: 'medium',
    borderRadius: 'card',
    cursor: 'pointer',
    transition: 'background 0.15s, border-color 0.15s, color 0.15s, opacity 0.15s',
    whiteSpace: 'nowrap',
    // Disabled is said by colour, not by fading: half-transparent text fell under 4.5:1.
    _disabled: { cursor: 'not-allowed' },
    _focusVisible: { outline: '2px solid', outlineColor: 'primary', outlineOffset: '2px' },
  },
  variants: {
    variant: {
      solid: {
        bg: 'primary',
        color: 'primary.fg',
        _hover: { filter: 'brightness(1.08)' },
        _disabled: { bg: 'border', color: 'fg.muted', filter: 'none' },
      },
      outline: {
        borderWidth: '1px',
        borderColor: 'border',
        bg: 'transparent',
        color: 'fg',
        _hover: { bg: 'primary.muted' },
        _disabled: { bg: 'transparent', color: 'fg.muted' },
      },
      ghost: {
        bg: 'transparent',
        color: 'fg.muted',
        _hover: { bg: 'primary.muted', color: 'fg' },
        _disabled: { bg: 'transparent', color: 'fg.muted' },
      },
    },
    size: {
      sm: { h: '8', px: '3', fontSize: 'sm' },
      md: { h: '10', px: '4', fontSize: 'sm' },
      lg: { h: '12', px: '6', fontSize: 'md' },
      icon: { h: '9', w: '9', p: '0' },
    },
    /** Red text for a destructive action (Delete, Hide). */
    tone: {
      default: {},
      danger: { color: 'danger' },
    },
  },
  defaultVariants: { variant: 'solid', size: 'md', tone: 'default' },
})

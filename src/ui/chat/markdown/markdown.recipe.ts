import { sva } from 'styled-system/css'

/**
 * A chat message's markdown (README.md, "Chat, models and API keys"): the prose, and fenced code blocks on a
 * dark frame with a copy button, in light and dark themes alike.
 */
export const markdown = sva({
  slots: ['prose', 'typed', 'frame', 'toolbar', 'copy', 'pre', 'plainCode'],
  base: {
    prose: {
      fontSize: 'md',
      lineHeight: '1.65',
      overflowWrap: 'anywhere',
      '& > :first-child': { mt: 0 },
      '& > :last-child': { mb: 0 },
      '& p': { my: '2' },
      '& ul, & ol': { my: '2', pl: '6' },
      '& ul': { listStyleType: 'disc' },
      '& ol': { listStyleType: 'decimal' },
      '& li': { my: '1' },
      '& h1, & h2, & h3, & h4': { fontWeight: 'semibold', mt: '4', mb: '2', lineHeight: '1.3' },
      '& h1': { fontSize: 'xl' },
      '& h2': { fontSize: 'lg' },
      '& a': { color: 'primary.text', textDecoration: 'underline', textUnderlineOffset: '2px' },
      '& blockquote': { borderLeftWidth: '3px', borderColor: 'border', pl: '3', color: 'fg.muted' },
      '& :not(pre) > code': {
        fontFamily: 'mono',
        fontSize: '0.875em',
        bg: 'primary.muted',
        px: '1.5',
        py: '0.5',
        borderRadius: 'sm',
      },
      '& table': {
        my: '3',
        borderCollapse: 'collapse',
        fontSize: 'sm',
        display: 'block',
        overflowX: 'auto',
      },
      '& th, & td': {
        borderWidth: '1px',
        borderColor: 'border',
        px: '3',
        py: '1.5',
        textAlign: 'left',
      },
      '& th': { bg: 'primary.muted', fontWeight: 'semibold' },
      '& hr': { my: '4', borderColor: 'border' },
      '& img': { maxW: 'full', borderRadius: 'card' },
      '& input[type=checkbox]': { mr: '1.5' },
    },
    frame: {
      my: '3',
      borderRadius: 'card',
      borderWidth: '1px',
      borderColor: 'border',
      overflow: 'hidden',
      bg: '#0d1117',
      color: '#e6edf3',
    },
    toolbar: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      px: '3',
      h: '9',
      bg: 'rgb(255 255 255 / 0.04)',
      borderBottomWidth: '1px',
      borderColor: 'rgb(255 255 255 / 0.08)',
      fontSize: 'xs',
      color: '#9198a1',
      fontFamily: 'mono',
    },
    copy: { h: '7', px: '2', color: '#9198a1', _hover: { color: '#e6edf3' } },
    pre: {
      m: 0,
      p: '4',
      overflowX: 'auto',
      fontSize: 'sm',
      lineHeight: '1.6',
      // It takes focus so that a long line can be scrolled to from the keyboard.
      _focusVisible: { outline: '2px solid', outlineColor: 'primary', outlineOffset: '-2px' },
    },
    plainCode: { fontFamily: 'mono' },
    // A message shown as typed until it is formatted: its lines kept.
    typed: { whiteSpace: 'pre-wrap' },
  },
})

import { defineConfig } from '@pandacss/dev'

// Panda is zero-runtime: runtime colours (the style editor's primary/accent) reach the page
// through CSS variables that the semantic tokens below point at.
export default defineConfig({
  preflight: true,
  jsxFramework: 'react',
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  conditions: {
    extend: {
      dark: '.dark &',
      light: '.light &',
    },
  },
  globalCss: {
    ':root': {
      '--primary-h': '239',
      '--primary-s': '84%',
      '--primary-l': '67%',
      '--accent-h': '38',
      '--accent-s': '92%',
      '--accent-l': '50%',
      '--primary-fg': 'white',
      '--radius': '8px',
      '--density': '1',
      '--font-body': 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    },
    // The Layout tab's spacing (docs/product/style.md): one factor the density tokens multiply.
    '.spacing-compact': { '--density': '0.7' },
    '.spacing-normal': { '--density': '1' },
    '.spacing-spacious': { '--density': '1.4' },
    'html, body': {
      bg: 'bg',
      color: 'fg',
      fontFamily: 'var(--font-body)',
      minHeight: '100%',
    },
    // Focus shows wherever it lands from the keyboard; a recipe may draw its own instead
    // (text fields mark their border).
    ':focus-visible': { outline: '2px solid', outlineColor: 'primary', outlineOffset: '2px' },
    '.no-animations *, .no-animations *::before, .no-animations *::after': {
      animation: 'none !important',
      transition: 'none !important',
    },
    // A system asking for less motion gets what the Behavior tab's switch gives (WCAG 2.3.3).
    '*, *::before, *::after': {
      _motionReduce: { animation: 'none !important', transition: 'none !important' },
    },
  },
  theme: {
    extend: {
      keyframes: {
        // Not fainter than 0.65: the loading mark keeps 3:1 against the page as it pulses.
        pulse: { '0%, 100%': { opacity: '1' }, '50%': { opacity: '0.65' } },
        spin: { to: { transform: 'rotate(360deg)' } },
        found: {
          '0%, 40%': { backgroundColor: 'var(--colors-primary-muted)' },
          '100%': { backgroundColor: 'transparent' },
        },
      },
      semanticTokens: {
        colors: {
          primary: {
            DEFAULT: { value: 'hsl(var(--primary-h) var(--primary-s) var(--primary-l))' },
            fg: { value: 'var(--primary-fg)' },
            muted: { value: 'hsl(var(--primary-h) var(--primary-s) var(--primary-l) / 0.15)' },
            // As text on the page, a card or its own tint: at least 4.5:1 (style-effects.ts).
            text: {
              value: 'var(--primary-text, hsl(var(--primary-h) var(--primary-s) var(--primary-l)))',
            },
          },
          accent: {
            DEFAULT: { value: 'hsl(var(--accent-h) var(--accent-s) var(--accent-l))' },
            text: {
              value: 'var(--accent-text, hsl(var(--accent-h) var(--accent-s) var(--accent-l)))',
            },
          },
          bg: { value: { base: '#FAFAFA', _dark: '#0B0B12' } },
          card: { value: { base: '#FFFFFF', _dark: '#15151F' } },
          fg: {
            DEFAULT: { value: { base: '#18181B', _dark: '#F4F4F5' } },
            muted: { value: { base: '#52525B', _dark: '#A1A1AA' } },
          },
          border: { value: { base: '#E4E4E7', _dark: '#27273A' } },
          danger: { value: { base: '#DC2626', _dark: '#F87171' } },
        },
        radii: {
          card: { value: 'var(--radius, 8px)' },
        },
        // Room that follows the spacing setting: between messages, inside bubbles and cards.
        spacing: {
          flow: { value: 'calc(1.25rem * var(--density))' },
          bubbleX: { value: 'calc(1rem * var(--density))' },
          bubbleY: { value: 'calc(0.625rem * var(--density))' },
          cardPad: { value: 'calc(1rem * var(--density))' },
        },
      },
    },
  },
})

import { sva } from 'styled-system/css'

/** The Quick Prompts panel's list and empty state (docs/product/screens.md#quick-prompts-panel). */
export const quickPromptsPanel = sva({
  slots: ['empty', 'emptyTitle', 'emptyText', 'list'],
  base: {
    empty: { textAlign: 'center', py: '10' },
    emptyTitle: { fontWeight: 'medium' },
    emptyText: { color: 'fg.muted', fontSize: 'sm', mt: '1' },
    list: { display: 'flex', flexDirection: 'column', gap: '2' },
  },
})

/**
 * One quick prompt: click to run; hover or focus (or, on touch, always) shows move up, move
 * down and remove; `active` outlines it, and a dragged entry's drop target is underlined.
 */
export const quickPromptItem = sva({
  slots: ['root', 'run', 'heading', 'title', 'content', 'activation', 'tools', 'tool'],
  base: {
    root: {
      position: 'relative',
      borderWidth: '1px',
      borderRadius: 'card',
      _hover: { bg: 'primary.muted' },
      '&[data-drop-target]': { boxShadow: '0 3px 0 0 var(--colors-primary)' },
    },
    run: { w: 'full', textAlign: 'left', p: '3', pr: '28', cursor: 'pointer' },
    heading: { display: 'flex', gap: '2', alignItems: 'center' },
    title: { fontWeight: 'medium', fontSize: 'sm' },
    content: { display: 'block', color: 'fg.muted', fontSize: 'xs', lineClamp: 2, mt: '1' },
    activation: { mx: '3', mb: '3' },
    tools: {
      position: 'absolute',
      top: '1.5',
      right: '1.5',
      display: 'flex',
      opacity: 0,
      _groupHover: { opacity: 1 },
      _focusWithin: { opacity: 1 },
      // Touch screens have no hover to reveal them: there they always show.
      '@media (hover: none)': { opacity: 1 },
    },
    tool: { h: '8', w: '8', _disabled: { opacity: 0.35, cursor: 'default' } },
  },
  variants: {
    active: {
      true: { root: { borderColor: 'primary' } },
      false: { root: { borderColor: 'border' } },
    },
  },
  defaultVariants: { active: false },
})

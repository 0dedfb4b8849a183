import { sva } from 'styled-system/css'

/** Create New Prompt's Type radio group (Ark RadioGroup parts). */
export const promptTypeRadio = sva({
  slots: ['root', 'items', 'item', 'control'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '2' },
    items: { display: 'flex', gap: '5' },
    item: { display: 'flex', alignItems: 'center', gap: '2', cursor: 'pointer', fontSize: 'sm' },
    control: {
      w: '4',
      h: '4',
      borderRadius: 'full',
      borderWidth: '2px',
      borderColor: 'border',
      _checked: {
        borderColor: 'primary',
        bg: 'primary',
        boxShadow: 'inset 0 0 0 3px var(--colors-card)',
      },
    },
  },
})

/** Create New Prompt's Make Public switch (Ark Switch parts). */
export const publicSwitch = sva({
  slots: ['root', 'control', 'thumb', 'label'],
  base: {
    root: { display: 'flex', alignItems: 'center', gap: '3', cursor: 'pointer' },
    control: {
      w: '9',
      h: '5',
      p: '0.5',
      borderRadius: 'full',
      bg: 'border',
      display: 'flex',
      _checked: { bg: 'primary', justifyContent: 'flex-end' },
    },
    thumb: { w: '4', h: '4', borderRadius: 'full', bg: 'white' },
    label: { fontSize: 'sm' },
  },
})

import { sva } from 'styled-system/css'

/** The Share dialog's links: when each was made, how much it holds, Copy link and Revoke. */
export const shareDialog = sva({
  slots: ['list', 'item', 'facts', 'when', 'count', 'actions', 'action', 'retry'],
  base: {
    list: { display: 'flex', flexDirection: 'column', gap: '2', m: 0, p: 0, listStyle: 'none' },
    item: {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      gap: '2',
      px: '3',
      py: '2',
      borderRadius: 'card',
      border: '1px solid',
      borderColor: 'border',
      '&[data-new]': { borderColor: 'primary', bg: 'primary.muted' },
    },
    // The facts take the line when it is narrow, the two buttons then share the next one.
    facts: { display: 'flex', flexDirection: 'column', flex: '1 1 12rem' },
    actions: { display: 'flex', gap: '2' },
    when: { fontSize: 'sm', fontWeight: 'medium' },
    count: { fontSize: 'xs', color: 'fg.muted' },
    action: { gap: '1.5', h: '8', px: '2.5', fontSize: 'xs' },
    retry: { ml: '2', h: '7', px: '2', fontSize: 'xs' },
  },
})

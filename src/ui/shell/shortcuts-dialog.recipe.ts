import { sva } from 'styled-system/css'

/** The `?` list: what each shortcut does on the left, its keys as key caps on the right. */
export const shortcutsDialog = sva({
  slots: ['list', 'row', 'does', 'keys'],
  base: {
    list: { display: 'flex', flexDirection: 'column', m: 0, p: 0 },
    row: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '4',
      py: '2',
      borderBottomWidth: '1px',
      borderColor: 'border',
      _last: { borderBottomWidth: 0 },
    },
    does: { fontSize: 'sm', m: 0 },
    keys: {
      m: 0,
      flexShrink: 0,
      fontFamily: 'mono',
      fontSize: 'xs',
      px: '2',
      py: '0.5',
      borderWidth: '1px',
      borderBottomWidth: '2px',
      borderColor: 'border',
      borderRadius: 'card',
      bg: 'bg',
      color: 'fg',
    },
  },
})

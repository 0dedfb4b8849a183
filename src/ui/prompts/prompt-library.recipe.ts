import { sva } from 'styled-system/css'

/** The Prompt Library's tabs, search, grid and empty state (docs/product/screens.md#prompt-library). */
export const promptLibrary = sva({
  slots: [
    'root',
    'toolbar',
    'list',
    'trigger',
    'search',
    'searchIcon',
    'searchInput',
    'files',
    'content',
    'status',
    'grid',
    'empty',
    'emptyText',
  ],
  base: {
    root: { flex: 1 },
    toolbar: { display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' },
    list: { display: 'flex', gap: '1', mr: 'auto' },
    trigger: {
      px: '3',
      py: '1.5',
      fontSize: 'sm',
      fontWeight: 'medium',
      borderRadius: 'card',
      color: 'fg.muted',
      cursor: 'pointer',
      _selected: { bg: 'primary.muted', color: 'fg' },
    },
    search: { position: 'relative', flex: '1', minW: '40', maxW: '72' },
    searchIcon: { position: 'absolute', left: '2.5', top: '2.5', color: 'fg.muted' },
    searchInput: { pl: '8' },
    files: { display: 'flex', gap: '2' },
    content: { display: 'flex', flexDirection: 'column', gap: '3' },
    status: { color: 'fg.muted', fontSize: 'sm', py: '8', textAlign: 'center' },
    grid: { display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '3' },
    empty: { py: '10', textAlign: 'center', display: 'grid', gap: '3', justifyItems: 'center' },
    emptyText: { color: 'fg.muted' },
  },
})

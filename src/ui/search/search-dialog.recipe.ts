import { sva } from 'styled-system/css'

/** The search dialog (docs/product/search.md): a box, then the results in two groups. */
export const searchDialog = sva({
  slots: [
    'field',
    'status',
    'group',
    'list',
    'item',
    'title',
    'titleText',
    'snippet',
    'mark',
    'kind',
  ],
  base: {
    // The look is the app's one field (field.recipe.ts); only its size is here.
    field: { w: 'full', px: '3', py: '2', fontSize: 'md' },
    status: { fontSize: 'sm', color: 'fg.muted', py: '3', textAlign: 'center' },
    group: {
      fontSize: 'xs',
      fontWeight: 'semibold',
      color: 'fg.muted',
      textTransform: 'uppercase',
      letterSpacing: 'wide',
      mt: '3',
      mb: '1',
      px: '1',
    },
    list: { display: 'flex', flexDirection: 'column', gap: '0.5' },
    item: {
      display: 'flex',
      flexDirection: 'column',
      gap: '0.5',
      px: '3',
      py: '2',
      borderRadius: 'card',
      cursor: 'pointer',
      minW: 0,
      _highlighted: { bg: 'primary.muted' },
    },
    title: {
      display: 'flex',
      alignItems: 'baseline',
      gap: '2',
      fontSize: 'sm',
      fontWeight: 'medium',
      minW: 0,
    },
    // One text, marks and all: the title's flex would space its pieces apart.
    titleText: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minW: 0 },
    snippet: {
      fontSize: 'xs',
      color: 'fg.muted',
      lineClamp: '2',
      overflowWrap: 'anywhere',
    },
    mark: {
      bg: 'primary.muted',
      color: 'fg',
      borderRadius: 'sm',
      px: '0.5',
      fontWeight: 'semibold',
    },
    kind: { fontSize: 'xs', color: 'fg.muted', fontWeight: 'normal', flexShrink: 0 },
  },
})

import { sva } from 'styled-system/css'

/**
 * The folders in the conversations list (docs/product/conversations.md#pins-and-folders): a
 * folder's row opens and closes it, its conversations indented under it. The parts, headings
 * and rows themselves are `conversationList`'s.
 */
export const folderSections = sva({
  slots: ['headingRow', 'toggle', 'chevron', 'name', 'count', 'folderList', 'srOnly'],
  base: {
    // The heading, then its buttons at the end.
    headingRow: { display: 'flex', alignItems: 'center', pr: '1', '& > h2': { mr: 'auto' } },
    // Like a conversation's row, on one line: chevron, folder, name, count.
    toggle: {
      flex: 1,
      minW: 0,
      display: 'flex',
      alignItems: 'center',
      gap: '2',
      px: '3',
      py: '2',
      textAlign: 'left',
      borderRadius: 'card',
      cursor: 'pointer',
      color: 'inherit',
      '& svg': { flexShrink: 0 },
      _focusVisible: { outline: '2px solid', outlineColor: 'primary', outlineOffset: '-2px' },
    },
    chevron: {
      flexShrink: 0,
      transition: 'transform 0.15s',
      '[aria-expanded=false] > &': { transform: 'rotate(-90deg)' },
    },
    name: {
      flex: 1,
      minW: 0,
      fontSize: 'sm',
      fontWeight: 'medium',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    },
    count: { fontSize: 'xs', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' },
    folderList: { pl: '3' },
    srOnly: { srOnly: true },
  },
})

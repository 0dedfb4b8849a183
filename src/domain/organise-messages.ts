/**
 * What pins and folders say when they fail (docs/product/errors.md). Apart from
 * conversation-messages.ts: their code loads after the first paint.
 */
export const ORGANISE_MESSAGES = {
  pinFailed: 'Failed to pin conversation',
  unpinFailed: 'Failed to unpin conversation',
  moveFailed: 'Failed to move conversation',
  exportFailed: 'Failed to export conversation',
  foldersLoadFailed: 'Failed to load folders',
  folderCreateFailed: 'Failed to create folder',
  folderRenameFailed: 'Failed to rename folder',
  folderDeleteFailed: 'Failed to delete folder',
} as const

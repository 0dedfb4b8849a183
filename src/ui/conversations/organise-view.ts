// What the conversations list adds once the organiser's code is here
// (docs/product/conversations.md#pins-and-folders): one chunk for both.
export { FolderSections } from './folder-sections'
export { RowActions } from './row-actions'

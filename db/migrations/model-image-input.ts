import type { AppMigration } from '../../contract/app-schema'

/**
 * Which models can see images (docs/product/attachments.md#models-that-cannot-see): a message
 * with images is refused before it is sent to one that cannot, rather than failing at the
 * provider. Every model we list today reads images; the column is there for those that do not.
 */
export const modelImageInput: AppMigration = {
  version: 22,
  name: 'ai_models.reads_images: whether a model can see the images of a message',
  sql: `
    alter table ai_models add column reads_images boolean not null default true;
  `,
}

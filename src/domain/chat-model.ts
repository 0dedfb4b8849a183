/** A model the user can chat with: a row of ai_models, or one listed by their own server. */
export interface ChatModel {
  id: string
  name: string
  description: string
  provider: string
  /**
   * False for a model that cannot read images (docs/product/attachments.md#models-that-cannot-see):
   * the models table's `reads_images`, or a server's list saying its model takes text only.
   * Absent: it can.
   */
  readsImages?: boolean
}

/** A model the user can chat with: a row of ai_models, or one listed by their own server. */
export interface ChatModel {
  id: string
  name: string
  description: string
  provider: string
}

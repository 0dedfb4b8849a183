import { SHARED_PROMPT_RANDOM_HEX, sharedPromptId } from '../domain/prompt-ids'
import type { PromptDraft, PromptRow } from '../domain/prompt-types'
import type { DbClient } from '../platform/db-client'
import { createRecordId } from '../platform/record-id'

// Prompts that land in the user's own list private and inactive: a saved copy, and a shared
// link's prompt. Apart from the rest of the prompt data (prompt-data.ts), since the shared
// link's actor lives on the first paint (docs/performance.md, "Split").

/** The random part of a shared prompt's id (docs/security.md#ids-nobody-can-squat). */
export const randomSharedHex = () => createRecordId().slice(0, SHARED_PROMPT_RANDOM_HEX)

export function createPrivatePrompt(
  db: DbClient,
  userId: string,
  draft: PromptDraft,
  time: number,
  id?: string,
) {
  return db.table<PromptRow>('prompts').create({
    ...(id ? { id } : {}),
    userId,
    title: draft.title,
    content: draft.content,
    type: draft.type,
    isPublic: '0',
    isActive: '0',
    createdAt: new Date(time).toISOString(),
  })
}

/** A shared prompt lands as `prompt_{time}_{random}` (docs/product/data.md, "Ids"). */
export function addSharedPrompt(
  db: DbClient,
  userId: string,
  draft: PromptDraft,
  time: number,
  randomHex: () => string = randomSharedHex,
) {
  return createPrivatePrompt(db, userId, draft, time, sharedPromptId(time, randomHex()))
}

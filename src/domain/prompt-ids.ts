/** Ids for ratings, hides and quick prompts: prefix, user id, target id and a timestamp (docs/product/data.md). */
export function linkedRecordId(
  prefix: 'rating' | 'hide' | 'quick',
  userId: string,
  targetId: string,
  nowMs: number,
): string {
  return `${prefix}_${userId}_${targetId}_${nowMs}`
}

/** Hex characters of the random part of a shared prompt's id (64 bits). */
export const SHARED_PROMPT_RANDOM_HEX = 16

/**
 * A prompt added from a share link is `prompt_{time}_{16 random hex}` (docs/product/data.md):
 * prompts share one id space across users, so the id must be unguessable
 * (docs/security.md#ids-nobody-can-squat). The random part is passed in, to keep this pure.
 */
export function sharedPromptId(nowMs: number, randomHex: string): string {
  return `prompt_${nowMs}_${randomHex}`
}

/** Ids for ratings, hides and quick prompts: prefix, user id, target id and a timestamp (docs/product/data.md). */
export function linkedRecordId(
  prefix: 'rating' | 'hide' | 'quick',
  userId: string,
  targetId: string,
  nowMs: number,
): string {
  return `${prefix}_${userId}_${targetId}_${nowMs}`
}

/** A prompt added from a share link is `prompt_{time}` (docs/product/data.md). */
export function sharedPromptId(nowMs: number): string {
  return `prompt_${nowMs}`
}

import type { StoredUsage } from '../domain/model-prices'
import type { SqlClient } from '../platform/index'

/**
 * Every reply of a conversation that carries usage, summed by model: every branch and every
 * page, read or not (docs/product/usage.md). Row-level security holds; the user's own rows are
 * also asked for by name, as the history's pages do.
 */
export const CONVERSATION_SPEND =
  'select model_id, count(*)::float8 as replies, ' +
  'sum(prompt_tokens)::float8 as prompt_tokens, ' +
  'sum(completion_tokens)::float8 as completion_tokens, ' +
  'sum(coalesce(total_tokens, coalesce(prompt_tokens, 0) + coalesce(completion_tokens, 0)))' +
  '::float8 as total_tokens ' +
  "from chat_messages where user_id = auth_uid() and conversation_id = $1 and role = 'assistant' " +
  'and (prompt_tokens is not null or completion_tokens is not null or total_tokens is not null) ' +
  'group by model_id order by model_id'

/** A conversation's replies summed by model; its code loads with the first read. */
export async function readConversationSpend(
  db: SqlClient,
  conversationId: string,
): Promise<StoredUsage[]> {
  return db.sql<StoredUsage>(CONVERSATION_SPEND, [conversationId])
}

import type { AppMigration } from '../../contract/app-schema'

/** At most this many entries one reorder names (the quick menu is a short list). */
export const QUICK_REORDER_MAX = 1000

/**
 * The quick menu's order is the user's (docs/product/screens.md#quick-prompts-panel): each
 * entry has a `position`, null until the user first reorders, and the list reads by position
 * and then by time added. Ascending order puts nulls last, so an entry added after a reorder
 * is at the end, as it was before any.
 *
 * `reorder_quick_prompts(ids)` numbers the caller's entries in the order given, in one
 * statement, so a reorder lands whole or not at all. It runs as the caller (security
 * invoker): it can only number their own entries, and an id of anyone else's is skipped.
 */
export const quickPromptOrder: AppMigration = {
  version: 16,
  name: 'quick menu order: quick_prompts.position and reorder_quick_prompts()',
  sql: `
    alter table quick_prompts add column position integer;
    create index quick_prompts_user_position on quick_prompts (user_id, position, created_at);

    -- The ids as a JSON array: the platform sends a call's array parameters as JSON text.
    create function reorder_quick_prompts(p_ids jsonb) returns setof quick_prompts
      language plpgsql volatile security invoker
    as $fn$
    begin
      if jsonb_typeof(p_ids) is distinct from 'array'
          or jsonb_array_length(p_ids) > ${QUICK_REORDER_MAX} then
        raise exception 'A reorder names at most ${QUICK_REORDER_MAX} entries'
          using errcode = 'check_violation';
      end if;
      return query update quick_prompts q set position = o.n
        from jsonb_array_elements_text(p_ids) with ordinality as o(id, n)
        where q.user_id = auth_uid() and q.id = o.id
        returning q.*;
    end
    $fn$;
  `,
}

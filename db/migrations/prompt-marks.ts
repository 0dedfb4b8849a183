import type { AppMigration } from '../../contract/app-schema'

/** The longest tag (docs/product/limits.md#prompts). */
export const TAG_MAX_CHARS = 30
/** The most tags one user puts on one prompt. */
export const TAGS_PER_PROMPT_MAX = 10
/** At most this many prompts one filtered library list shows. */
export const MARKED_PROMPTS_MAX = 500

/**
 * Favourites and tags (docs/product/screens.md#favourites-and-tags): each user's own marks on
 * the prompts they can read, theirs or public ones, so one user's tags are never another's.
 *
 * A mark may name only a prompt its writer can read: the insert policy asks `prompts` as the
 * caller, so a private prompt of someone else's and an id that names nothing are refused alike.
 * The foreign key, which checks as the table's owner, runs only after the policy has let the
 * row in, so it never tells the two apart; it deletes everyone's marks on a deleted prompt.
 *
 * `marked_prompts(list, favourite, tag)` is the library's filtered list: the caller's own
 * (`mine`) or public prompts (`public`, less the ones they hid) that they starred and/or tagged
 * so. It runs as the caller (security invoker), so row-level security answers for every row.
 */
export const promptMarks: AppMigration = {
  version: 15,
  name: 'prompt favourites and tags, each user their own',
  sql: `
    -- A JSON array of at most ${TAGS_PER_PROMPT_MAX} strings, each 1 to ${TAG_MAX_CHARS} characters and
    -- trimmed, no two alike whatever their case. JSON, because the table API stores a body's
    -- arrays as JSON text (docs/wire-contract.md).
    create function prompt_tags_valid(p_tags jsonb) returns boolean
      language sql immutable
    as $fn$
      select case when jsonb_typeof(p_tags) is distinct from 'array' then false else (
        select jsonb_array_length(p_tags) <= ${TAGS_PER_PROMPT_MAX}
          and coalesce(bool_and(jsonb_typeof(t) = 'string'
            and char_length(t #>> '{}') between 1 and ${TAG_MAX_CHARS}
            and t #>> '{}' = btrim(t #>> '{}')), true)
          and count(distinct lower(t #>> '{}')) = jsonb_array_length(p_tags)
        from jsonb_array_elements(p_tags) t
      ) end
    $fn$;

    create table prompt_marks (
      user_id text not null,
      prompt_id text not null references prompts (id) on delete cascade,
      favourite boolean not null default false,
      tags jsonb not null default '[]' check (prompt_tags_valid(tags)),
      updated_at timestamptz not null default now(),
      primary key (user_id, prompt_id)
    );
    create index prompt_marks_favourite on prompt_marks (user_id) where favourite;
    alter table prompt_marks enable row level security;
    create policy prompt_marks_read on prompt_marks for select to authenticated
      using (user_id = auth_uid());
    create policy prompt_marks_insert on prompt_marks for insert to authenticated
      with check (
        user_id = auth_uid() and exists (select 1 from prompts p where p.id = prompt_id)
      );
    create policy prompt_marks_update on prompt_marks for update to authenticated
      using (user_id = auth_uid()) with check (user_id = auth_uid());
    create policy prompt_marks_delete on prompt_marks for delete to authenticated
      using (user_id = auth_uid());
    grant select, insert, update, delete on prompt_marks to authenticated;

    create function marked_prompts(p_list text, p_favourite boolean, p_tag text)
      returns setof prompts
      language sql stable security invoker
    as $fn$
      select p.*
        from prompt_marks m join prompts p on p.id = m.prompt_id
        where m.user_id = auth_uid()
          and (not coalesce(p_favourite, false) or m.favourite)
          and (p_tag is null or lower(p_tag) in (
            select lower(t) from jsonb_array_elements_text(m.tags) t
          ))
          and case when p_list = 'mine' then p.user_id = auth_uid()
            else p.is_public = '1' and not exists (
              select 1 from user_prompt_deletions d
                where d.user_id = auth_uid() and d.prompt_id = p.id
            )
          end
        order by p.created_at desc, p.id desc
        limit ${MARKED_PROMPTS_MAX}
    $fn$;
  `,
}

import type { AppMigration } from '../../contract/app-schema'

/** At most this many messages a path page reads (docs/product/conversations.md#branches). */
export const PATH_PAGE_MAX = 200
/** At most this many steps the walk down to a branch's newest reply takes. */
export const BRANCH_DEPTH_MAX = 100_000

/**
 * Conversations as a tree (docs/product/conversations.md#branches). Each message has a parent,
 * null for a first message; an edit or a regeneration is a sibling, so nothing generated is
 * thrown away. Each conversation remembers its current leaf: the newest message saved in it,
 * or the branch the user switched to. A message written without saying its parent (an older
 * client, a script) follows that leaf, so it continues its conversation as before.
 *
 * Every existing message gets the message before it (by time, then id) as its parent, and
 * every conversation its newest message as its leaf: what was a list becomes one path.
 *
 * A parent lies in the same conversation of the same user, by a foreign key on all three
 * (row-level security already says the conversation is the writer's own).
 *
 * Two functions read the tree; both walk it one indexed step at a time, and both are bounded
 * (PGlite cannot stop a statement once it runs: docs/security.md, "Caller SQL limits"):
 * - `chat_path(conversation, from, count)`: up to `count` messages ending at `from` (null: the
 *   current leaf), each with its step back from `from`, its parent, and its versions (the
 *   messages that share its parent, itself included, oldest first);
 * - `chat_branch_leaf(conversation, message)`: where a branch ends, following the newest
 *   child at each step down.
 * Both run as the caller (security invoker), so they see only the caller's rows.
 */
export const conversationTree: AppMigration = {
  version: 10,
  name: 'conversations as trees: parent_id on messages, current_leaf_id on conversations',
  sql: `
    alter table chat_messages add column parent_id text;
    update chat_messages m set parent_id = ordered.previous
      from (
        select user_id, id,
          lag(id) over (partition by user_id, conversation_id order by created_at, id) as previous
        from chat_messages
        where conversation_id is not null
      ) ordered
      where m.user_id = ordered.user_id and m.id = ordered.id and ordered.previous is not null;
    alter table chat_messages
      add constraint chat_messages_in_conversation unique (user_id, conversation_id, id),
      add constraint chat_messages_parent_fkey
        foreign key (user_id, conversation_id, parent_id)
        references chat_messages (user_id, conversation_id, id) on delete cascade,
      add constraint chat_messages_not_own_parent check (parent_id <> id);
    create index chat_messages_children
      on chat_messages (user_id, conversation_id, parent_id, created_at);

    alter table conversations add column current_leaf_id text;
    update conversations c set current_leaf_id = (
      select m.id from chat_messages m
        where m.user_id = c.user_id and m.conversation_id = c.id
        order by m.created_at desc, m.id desc
        limit 1
    );

    -- A message written without a parent follows where its conversation ends (the default,
    -- '', means "not said"; null is a first message). A new message is where it now ends.
    -- Before each row, so the rows of one insert follow each other in order. An upsert over
    -- a row that exists (a reply saved again as it streams) keeps its parent and moves nothing.
    alter table chat_messages alter column parent_id set default '';
    create function chat_messages_follow_leaf() returns trigger
      language plpgsql
    as $fn$
    declare
      existing chat_messages%rowtype;
    begin
      select * into existing from chat_messages m where m.user_id = new.user_id and m.id = new.id;
      if found then
        if new.parent_id = '' then new.parent_id := existing.parent_id; end if;
        return new;
      end if;
      if new.conversation_id is null then
        new.parent_id := nullif(new.parent_id, '');
        return new;
      end if;
      if new.parent_id = '' then
        new.parent_id := (
          select leaf.id from conversations c
            join chat_messages leaf on leaf.user_id = c.user_id
              and leaf.conversation_id = c.id and leaf.id = c.current_leaf_id
            where c.user_id = new.user_id and c.id = new.conversation_id
        );
      end if;
      update conversations set current_leaf_id = new.id
        where user_id = new.user_id and id = new.conversation_id;
      return new;
    end
    $fn$;
    create trigger chat_messages_follow_leaf before insert on chat_messages
      for each row execute function chat_messages_follow_leaf();

    create function chat_path(p_conversation text, p_from text, p_count integer)
      returns table (id text, parent_id text, step integer, versions text[])
      language sql stable
    as $fn$
      with recursive start as (
        select coalesce(
          p_from,
          (select c.current_leaf_id from conversations c
             join chat_messages leaf on leaf.user_id = c.user_id
               and leaf.conversation_id = c.id and leaf.id = c.current_leaf_id
             where c.user_id = auth_uid() and c.id = p_conversation),
          (select newest.id from chat_messages newest
             where newest.user_id = auth_uid() and newest.conversation_id = p_conversation
             order by newest.created_at desc, newest.id desc
             limit 1)
        ) as id
      ), walk as (
        select m.id, m.parent_id, 1 as step
          from start join chat_messages m
            on m.user_id = auth_uid() and m.conversation_id = p_conversation and m.id = start.id
        union all
        select m.id, m.parent_id, walk.step + 1
          from walk join chat_messages m
            on m.user_id = auth_uid() and m.conversation_id = p_conversation
              and m.id = walk.parent_id
          where walk.step < least(greatest(p_count, 1), ${PATH_PAGE_MAX})
      )
      select walk.id, walk.parent_id, walk.step,
        case when walk.parent_id is null then
          array(select s.id from chat_messages s
            where s.user_id = auth_uid() and s.conversation_id = p_conversation
              and s.parent_id is null
            order by s.created_at, s.id)
        else
          array(select s.id from chat_messages s
            where s.user_id = auth_uid() and s.conversation_id = p_conversation
              and s.parent_id = walk.parent_id
            order by s.created_at, s.id)
        end
      from walk
    $fn$;

    create function chat_branch_leaf(p_conversation text, p_message text) returns text
      language sql stable
    as $fn$
      with recursive down as (
        select m.id, 0 as depth
          from chat_messages m
          where m.user_id = auth_uid() and m.conversation_id = p_conversation
            and m.id = p_message
        union all
        select (
            select child.id from chat_messages child
              where child.user_id = auth_uid() and child.conversation_id = p_conversation
                and child.parent_id = down.id
              order by child.created_at desc, child.id desc
              limit 1
          ), down.depth + 1
          from down
          where down.id is not null and down.depth < ${BRANCH_DEPTH_MAX}
      )
      select id from down where id is not null order by depth desc limit 1
    $fn$;
  `,
}

import { useSelector } from '@xstate/react'
import { Suspense, startTransition, useCallback, useEffect, useMemo, useState } from 'react'
import type { ChatMessage as ChatMessageRow } from '../../domain/chat-message'
import { lastExchange } from '../../domain/last-exchange'
import { formatCost, formatTokens, totalOf } from '../../domain/model-prices'
import { turnIn } from '../../machines/turn-state'
import type { SessionActors } from '../shell/app-actors'
import { useAppActors, useSessionActors } from '../shell/app-actors'
import { iconTile } from '../shell/icon-tile.recipe'
import { lazyComponent } from '../shell/lazy-view'
import { ArrowDownIcon, SparklesIcon } from '../shell/session-icons'
import { ChatEmptyState } from './chat-empty-state'
import { ChatMessage, type MessageDisplay, type MessageFailure } from './chat-message'
import { messageList } from './message-list.recipe'
import { useConversationScroll } from './use-conversation-scroll'

const styles = messageList()

/**
 * The conversation, oldest first, with a thinking row until a reply starts arriving, the reply
 * as it grows, a failed turn's mark and Retry under its user message, and Regenerate under
 * the last reply. It opens at the newest page; older pages come above as the user scrolls up.
 */
export function MessageList() {
  const { turn, openConversation, models: modelsActor } = useSessionActors()
  const messages = useSelector(openConversation, (s) => s.context.messages)
  const openId = useSelector(openConversation, (s) => s.context.conversationId)
  const models = useSelector(modelsActor, (s) => s.context.models)
  const display = useMessageDisplay()
  // The thinking row, the draft and following belong to the conversation the turn is in.
  const answeringHere = useSelector(turn, (s) => s.hasTag('busy') && turnIn(s.context, openId))
  const failedId = useSelector(turn, (s) => s.context.failedTurn?.message.id ?? null)
  const manageKeys = useCallback(() => modelsActor.send({ type: 'keys.open' }), [modelsActor])
  const failure = useFailure(turn, manageKeys)
  // The question the turn is sending or answering now: no mark while it is.
  const answering = useSelector(turn, (s) => s.context.pending?.message.id ?? null)
  const answer = useCallback(
    (messageId: string) => openConversation.send({ type: 'message.answer', messageId }),
    [openConversation],
  )
  const draft = useDraftReply(turn, openId)
  // A comparison's columns, under their question in its own conversation (docs/product/compare.md).
  const comparing = useSelector(turn, (s) => s.hasTag('comparing')) && answeringHere
  // The turn takes a new attempt when idle with a model: an edit of a sent message
  // (docs/product/conversations.md#branches), or, with no failed turn, Regenerate when the
  // conversation ends with a reply; the open conversation hands the turn what it needs.
  const turnIdle = useSelector(turn, (s) => s.matches('idle') && s.context.modelId !== null)
  const canRegenerate = turnIdle && failedId === null && lastExchange(messages) !== null
  const editingId = useSelector(openConversation, (s) => s.context.editing?.messageId ?? null)
  const versions = useSelector(openConversation, (s) => s.context.versions)
  const regenerate = useCallback(
    () => openConversation.send({ type: 'message.regenerate' }),
    [openConversation],
  )
  // Every reply the conversation has cost (docs/product/usage.md), once read; until then the
  // replies on screen.
  const spent = useSelector(openConversation, (s) => s.context.spent)
  const total = useMemo(() => totalOf(spent ?? messages), [spent, messages])
  const lastId = messages.at(-1)?.id
  const hasOlder = useSelector(openConversation, (s) => s.context.hasOlder)
  const loadingOlder = useSelector(openConversation, (s) => s.hasTag('loadingOlder'))
  const readOlder = useCallback(
    () => openConversation.send({ type: 'history.older' }),
    [openConversation],
  )
  const virtual = messages.length > PLAIN_ROWS
  useEffect(() => {
    if (hasOlder) void VirtualRows.preload()
  }, [hasOlder])
  const scroll = useConversationScroll({
    firstId: messages[0]?.id,
    growth: `${messages.length} ${lastId} ${draft?.content.length ?? ''}`,
    sending: answeringHere,
    hasOlder,
    loadingOlder,
    onOlder: readOlder,
    keepsPlace: virtual,
  })

  const formatted = useFormattedFromEnd(messages)
  const found = useRevealSought(openConversation, messages, virtual, scroll.stayAt)

  if (messages.length === 0 && !answeringHere) return <ChatEmptyState />
  // The draft takes the place of its own saved row, read back when the conversation was
  // opened again while the reply streamed.
  const rows = draft ? [...messages.filter((m) => m.id !== draft.id), draft] : messages
  const nameOf = (modelId: string) => models.find((m) => m.id === modelId)?.name ?? modelId
  // The older messages shown as typed for now (none, but for a moment after a history arrives).
  const plainBefore = messages.length - formatted
  const renderRow = (message: ChatMessageRow, i: number) => (
    <ChatMessage
      key={rowKey(message, rows[i - 1])}
      plain={i < plainBefore}
      message={message}
      modelName={nameOf(message.modelId)}
      display={display}
      failure={
        message.id === failedId ? failure : storedFailure(rows, i, answering, answer, manageKeys)
      }
      onRegenerate={canRegenerate && message.id === lastId ? regenerate : undefined}
      streaming={message === draft || message.arriving}
      versions={versions[message.id]}
      canEdit={turnIdle && openId !== null}
      editing={editingId === message.id}
      found={message.id === found}
    />
  )
  return (
    <section aria-label="Conversation" className={styles.root}>
      {loadingOlder ? (
        <p role="status" className={styles.older}>
          Loading earlier messages…
        </p>
      ) : (
        hasOlder && (
          <button type="button" className={styles.older} onClick={scroll.askForOlder}>
            Load earlier messages
          </button>
        )
      )}
      {virtual ? (
        <Suspense fallback={rows.map(renderRow)}>
          <VirtualRows.Component
            rows={rows}
            keyOf={rowKey}
            renderRow={renderRow}
            keep={scroll.place}
            reveal={found}
          />
        </Suspense>
      ) : (
        rows.map(renderRow)
      )}
      {comparing && (
        <Suspense fallback={null}>
          <CompareReplies.Component />
        </Suspense>
      )}
      {answeringHere && !draft && !comparing && (
        <div role="status" aria-label="Waiting for the reply" className={styles.thinking}>
          <span className={iconTile({ size: 'sm', pulse: 'fast' })}>
            <SparklesIcon width={16} height={16} />
          </span>
          <span className={styles.thinkingText}>Thinking…</span>
        </div>
      )}
      {total.replies > 0 && (
        <p className={styles.total}>
          Conversation so far: {formatTokens(total.totalTokens)}
          {total.replies > total.unpriced && ` · ${formatCost(total.cost)}`}
        </p>
      )}
      {!scroll.following && (
        <button type="button" className={styles.jump} onClick={scroll.jumpToLatest}>
          <ArrowDownIcon width={16} height={16} />
          Jump to latest
        </button>
      )}
    </section>
  )
}

/**
 * Up to three history pages, every row read is in the page (the browser's Find in page finds
 * it); beyond, only the rows near the viewport are (docs/rendering.md, "Long conversations").
 */
const PLAIN_ROWS = 300
/** Loaded once a conversation has older pages, before the user has scrolled to one. */
const VirtualRows = lazyComponent(() =>
  import('./virtual-message-rows').then((m) => m.VirtualMessageRows),
)

const CompareReplies = lazyComponent(() =>
  import('./compare-replies').then((m) => m.CompareReplies),
)

/** How many of the newest messages a history that arrives at once formats for its first paint. */
const FIRST_PAINT_MESSAGES = 12

/**
 * How many of the newest messages to format as markdown: all of them, except when a page
 * arrives at once. When a conversation opens, the first paint formats the newest few, where
 * the page is scrolled to, and shows the older ones as typed; when an older page goes above,
 * only its messages wait. They are formatted in a transition React may interrupt, so the
 * lexing never holds up that paint (docs/rendering.md).
 */
function useFormattedFromEnd(messages: ChatMessageRow[]): number {
  const firstId = messages[0]?.id
  const count = messages.length
  const [formattedFrom, setFormattedFrom] = useState(firstId)
  useEffect(() => {
    if (firstId === formattedFrom) return
    if (count > FIRST_PAINT_MESSAGES) startTransition(() => setFormattedFrom(firstId))
    else setFormattedFrom(firstId)
  }, [firstId, formattedFrom, count])
  if (firstId === formattedFrom || count <= FIRST_PAINT_MESSAGES) return count
  const before = messages.findIndex((message) => message.id === formattedFrom)
  return before > 0 ? count - before : FIRST_PAINT_MESSAGES
}

/** How long a message a search opened at stays lit (ms): the fade in chat-message.recipe.ts. */
const FOUND_MS = 2400

/**
 * The message a search chose (docs/product/search.md), once the open conversation has it on
 * screen: brought to the middle of the window and lit for a moment; the open conversation is
 * told, so it is not shown again. The id of the message lit, or null.
 */
function useRevealSought(
  openConversation: SessionActors['openConversation'],
  messages: readonly ChatMessageRow[],
  virtual: boolean,
  stayAt: () => void,
): string | null {
  const sought = useSelector(openConversation, (s) => s.context.sought)
  const [found, setFound] = useState<string | null>(null)
  const onScreen = sought !== null && messages.some((message) => message.id === sought)
  useEffect(() => {
    if (!onScreen || sought === null) return
    stayAt()
    // Virtual rows bring it to the middle themselves (they may not have its element yet).
    if (!virtual)
      document
        .querySelector(`[aria-label="Conversation"] [data-message-id="${CSS.escape(sought)}"]`)
        ?.scrollIntoView?.({ block: 'center' })
    setFound(sought)
    openConversation.send({ type: 'message.revealed', messageId: sought })
  }, [onScreen, sought, virtual, stayAt, openConversation])
  useEffect(() => {
    if (found === null) return
    const timer = setTimeout(() => setFound(null), FOUND_MS)
    return () => clearTimeout(timer)
  }, [found])
  return found
}

/** The Behavior tab's settings as the page shows them now, live while the editor is open. */
function useMessageDisplay(): MessageDisplay {
  const { style } = useAppActors()
  const showAvatars = useSelector(style, (s) => s.context.draft.showAvatars)
  const showTimestamps = useSelector(style, (s) => s.context.draft.showTimestamps)
  const messageAlignment = useSelector(style, (s) => s.context.draft.messageAlignment)
  // One object per change, so the memoised messages re-render only when these do.
  return useMemo(
    () => ({ showAvatars, showTimestamps, messageAlignment }),
    [showAvatars, showTimestamps, messageAlignment],
  )
}

/**
 * A reply is keyed by the question it answers, so the streaming draft, the saved reply and a
 * regenerated one are one element on screen: it grows and settles in place.
 */
function rowKey(message: ChatMessageRow, previous: ChatMessageRow | undefined): string {
  return message.role === 'assistant' && previous?.role === 'user'
    ? `reply:${previous.id}`
    : message.id
}

/**
 * The reply as it streams in, shaped as the message it will become (its row's id and time);
 * null until text arrives.
 */
function useDraftReply(
  turnActor: SessionActors['turn'],
  openId: string | null,
): ChatMessageRow | null {
  // Only in the conversation the turn belongs to.
  const text = useSelector(turnActor, (s) =>
    turnIn(s.context, openId) ? (s.context.pending?.draft ?? null) : null,
  )
  const turn = useSelector(turnActor, (s) => s.context.pending?.message ?? null)
  const modelId = useSelector(turnActor, (s) => s.context.pending?.modelId ?? '')
  const replyId = useSelector(turnActor, (s) => s.context.pending?.replyId ?? null)
  const replyAt = useSelector(turnActor, (s) => s.context.pending?.replyAt ?? null)
  if (text === null || turn === null) return null
  return {
    id: replyId ?? `${turn.id}_draft`,
    userId: turn.userId,
    modelId,
    role: 'assistant',
    content: text,
    systemPromptId: turn.systemPromptId,
    createdAt: replyAt ?? turn.createdAt,
  }
}

/** The failed turn's mark, one object per change so the memoised messages keep still. */
function useFailure(turn: SessionActors['turn'], onManageKeys: () => void): MessageFailure {
  const replyKept = useSelector(turn, (s) => s.context.failedTurn?.reply != null)
  return useMemo(
    () => ({
      label: replyKept ? 'Reply not saved' : 'Not sent',
      onRetry: () => turn.send({ type: 'message.retry' }),
      onManageKeys,
    }),
    [turn, replyKept, onManageKeys],
  )
}

/**
 * The mark of a question whose turn failed before this page or before a later send
 * (docs/product/behaviour.md#chat-sending): its stored `failure`, while no reply follows it
 * and no turn is answering it; Retry asks the open conversation for its reply.
 */
function storedFailure(
  rows: readonly ChatMessageRow[],
  i: number,
  answering: string | null,
  answer: (messageId: string) => void,
  onManageKeys: () => void,
): MessageFailure | undefined {
  const message = rows[i]
  if (!message?.failure || message.role !== 'user' || message.id === answering) return undefined
  if (rows[i + 1]?.role === 'assistant') return undefined
  return { label: 'Not sent', onRetry: () => answer(message.id), onManageKeys }
}

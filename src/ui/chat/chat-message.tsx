import { memo, Suspense } from 'react'
import { type ChatMessage as ChatMessageRow, isMissingKeyFailure } from '../../domain/chat-message'
import { costOf, formatCost, formatTokens, usageOf } from '../../domain/model-prices'
import type { StyleConfig } from '../../domain/style-config'
import { useSessionActors } from '../shell/app-actors'
import { button } from '../shell/button.recipe'
import { CopyButton } from '../shell/copy-button'
import { lazyComponent } from '../shell/lazy-view'
import {
  AlertIcon,
  PencilIcon,
  RotateCcwIcon,
  SparklesIcon,
  StopIcon,
  UserIcon,
} from '../shell/session-icons'
import { chatMessage } from './chat-message.recipe'
import { MarkdownContent } from './markdown/lazy-markdown'

// docs/product/compare.md#comparing-again: loads with the compare mode's other views.
const CompareAgain = lazyComponent(() =>
  import('./compare-chooser').then((m) => m.CompareAgainButton),
)

// One formatter for every message: toLocaleTimeString builds a new one per call, which
// dominated rendering a long history.
const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' })

function timeOf(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : clock.format(date)
}

/** The style config's say over how messages look (docs/product/screens.md, Behavior tab). */
export type MessageDisplay = Pick<
  StyleConfig,
  'showAvatars' | 'showTimestamps' | 'messageAlignment'
>

/** A failed turn's mark under its user message (docs/product/screens.md#chat-area). */
export interface MessageFailure {
  /** `Not sent`, or `Reply not saved` when only saving the reply failed. */
  label: string
  onRetry: () => void
  /** Opens Manage API Keys: offered when the failure is a missing key. */
  onManageKeys: () => void
}

/** docs/product/usage.md: a reply's tokens and cost, and the split behind them. */
export function usageLine(message: ChatMessageRow) {
  const usage = usageOf(message)
  if (!usage) return null
  const cost = costOf(message.modelId, usage)
  return {
    summary: `${formatTokens(usage.totalTokens)}${cost === null ? '' : ` · ${formatCost(cost)}`}`,
    detail: `${usage.promptTokens} prompt + ${usage.completionTokens} completion tokens${
      cost === null ? ' (no price listed for this model)' : ''
    }`,
  }
}

const copyButton = button({ variant: 'ghost', size: 'sm' })

/** docs/product/behaviour.md#streamed-replies: how a reply cut short is marked. */
const CUT_SHORT = {
  stopped: 'Stopped',
  interrupted: 'Interrupted: the reply broke off',
} as const

// The edit box and `‹ 2 / 3 ›` load with the first message that needs them, not with the page
// (docs/performance.md, "Split").
const MessageEditor = lazyComponent(() => import('./message-editor').then((m) => m.MessageEditor))
const VersionSwitcher = lazyComponent(() =>
  import('./version-switcher').then((m) => m.VersionSwitcher),
)
// A message's files, with the first message that has any (docs/product/attachments.md).
const MessageAttachments = lazyComponent(() =>
  import('./message-attachments').then((m) => m.MessageAttachments),
)

/**
 * One message: avatar, author, time and markdown body, laid out as the style config says;
 * a failed turn's user message also carries its mark and the Retry button. A reply cut short
 * says so; the last reply offers Regenerate; every message but one still arriving offers Copy
 * (its markdown); a reply still arriving renders as it grows. A sent message offers Edit, and
 * shows its edit box in its place while edited; a message with versions shows `‹ 2 / 3 ›`.
 */
export const ChatMessage = memo(function ChatMessage({
  message,
  modelName,
  display,
  failure,
  onRegenerate,
  streaming = false,
  plain = false,
  versions,
  canEdit = false,
  editing = false,
  found = false,
}: {
  message: ChatMessageRow
  modelName: string
  display: MessageDisplay
  failure?: MessageFailure
  onRegenerate?: () => void
  streaming?: boolean
  /** Shown as typed for now: an older message of a history that just arrived (message-list). */
  plain?: boolean
  /** Its versions, itself included (docs/product/conversations.md#branches). */
  versions?: readonly string[]
  /** Offer Edit on this sent message: the turn can take one now. */
  canEdit?: boolean
  /** This message is being edited: its edit box shows in its place. */
  editing?: boolean
  /** A search has just opened the conversation at this message: it lights up for a moment. */
  found?: boolean
}) {
  // A stored `streaming` row that is not the one arriving here broke off (a reload, a closed
  // tab: docs/product/behaviour.md#replies-that-survive).
  const status = message.status === 'streaming' && !streaming ? 'interrupted' : message.status
  const cutShort = status === 'stopped' || status === 'interrupted' ? CUT_SHORT[status] : null
  const usage = streaming ? null : usageLine(message)
  const align = display.messageAlignment
  const author = message.role === 'user' ? 'You' : modelName
  const styles = chatMessage({ align, role: message.role })
  return (
    <article
      aria-label={`${author} message`}
      data-message-id={message.id}
      data-role={message.role}
      data-failed={failure ? '' : undefined}
      data-streaming={streaming ? '' : undefined}
      data-status={status}
      data-found={found ? '' : undefined}
      aria-busy={streaming || undefined}
      className={styles.root}
    >
      {display.showAvatars && (
        <span className={styles.avatar} data-testid="avatar" aria-hidden="true">
          {message.role === 'user' ? (
            <UserIcon width={16} height={16} />
          ) : (
            <SparklesIcon width={16} height={16} />
          )}
        </span>
      )}
      <div className={styles.bubble}>
        <div className={styles.meta}>
          <span className={styles.author}>{author}</span>
          {display.showTimestamps && (
            <time dateTime={message.createdAt} className={styles.time}>
              {timeOf(message.createdAt)}
            </time>
          )}
        </div>
        {editing ? (
          <Suspense fallback={null}>
            <MessageEditor.Component />
          </Suspense>
        ) : (
          // A message of files alone has no bubble of text.
          (message.content !== '' || !message.attachments?.length) && (
            <div className={styles.body}>
              <MarkdownContent text={message.content} streaming={streaming} plain={plain} />
            </div>
          )
        )}
        {message.attachments?.length ? (
          <Suspense fallback={null}>
            <MessageAttachments.Component attachments={message.attachments} />
          </Suspense>
        ) : null}
        {!streaming && !editing && (
          <div className={styles.footer}>
            {versions && (
              <Suspense fallback={null}>
                <VersionSwitcher.Component messageId={message.id} versions={versions} />
              </Suspense>
            )}
            {cutShort && (
              <span className={styles.cutShort}>
                <StopIcon width={12} height={12} aria-hidden="true" />
                {cutShort}
              </span>
            )}
            {usage && (
              <span className={styles.usage} title={usage.detail}>
                {usage.summary}
              </span>
            )}
            {onRegenerate && (
              <button
                type="button"
                onClick={onRegenerate}
                className={button({ variant: 'ghost', size: 'sm' })}
              >
                <RotateCcwIcon width={14} height={14} aria-hidden="true" />
                Regenerate
              </button>
            )}
            {/* The message as written: its markdown, not the formatted text. */}
            <span data-reveal="" className={styles.copy}>
              <CopyButton text={message.content} label="Copy message" className={copyButton} />
              {canEdit && message.role === 'user' && (
                <>
                  <EditButton messageId={message.id} />
                  <Suspense fallback={null}>
                    <CompareAgain.Component messageId={message.id} />
                  </Suspense>
                </>
              )}
            </span>
          </div>
        )}
        {failure && (
          <div className={styles.failure}>
            {/* Why, on hover (its stored `failure`): the toast said it when it failed. */}
            <span className={styles.failureLabel} title={message.failure ?? undefined}>
              <AlertIcon width={14} height={14} aria-hidden="true" />
              {failure.label}
            </span>
            <button
              type="button"
              onClick={failure.onRetry}
              className={button({ variant: 'outline', size: 'sm' })}
            >
              <RotateCcwIcon width={14} height={14} aria-hidden="true" />
              Retry
            </button>
            {isMissingKeyFailure(message.failure) && (
              <button
                type="button"
                onClick={failure.onManageKeys}
                className={button({ variant: 'outline', size: 'sm' })}
              >
                Manage API Keys
              </button>
            )}
          </div>
        )}
      </div>
    </article>
  )
})

/** Edit on a sent message: its text opens in a box in its place (open-conversation.machine.ts). */
function EditButton({ messageId }: { messageId: string }) {
  const { openConversation } = useSessionActors()
  return (
    <button
      type="button"
      aria-label="Edit message"
      title="Edit message"
      className={copyButton}
      onClick={() => openConversation.send({ type: 'edit.start', messageId })}
    >
      <PencilIcon width={14} height={14} aria-hidden="true" />
    </button>
  )
}

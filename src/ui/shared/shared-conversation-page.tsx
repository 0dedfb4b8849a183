import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { SHARE_MESSAGES, type SharedMessage } from '../../domain/shared-conversation'
import type { authMachine } from '../../machines/auth.machine'
import type { sharedConversationMachine } from '../../machines/shared-conversation.machine'
import { MarkdownContent } from '../chat/markdown/markdown-content'
import { sharedPage } from './shared-conversation-page.recipe'

type SharedRef = ActorRefFrom<typeof sharedConversationMachine>
type AuthRef = ActorRefFrom<typeof authMachine>

const styles = sharedPage()

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/**
 * A share link's page (docs/product/conversations.md#share-by-link): the snapshot, read-only,
 * newest messages first in view; no keys, no message box. A signed-in visitor may continue it
 * in their account; a signed-out one may sign in to. It draws with its own styles only: what
 * it took from the entry's modules would split them out of the first paint (docs/performance.md).
 */
export function SharedConversationPage({ actor, auth }: { actor: SharedRef; auth: AuthRef }) {
  const state = useSelector(actor, (s) => s)
  const loading = state.matches('checking') || state.matches('loading')
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <a href="/" className={styles.brand}>
          Prompt Chat
        </a>
      </header>
      <main className={styles.main} aria-busy={loading}>
        {loading && <p className={styles.meta}>Loading the conversation…</p>}
        {state.matches('notFound') && (
          <section aria-labelledby="shared-missing" className={styles.notice}>
            <h1 id="shared-missing" className={styles.title}>
              {SHARE_MESSAGES.notFound}
            </h1>
            <p className={styles.meta}>{SHARE_MESSAGES.notFoundDetail}</p>
            <a href="/" className={styles.action}>
              Go to Prompt Chat
            </a>
          </section>
        )}
        {state.matches('failed') && (
          <section aria-labelledby="shared-failed" className={styles.notice}>
            <h1 id="shared-failed" className={styles.title}>
              {SHARE_MESSAGES.loadFailed}
            </h1>
            <button
              type="button"
              className={styles.action}
              onClick={() => actor.send({ type: 'shared.retry' })}
            >
              Try again
            </button>
          </section>
        )}
        {state.matches('shown') && <Conversation actor={actor} auth={auth} />}
      </main>
    </div>
  )
}

function Conversation({ actor, auth }: { actor: SharedRef; auth: AuthRef }) {
  const signedIn = useSelector(auth, (s) => s.hasTag('signedIn'))
  const conversation = useSelector(actor, (s) => s.context.conversation)
  const shown = useSelector(actor, (s) => s.context.shown)
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  if (!conversation) return null
  const { messages } = conversation
  const hidden = Math.max(messages.length - shown, 0)
  return (
    <article aria-labelledby="shared-title" className={styles.conversation}>
      <h1 id="shared-title" className={styles.title}>
        {conversation.title}
      </h1>
      <p className={styles.meta}>
        Shared conversation · {messages.length.toLocaleString('en-US')}{' '}
        {messages.length === 1 ? 'message' : 'messages'} · as of {when(conversation.createdAt)}
      </p>
      {hidden > 0 && (
        <button
          type="button"
          className={styles.earlier}
          onClick={() => actor.send({ type: 'shared.earlier' })}
        >
          Show earlier messages ({hidden.toLocaleString('en-US')})
        </button>
      )}
      <ol aria-label="Messages" className={styles.messages}>
        {messages.slice(hidden).map((message, index) => (
          <Message key={hidden + index} message={message} />
        ))}
      </ol>
      <footer className={styles.footer}>
        {signedIn ? (
          <button
            type="button"
            className={styles.action}
            disabled={busy}
            onClick={() => actor.send({ type: 'shared.continue' })}
          >
            {busy ? 'Copying…' : 'Continue this conversation'}
          </button>
        ) : (
          <button
            type="button"
            className={styles.action}
            onClick={() => auth.send({ type: 'auth.login' })}
          >
            Sign in to continue this conversation
          </button>
        )}
        <p className={styles.meta}>
          {signedIn
            ? 'A copy goes to your conversations; the original stays as it is.'
            : 'Your copy will be yours alone; the original stays as it is.'}
        </p>
      </footer>
    </article>
  )
}

function Message({ message }: { message: SharedMessage }) {
  const who = message.role === 'user' ? 'You' : (message.model ?? 'Assistant')
  return (
    <li
      aria-label={`${message.role === 'user' ? 'Question' : `${who} reply`}`}
      className={styles.message}
      data-role={message.role}
    >
      <p className={styles.author}>
        {message.role === 'user' ? 'Question' : who}
        <time dateTime={message.at} className={styles.time}>
          {when(message.at)}
        </time>
      </p>
      <div className={styles.body}>
        <MarkdownContent text={message.content} />
      </div>
      {message.ended && (
        <p className={styles.meta}>
          {message.ended === 'stopped' ? 'Stopped before the end' : 'Interrupted'}
        </p>
      )}
      {message.failure && <p className={styles.meta}>Not answered: {message.failure}</p>}
    </li>
  )
}

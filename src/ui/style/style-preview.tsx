import type { ChatMessage as ChatMessageRow } from '../../domain/chat-message'
import type { StyleConfig } from '../../domain/style-config'
import { ChatMessage } from '../chat/chat-message'
import { badge } from '../prompts/prompt-badge.recipe'
import { button } from '../shell/button.recipe'
import { stylePreview } from './style-preview.recipe'

const styles = stylePreview()

// Fixed sample rows: the preview shows the look, not the user's conversation.
const SAMPLE_TIME = '2026-01-15T09:41:00.000Z'
const SAMPLES: ChatMessageRow[] = [
  {
    id: 'preview_user',
    userId: 'preview',
    modelId: 'preview',
    role: 'user',
    content: 'Can you suggest a name for my bakery?',
    systemPromptId: null,
    createdAt: SAMPLE_TIME,
  },
  {
    id: 'preview_assistant',
    userId: 'preview',
    modelId: 'preview',
    role: 'assistant',
    content: 'How about **Rise & Shine**? It is warm, friendly and easy to remember.',
    systemPromptId: null,
    createdAt: SAMPLE_TIME,
  },
]

/**
 * The look being edited, on sample content. The page's CSS variables already carry the draft,
 * so the preview needs only the settings that change what is rendered.
 */
export function StylePreview({ draft }: { draft: StyleConfig }) {
  return (
    <section aria-label="Preview" className={styles.root}>
      <h3 className={styles.title}>Preview</h3>
      <div className={styles.frame} inert>
        <div className={styles.messages}>
          {SAMPLES.map((message) => (
            <ChatMessage key={message.id} message={message} modelName="Assistant" display={draft} />
          ))}
        </div>
        <div className={styles.card}>
          <div className={styles.cardTitle}>
            Weekly planner
            <span className={badge({ tone: 'primary' })}>System</span>
          </div>
          <p className={styles.cardText}>Turns a list of tasks into a calm plan for the week.</p>
          <div className={styles.row}>
            <button type="button" className={button({ size: 'sm' })}>
              Primary
            </button>
            <button type="button" className={button({ variant: 'outline', size: 'sm' })}>
              Secondary
            </button>
            <span className={badge({ tone: 'accent' })}>Accent</span>
          </div>
        </div>
      </div>
    </section>
  )
}

import { readTriggers } from './fake-triggers'
import { attachmentsLine, type ReceivedAttachment } from './received-attachments'

/** What the deterministic reply is made from. */
export interface ReplyInput {
  providerLabel: string
  model: string
  /** The last user turn's own text, its text files split off (received-attachments.ts). */
  lastUserMessage: string
  /** What the last user turn carried: images and text files. */
  attachments?: readonly ReceivedAttachment[]
  /** System text as the provider received it; undefined when there was none. */
  systemPrompt: string | undefined
  turnCount: number
}

const SYSTEM_PREVIEW_WORDS = 5

/**
 * A short markdown reply derived only from the input: bold text and a list always, a fenced
 * code block when the user mentions "code". It names the first words of the system prompt,
 * so e2e can see which system prompt went first, and lists the attachments of the last user
 * turn, so e2e can see what each provider was sent. `[long:N]` in the message asks for a long
 * one instead (longReply).
 */
export function fakeReply(input: ReplyInput): string {
  const long = readTriggers(input.lastUserMessage).longTokens
  if (long !== undefined) return longReply(input, long)
  const lines = [
    `**${input.providerLabel} fake reply** (${input.model})`,
    '',
    `You said: ${input.lastUserMessage}`,
    '',
    `- System prompt: ${systemPreview(input.systemPrompt)}`,
    `- Turns received: ${input.turnCount}`,
  ]
  const attachments = attachmentsLine(input.attachments ?? [])
  if (attachments) lines.push(attachments)
  if (/code/i.test(input.lastUserMessage)) {
    lines.push('', '```ts', "export const greeting: string = 'Hello from the fake provider'", '```')
  }
  return lines.join('\n')
}

function systemPreview(system: string | undefined): string {
  if (system === undefined) return 'none'
  const words = system.trim().split(/\s+/)
  const preview = words.slice(0, SYSTEM_PREVIEW_WORDS).join(' ')
  return `"${preview}${words.length > SYSTEM_PREVIEW_WORDS ? ' …' : ''}"`
}

/** A stable stand-in for a tokenizer: about four characters per token. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4))
}

/**
 * A long markdown reply of exactly `tokens` tokens, as the fakes stream them (a word and the
 * whitespace after it, fake-stream.ts): a header line, then sections of a heading, paragraphs,
 * a bullet or numbered list, a quote, a table and fenced TypeScript, Python or shell, each a
 * little different, and a last paragraph cut to the count. Deterministic.
 */
export function longReply(input: Pick<ReplyInput, 'providerLabel' | 'model'>, tokens: number) {
  const blocks: string[] = []
  let used = 0
  const fits = (block: string) => used + wordCount(block) <= tokens
  const add = (block: string) => {
    blocks.push(block)
    used += wordCount(block)
  }
  const header = `**${input.providerLabel} fake reply** (${input.model}), ${tokens} tokens long.`
  if (fits(header)) add(header)
  for (let i = 0; ; i++) {
    const block = longBlock(i)
    if (!fits(block)) break
    add(block)
  }
  if (used < tokens) add(filler(tokens - used))
  return blocks.join('\n\n')
}

function wordCount(text: string): number {
  return text.match(/\S+/g)?.length ?? 0
}

const TOPICS = ['debouncing', 'caching', 'retries', 'pagination', 'streaming', 'parsing']

/** The i-th block of a long reply: a section of eight blocks, round and round. */
function longBlock(i: number): string {
  const n = Math.floor(i / 8)
  const topic = TOPICS[n % TOPICS.length]!
  switch (i % 8) {
    case 0:
      return `## ${n + 1}. On ${topic}`
    case 1:
      return [
        `When it comes to **${topic}**, the usual advice is to start small and measure: a`,
        `change that looks obvious in review can cost more than it saves, and _only_ a`,
        `profile says which. See [the notes](https://example.com/${topic}/${n}) and keep`,
        `\`${topic}Options\` close to where they are used.`,
      ].join('\n')
    case 2:
      return n % 2 === 0
        ? [
            `- keep the **${topic}** logic in one module`,
            '- give every limit a name and a unit',
            '- test the edge cases: empty, one, many',
            `- log what ${topic} decided, not what it saw`,
          ].join('\n')
        : [
            `1. write the failing test for ${topic}`,
            '2. make it pass with the simplest change',
            '3. measure again, then tidy up',
          ].join('\n')
    case 3:
      return CODE[n % CODE.length]!(topic, n)
    case 4:
      return `> Note ${n + 1}: ${topic} interacts with everything around it, so change one thing at a time and keep the old path until the new one is proven.`
    case 5:
      return [
        '| option | default | meaning |',
        '| --- | --- | --- |',
        `| \`${topic}Limit\` | ${10 * (n + 1)} | how many at once |`,
        `| \`${topic}Delay\` | ${50 * (n + 1)} ms | how long to wait |`,
      ].join('\n')
    case 6:
      return `In short, ${topic} pays off when the work it saves is larger than the work it adds, and that is a number, not a feeling: write it down before and after (run ${n + 1}).`
    default:
      return `Next, a look at ${TOPICS[(n + 1) % TOPICS.length]}, which builds on this.`
  }
}

const CODE: ((topic: string, n: number) => string)[] = [
  (topic, n) =>
    [
      '```ts',
      `export function ${topic}${n}<T>(items: T[], limit = ${n + 3}): T[][] {`,
      '  const pages: T[][] = []',
      '  for (let i = 0; i < items.length; i += limit) {',
      '    pages.push(items.slice(i, i + limit))',
      '  }',
      '  return pages',
      '}',
      '```',
    ].join('\n'),
  (topic, n) =>
    [
      '```python',
      `def ${topic}_${n}(values, limit=${n + 3}):`,
      '    """Split values into lists of at most limit items."""',
      '    return [values[i : i + limit] for i in range(0, len(values), limit)]',
      '```',
    ].join('\n'),
  (topic, n) =>
    [
      '```bash',
      `# ${topic}, step ${n + 1}`,
      `for f in src/*.ts; do grep -c "${topic}" "$f"; done | sort -n | tail -3`,
      '```',
    ].join('\n'),
]

/** A paragraph of exactly `words` words. */
function filler(words: number): string {
  const pool = ['That', 'is', 'all', 'for', 'now;', 'ask', 'again', 'for', 'more', 'detail.']
  return Array.from({ length: words }, (_, i) => pool[i % pool.length]).join(' ')
}

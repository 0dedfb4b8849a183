import { act, render, screen, waitFor } from '@testing-library/react'
import fc from 'fast-check'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { lexMarkdown } from '../../src/ui/chat/markdown/lex-markdown'
import { MarkdownContent } from '../../src/ui/chat/markdown/markdown-content'
import { streamedText } from '../support/markdown-arbitraries'

// MarkdownContent with `streaming`: a reply rendered as it grows (src/ui/chat/markdown/).

/** How often CodeBlock rendered, by its code: done blocks must not render again per chunk. */
const codeRenders = vi.hoisted(() => new Map<string, number>())
vi.mock('../../src/ui/chat/markdown/code-block', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/ui/chat/markdown/code-block')>()
  return {
    CodeBlock: (props: Parameters<typeof actual.CodeBlock>[0]) => {
      codeRenders.set(props.code, (codeRenders.get(props.code) ?? 0) + 1)
      return actual.CodeBlock(props)
    },
  }
})

/** The DOM of `text` rendered in one go, unstreamed. */
function oneShot(text: string): string {
  const { container, unmount } = render(<MarkdownContent text={text} />)
  const html = container.innerHTML
  unmount()
  return html
}

/** `html` with highlighted code as plain text: an open code block is not highlighted by design. */
function unhighlighted(html: string): string {
  const dom = document.createElement('div')
  dom.innerHTML = html
  for (const code of dom.querySelectorAll('code.hljs')) {
    const plain = code.textContent
    code.textContent = plain
    code.classList.remove('hljs')
  }
  return dom.innerHTML
}

/**
 * Streams `chunks` into one MarkdownContent: the DOM after each chunk, then after the end. The
 * last `unshown` chunks arrive with the end only (as when the stream ends between two updates).
 */
function streamed(chunks: string[], unshown = 0) {
  let text = ''
  const view = render(<MarkdownContent text="" streaming frameMs={0} />)
  const steps: { text: string; html: string }[] = []
  for (const chunk of chunks.slice(0, chunks.length - unshown)) {
    text += chunk
    view.rerender(<MarkdownContent text={text} streaming frameMs={0} />)
    steps.push({ text, html: view.container.innerHTML })
  }
  view.rerender(<MarkdownContent text={chunks.join('')} />)
  return { ...view, steps, final: view.container.innerHTML }
}

const words = (text: string) => text.match(/\s+|\S+\s*/g) ?? []

const REPLY = [
  '## Debounce',
  '',
  'Here is **one way** to do it, with a [link](https://example.com):',
  '',
  '```ts',
  'export function debounce(fn: () => void, ms: number) {',
  '  let timer: ReturnType<typeof setTimeout> | undefined',
  '  return () => {',
  '    clearTimeout(timer)',
  '    timer = setTimeout(fn, ms)',
  '  }',
  '}',
  '```',
  '',
  '- the timer restarts on every call',
  '- only the **last** call runs',
  '',
  '| option | default |',
  '| --- | --- |',
  '| leading | `false` |',
  '',
  'That is all.',
].join('\n')

describe('a streamed reply', () => {
  test('for any markdown and any split into chunks, the end is the one-shot DOM', () => {
    fc.assert(
      fc.property(streamedText, fc.nat(3), ({ text, chunks }, unshown) => {
        const expected = oneShot(text)
        const view = streamed(chunks, Math.min(unshown, chunks.length))
        expect(view.final).toBe(expected)
        view.unmount()
      }),
      { numRuns: 150 },
    )
  })

  test('for any markdown and any split, each chunk shows what the text so far shows', () => {
    fc.assert(
      fc.property(streamedText, ({ chunks }) => {
        const view = streamed(chunks)
        view.unmount()
        for (const step of view.steps) {
          // A link reference definition reaches blocks already on screen: only the end is exact.
          if (lexMarkdown(step.text)?.selfContained === false) continue
          expect(unhighlighted(step.html)).toBe(unhighlighted(oneShot(step.text)))
        }
      }),
      { numRuns: 100 },
    )
  })

  test('a long reply, a word per chunk, ends as the one-shot DOM', () => {
    const text = Array.from({ length: 6 }, () => REPLY).join('\n\n')
    const expected = oneShot(text)
    expect(streamed(words(text)).final).toBe(expected)
  })

  test('a reference definition arriving late still links the blocks above it at the end', () => {
    const text = 'See [the docs][d].\n\nMore text.\n\n[d]: https://example.com/docs\n'
    const expected = oneShot(text)
    const view = streamed(words(text))
    expect(view.final).toBe(expected)
    expect(screen.getByRole('link', { name: 'the docs' })).toHaveAttribute(
      'href',
      'https://example.com/docs',
    )
  })

  test('a done block does not render again, however many chunks arrive after it', () => {
    codeRenders.clear()
    const code = REPLY.slice(REPLY.indexOf('export'), REPLY.indexOf('\n```\n\n'))
    const chunks = words(`${REPLY}\n\n${'More words arrive here. '.repeat(40)}`)
    const view = render(<MarkdownContent text="" streaming frameMs={0} />)
    let text = ''
    let rendersWhenDone: number | undefined
    for (const chunk of chunks) {
      text += chunk
      view.rerender(<MarkdownContent text={text} streaming frameMs={0} />)
      // Done once the list after it has its first line.
      if (rendersWhenDone === undefined && text.includes('every call\n')) {
        rendersWhenDone = codeRenders.get(code)
      }
    }
    view.rerender(<MarkdownContent text={text} />)
    expect(rendersWhenDone).toBeGreaterThan(0)
    expect(codeRenders.get(code)).toBe(rendersWhenDone)
  })

  test('chunks that arrive with the end keep the done blocks as they are', () => {
    const expected = oneShot(REPLY)
    const code = REPLY.slice(REPLY.indexOf('export'), REPLY.indexOf('\n```\n\n'))
    const chunks = words(REPLY)
    let text = ''
    const view = render(<MarkdownContent text="" streaming frameMs={0} />)
    for (const chunk of chunks.slice(0, -5)) {
      text += chunk
      view.rerender(<MarkdownContent text={text} streaming frameMs={0} />)
    }
    const renders = codeRenders.get(code)
    expect(renders).toBeGreaterThan(0)
    view.rerender(<MarkdownContent text={REPLY} />)
    expect(view.container.innerHTML).toBe(expected)
    expect(codeRenders.get(code)).toBe(renders)
  })

  test('a code block stays plain while open and is highlighted once its closing fence arrives', async () => {
    const view = render(<MarkdownContent text={'```ts\nconst a = 1\n'} streaming frameMs={0} />)
    const pre = view.container.querySelector('pre')
    expect(screen.getByText('ts')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument()
    view.rerender(
      <MarkdownContent text={'```ts\nconst a = 1\nconst b = 2\n```'} streaming frameMs={0} />,
    )
    // Long enough for the highlighter to load, were it asked.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(view.container.querySelector('code.hljs')).toBeNull()
    expect(view.container.querySelector('pre')).toHaveTextContent('const a = 1 const b = 2')
    view.rerender(
      <MarkdownContent text={'```ts\nconst a = 1\nconst b = 2\n```\n'} streaming frameMs={0} />,
    )
    await waitFor(() =>
      expect(view.container.querySelector('code.hljs .hljs-keyword')).not.toBeNull(),
    )
    // The same box throughout: nothing remounted.
    expect(view.container.querySelector('pre')).toBe(pre)
    // The end keeps the highlighted block as it is.
    view.rerender(<MarkdownContent text={'```ts\nconst a = 1\nconst b = 2\n```\n'} />)
    expect(view.container.querySelector('code.hljs .hljs-keyword')).not.toBeNull()
    expect(view.container.querySelector('pre')).toBe(pre)
  })

  test('a closed block above the open tail keeps its highlighting while the tail grows', async () => {
    const head = '```js\nlet x = 1\n```\n\nText'
    const view = render(<MarkdownContent text={head} streaming frameMs={0} />)
    await waitFor(() => expect(view.container.querySelector('code.hljs')).not.toBeNull())
    const highlighted = view.container.querySelector('code.hljs')
    for (const tail of [' grows', ' and', ' grows\n\nmore']) {
      view.rerender(<MarkdownContent text={head + tail} streaming frameMs={0} />)
      expect(view.container.querySelector('code.hljs')).toBe(highlighted)
    }
  })

  test('a code block mounted again (its reply saved, its conversation reopened) is highlighted at once', async () => {
    const text = '```py\nprint("again")\n```'
    const first = render(<MarkdownContent text={text} />)
    await waitFor(() => expect(first.container.querySelector('code.hljs')).not.toBeNull())
    first.unmount()
    const again = render(<MarkdownContent text={`${text}\n`} streaming frameMs={0} />)
    expect(again.container.querySelector('code.hljs .hljs-built_in')).toHaveTextContent('print')
  })

  test('safety holds chunk by chunk: no raw HTML, no unsafe URL, hostile input bounded', () => {
    const text = [
      '<img src=x onerror="alert(1)">',
      '',
      '<script>alert(2)</script>',
      '',
      '[js](javascript:alert(1)) ![pic](javascript:alert(1)) [ok](https://example.com)',
      '',
      '[a](javascript&#58;alert(1)) <javascript:alert(1)>',
      '',
      `${'> '.repeat(80)}deep`,
      '',
      '*a'.repeat(2000),
    ].join('\n')
    const view = streamed(words(text))
    for (const step of view.steps) {
      const dom = document.createElement('div')
      dom.innerHTML = step.html
      expect(
        dom.querySelector('img, script, [onerror], [href^="javascript" i], [src^="javascript" i]'),
      ).toBeNull()
    }
    expect(view.steps.some((step) => step.html.includes('href="https://example.com"'))).toBe(true)
    // The line nested 80 deep makes the whole message show as typed, streamed or not.
    expect(view.final).toBe(oneShot(text))
    expect(view.container.querySelector('p')?.textContent).toBe(text)
  })

  test('a new reply in the same place starts over', () => {
    const view = render(<MarkdownContent text={'# One\n\nfirst reply\n'} streaming frameMs={0} />)
    view.rerender(<MarkdownContent text={'# One\n\nfirst reply\n'} />)
    view.rerender(<MarkdownContent text="Second" streaming frameMs={0} />)
    view.rerender(<MarkdownContent text="Second reply" streaming frameMs={0} />)
    expect(view.container).toHaveTextContent(/^Second reply$/)
    view.rerender(<MarkdownContent text="Second reply" />)
    expect(view.container.innerHTML).toBe(oneShot('Second reply'))
  })
})

describe('what is on screen while a reply streams', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  test('catches up with the text at most every 100 ms, and at once when the stream ends', () => {
    vi.useFakeTimers()
    const view = render(<MarkdownContent text="One" streaming />)
    expect(view.container).toHaveTextContent(/^One$/)
    // The first update after a pause shows at once (on the next task).
    view.rerender(<MarkdownContent text="One two" streaming />)
    act(() => vi.advanceTimersByTime(0))
    expect(view.container).toHaveTextContent(/^One two$/)
    // Then chunks 20 ms apart show 100 ms after the last update.
    let text = 'One two'
    for (const word of ['three', 'four', 'five', 'six']) {
      text += ` ${word}`
      view.rerender(<MarkdownContent text={text} streaming />)
      act(() => vi.advanceTimersByTime(20))
      expect(view.container).toHaveTextContent(/^One two$/)
    }
    act(() => vi.advanceTimersByTime(20))
    expect(view.container).toHaveTextContent(/^One two three four five six$/)
    view.rerender(<MarkdownContent text="One two three four five six seven" streaming />)
    view.rerender(<MarkdownContent text="One two three four five six seven eight" />)
    expect(view.container).toHaveTextContent(/^One two three four five six seven eight$/)
  })

  test('a new reply in the same place shows at once, and is throttled from there', () => {
    vi.useFakeTimers()
    const view = render(<MarkdownContent text="First reply" streaming />)
    view.rerender(<MarkdownContent text="First reply" />)
    view.rerender(<MarkdownContent text="Second" streaming />)
    expect(view.container).toHaveTextContent(/^Second$/)
    act(() => vi.advanceTimersByTime(0))
    view.rerender(<MarkdownContent text="Second reply" streaming />)
    act(() => vi.advanceTimersByTime(0))
    view.rerender(<MarkdownContent text="Second reply grows" streaming />)
    expect(view.container).toHaveTextContent(/^Second reply$/)
    act(() => vi.advanceTimersByTime(100))
    expect(view.container).toHaveTextContent(/^Second reply grows$/)
  })
})

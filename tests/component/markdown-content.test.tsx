import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { safeUrl } from '../../src/domain/safe-url'
import { MarkdownContent } from '../../src/ui/chat/markdown/markdown-content'

describe('messages as markdown', () => {
  test('GFM: tables, task lists, strikethrough and autolinks', () => {
    const { container } = render(
      <MarkdownContent
        text={'| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] done\n\n~~old~~ see www.example.com'}
      />,
    )
    expect(screen.getByRole('table')).toHaveTextContent('a')
    expect(screen.getByRole('checkbox')).toBeChecked()
    expect(container.querySelector('del')).toHaveTextContent('old')
    expect(screen.getByRole('link', { name: 'www.example.com' })).toHaveAttribute(
      'href',
      'http://www.example.com',
    )
  })

  test('a fenced block gets its language, a copy button, and highlighting once loaded', async () => {
    const { container } = render(<MarkdownContent text={'```ts\nconst answer = 42\n```'} />)
    expect(screen.getByText('ts')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument()
    await waitFor(() => expect(container.querySelector('code.hljs .hljs-keyword')).not.toBeNull())
    expect(container.querySelector('pre')).toHaveTextContent('const answer = 42')
  })

  test('plain: the text as typed, unlexed, until it is formatted in place', () => {
    const text = '**Bold** and `code`\n\n```ts\nconst answer = 42\n```'
    const { container, rerender } = render(<MarkdownContent text={text} plain />)
    const typed = container.querySelector('[data-typed]')
    expect(typed).toHaveTextContent('**Bold** and `code`')
    expect(container.querySelector('strong, pre')).toBeNull()
    rerender(<MarkdownContent text={text} />)
    expect(container.querySelector('[data-typed]')).toBeNull()
    expect(container.querySelector('strong')).toHaveTextContent('Bold')
    expect(container.querySelector('pre')).toHaveTextContent('const answer = 42')
  })

  test('raw HTML shows as text and never becomes elements', () => {
    const { container } = render(
      <MarkdownContent
        text={'<img src=x onerror="alert(1)">\n\n<script>alert(2)</script>\n\nhi <b>bold</b>'}
      />,
    )
    expect(container.querySelector('img, script, b, [onerror]')).toBeNull()
    expect(container).toHaveTextContent('<img src=x onerror="alert(1)">')
    expect(container).toHaveTextContent('<b>bold</b>')
  })

  test('links keep only http, https and mailto; others lose their target', () => {
    const { container } = render(
      <MarkdownContent
        text={
          '[web](https://example.com) [mail](mailto:a@example.com) [js](javascript:alert(1)) [data](data:text/html,x) ![pic](javascript:alert(1))'
        }
      />,
    )
    expect(screen.getByRole('link', { name: 'web' })).toHaveAttribute('href', 'https://example.com')
    expect(screen.getByRole('link', { name: 'web' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    )
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute(
      'href',
      'mailto:a@example.com',
    )
    expect(screen.queryByRole('link', { name: 'js' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'data' })).toBeNull()
    expect(within(container).getByText('js')).toBeInTheDocument()
    expect(container.querySelector('[href^="javascript" i], [src^="javascript" i]')).toBeNull()
  })

  test('an image with an unsafe URL leaves its alt text and no <img>; a safe one can be loaded', async () => {
    const { container } = render(
      <MarkdownContent
        text={'![tracker](javascript:alert(1)) ![chart](https://example.com/c.png)'}
      />,
    )
    expect(within(container).getByText('tracker')).toBeInTheDocument()
    // The placeholder's code loads with the first remote image (docs/performance.md, "Split").
    fireEvent.click(await screen.findByRole('button', { name: 'Load image from example.com' }))
    expect(container.querySelectorAll('img')).toHaveLength(1)
    expect(screen.getByRole('img', { name: 'chart' })).toHaveAttribute(
      'src',
      'https://example.com/c.png',
    )
  })
})

describe('images from other sites (docs/security.md, "Remote images")', () => {
  test('are not fetched by themselves: a placeholder names the host and the alt text', async () => {
    const { container } = render(
      <MarkdownContent
        text={'Here: ![the chart](https://evil.example/x.png?d=SECRET)'}
        streaming
      />,
    )
    expect(
      await screen.findByRole('button', { name: 'Load image from evil.example' }),
    ).toBeVisible()
    expect(container.querySelector('img')).toBeNull()
    expect(container).not.toHaveTextContent('SECRET')
    expect(container).toHaveTextContent('Image: the chart (evil.example)')
  })

  test('load only when the user asks, lazily and without a referrer', async () => {
    const { container } = render(<MarkdownContent text={'![](https://evil.example:8443/x.png)'} />)
    const load = await screen.findByRole('button', { name: 'Load image from evil.example:8443' })
    expect(container).toHaveTextContent('Image (evil.example:8443)')
    fireEvent.click(load)
    const image = container.querySelector('img')
    expect(image).toHaveAttribute('src', 'https://evil.example:8443/x.png')
    expect(image).toHaveAttribute('referrerpolicy', 'no-referrer')
    expect(screen.queryByRole('button', { name: /Load image/ })).toBeNull()
  })

  test('a plain-http image is never loaded in the page (its policy allows https only): it opens in a tab', async () => {
    const { container } = render(<MarkdownContent text={'![map](http://maps.example/m.png)'} />)
    const open = await screen.findByRole('link', { name: 'Open image from maps.example' })
    expect(container.querySelector('img')).toBeNull()
    expect(screen.queryByRole('button', { name: /Load image/ })).toBeNull()
    expect(open).toHaveAttribute('href', 'http://maps.example/m.png')
    expect(open).toHaveAttribute('rel', 'noopener noreferrer nofollow')
  })

  test("the app's own images (relative or same origin) show at once", () => {
    const own = `${window.location.origin}/api/storage/a.png`
    const { container } = render(<MarkdownContent text={`![a](/files/a.png) ![b](${own})`} />)
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      '/files/a.png',
      own,
    ])
    expect(screen.queryByRole('button', { name: /Load image/ })).toBeNull()
  })
})

describe('safeUrl', () => {
  test.each([
    ['https://example.com/a?b', 'https://example.com/a?b'],
    ['HTTP://EXAMPLE.COM', 'HTTP://EXAMPLE.COM'],
    ['mailto:x@example.com', 'mailto:x@example.com'],
    ['/relative/path', '/relative/path'],
    ['#section', '#section'],
    ['javascript:alert(1)', ''],
    ['JaVaScRiPt:alert(1)', ''],
    ['java\nscript:alert(1)', ''],
    [' \tjavascript:alert(1)', ''],
    ['vbscript:msgbox', ''],
    ['data:text/html;base64,PHNjcmlwdD4=', ''],
    ['//evil.example/x', ''],
  ])('%j → %j', (input, expected) => {
    expect(safeUrl(input)).toBe(expected)
  })
})

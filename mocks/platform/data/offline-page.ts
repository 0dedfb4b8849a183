import { createHash } from 'node:crypto'

/**
 * What a host the platform may not reach "serves": a deterministic HTML page derived from the
 * URL alone. It goes through the same real conversion as a fetched page, so offline answers
 * have the same shape and the same behaviour (markdown, metadata, links) as online ones.
 */

const TOPICS = ['guide', 'overview', 'notes', 'reference', 'tutorial', 'faq', 'changelog', 'news']

/** Bytes of a SHA-256 of `seed`: the one source of every "random" choice here. */
export function seedBytes(seed: string): Buffer {
  return createHash('sha256').update(seed).digest()
}

function titleCase(words: string): string {
  return words
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join(' ')
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/** The page title a URL suggests: its last path segment, else its host. */
export function titleForUrl(url: URL): string {
  const last = decodeURIComponent(url.pathname.split('/').filter(Boolean).pop() ?? '')
  const words = last.replace(/\.[a-z0-9]+$/i, '')
  return words ? `${titleCase(words)} | ${url.hostname}` : url.hostname
}

export function offlineHtml(url: URL): string {
  const bytes = seedBytes(url.href)
  const title = escapeHtml(titleForUrl(url))
  const host = escapeHtml(url.hostname)
  const topicA = TOPICS[(bytes[0] ?? 0) % TOPICS.length] ?? 'guide'
  const topicB = TOPICS[(bytes[1] ?? 0) % TOPICS.length] ?? 'notes'
  const day = new Date(Date.UTC(2025, 0, 1) + ((bytes[2] ?? 0) % 365) * 86_400_000)
  const href = escapeHtml(url.href)
  return `<!doctype html>
<html lang="en">
<head>
<title>${title}</title>
<meta name="description" content="Offline copy of ${href}: the platform does not reach other hosts.">
<meta property="og:type" content="website">
<meta property="og:site_name" content="${host}">
<meta property="article:published_time" content="${day.toISOString()}">
</head>
<body>
<h1>${title}</h1>
<p>This is a deterministic offline rendering of <a href="${href}">${href}</a>.</p>
<h2>${titleCase(topicA)}</h2>
<p>Content about ${topicA} on ${host}.</p>
<h2>${titleCase(topicB)}</h2>
<p>More on ${topicB}; see <a href="/${topicA}">${topicA}</a> and <a href="/${topicB}">${topicB}</a>.</p>
</body>
</html>`
}

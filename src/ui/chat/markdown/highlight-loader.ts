import type { HLJSApi, LanguageFn } from 'highlight.js'

/** The languages the chat highlights; each loads in its own chunk on first use. */
const LANGUAGES: Record<string, () => Promise<{ default: LanguageFn }>> = {
  typescript: () => import('highlight.js/lib/languages/typescript'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  python: () => import('highlight.js/lib/languages/python'),
  bash: () => import('highlight.js/lib/languages/bash'),
  json: () => import('highlight.js/lib/languages/json'),
  css: () => import('highlight.js/lib/languages/css'),
  xml: () => import('highlight.js/lib/languages/xml'),
  sql: () => import('highlight.js/lib/languages/sql'),
  go: () => import('highlight.js/lib/languages/go'),
  rust: () => import('highlight.js/lib/languages/rust'),
  diff: () => import('highlight.js/lib/languages/diff'),
}

const ALIASES: Record<string, string> = {
  ts: 'typescript',
  tsx: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  py: 'python',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  html: 'xml',
  svg: 'xml',
  rs: 'rust',
}

export function languageName(tag: string): string | null {
  const name = ALIASES[tag.toLowerCase()] ?? tag.toLowerCase()
  return name in LANGUAGES ? name : null
}

let core: Promise<HLJSApi> | null = null
const registered = new Map<string, Promise<void>>()

/**
 * Highlighted HTML by language and code (the last 500), so a block that mounts again (a
 * conversation opened again, a streamed reply replaced by its saved message) shows highlighted
 * at once instead of plain for a moment.
 */
const highlighted = new Map<string, string>()
const HIGHLIGHTED_SIZE = 500

/** What `highlight` gave for this code and language before, if anything. */
export function highlightedBefore(code: string, tag: string): string | null {
  const language = languageName(tag)
  return (language && highlighted.get(`${language}\0${code}`)) ?? null
}

/**
 * Highlighted HTML for `code`, loading highlight.js and the language on first use. The HTML is
 * highlight.js's own output: it escapes the code, so no markup from the message survives.
 */
export async function highlight(code: string, tag: string): Promise<string | null> {
  const language = languageName(tag)
  if (!language) return null
  core ??= import('highlight.js/lib/core').then((module) => module.default)
  const hljs = await core
  let ready = registered.get(language)
  if (!ready) {
    ready = LANGUAGES[language]!().then((module) => hljs.registerLanguage(language, module.default))
    registered.set(language, ready)
  }
  await ready
  const html = hljs.highlight(code, { language, ignoreIllegals: true }).value
  if (highlighted.size >= HIGHLIGHTED_SIZE) highlighted.delete(highlighted.keys().next().value!)
  highlighted.set(`${language}\0${code}`, html)
  return html
}

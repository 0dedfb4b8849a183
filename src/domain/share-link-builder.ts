import type { PromptDraft } from './prompt-types'

/** origin + `?prompt=` + the URL-encoded JSON {title, content, type} (docs/product/data.md). */
export function buildShareLink(origin: string, prompt: PromptDraft): string {
  const payload = JSON.stringify({
    title: prompt.title,
    content: prompt.content,
    type: prompt.type,
  })
  return `${origin}/?prompt=${encodeURIComponent(payload)}`
}

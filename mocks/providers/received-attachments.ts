import { splitFencedFiles } from './fenced-files'
import type { ImageFacts } from './image-facts'

/** One file the last user turn carried, as the fake's reply names it. */
export type ReceivedAttachment = ImageFacts | { name: string; characters: number }

/**
 * A user turn as the fakes read it: its own text (text files split off the end, fenced-files.ts)
 * and what came with it, the images in the order sent, then the text files.
 */
export function readUserTurn(
  message: string,
  images: readonly ImageFacts[],
): { text: string; attachments: ReceivedAttachment[] } {
  const { text, files } = splitFencedFiles(message)
  return {
    text,
    attachments: [
      ...images,
      // Characters are code points, as a person would count them.
      ...files.map((file) => ({ name: file.name, characters: [...file.text].length })),
    ],
  }
}

/**
 * `- Attachments received: image/png, 640×480; notes.md (text, 120 characters)`: each image's
 * type and size in pixels, each text file's name and length. Undefined when there were none.
 */
export function attachmentsLine(attachments: readonly ReceivedAttachment[]): string | undefined {
  if (attachments.length === 0) return undefined
  const named = attachments.map((file) =>
    'mediaType' in file
      ? `${file.mediaType}, ${file.width}×${file.height}`
      : `${file.name} (text, ${file.characters} character${file.characters === 1 ? '' : 's'})`,
  )
  return `- Attachments received: ${named.join('; ')}`
}

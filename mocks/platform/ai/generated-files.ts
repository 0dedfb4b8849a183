import path from 'node:path'
import { generatedBlobs } from '../store/generated-blobs'
import type { SqlStore } from '../store/sql-store'

/** What the files route serves, by extension (generated images and audio only). */
export const FILE_TYPES = {
  png: 'image/png',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
} as const

export type FileExtension = keyof typeof FILE_TYPES

// A generated file's name: 32 hex characters and a known extension; no other name is ever kept.
const FILE_NAME = /^([0-9a-f]{32})\.(png|mp3|wav|pcm)$/

/**
 * Generated images and audio, served at `/api/ai/{project}/files/`: kept in the table
 * `ai_generated_files` on PostgreSQL (any server serves them), under `<filesDir>/ai/` on PGlite.
 */
export function generatedFiles(store: SqlStore, filesDir: string, projectId: string) {
  const blobs = generatedBlobs({
    store,
    table: 'ai_generated_files',
    dir: path.join(filesDir, 'ai'),
  })

  return {
    async save(id: string, extension: FileExtension, bytes: Uint8Array): Promise<string> {
      const name = `${id}.${extension}`
      if (!FILE_NAME.test(name)) throw new Error('generated file ids are 32 hex characters')
      await blobs.save(name, bytes)
      return name
    },

    /** The file's bytes and type, or null for a name that is not one of ours or does not exist. */
    async read(name: string): Promise<{ bytes: Buffer; contentType: string } | null> {
      const match = FILE_NAME.exec(name)
      if (!match) return null
      const bytes = await blobs.read(name)
      return bytes ? { bytes, contentType: FILE_TYPES[match[2] as FileExtension] } : null
    },

    /** The public address of a file, on the host the request came to. */
    urlFor(request: Request, name: string): string {
      return `${new URL(request.url).origin}/api/ai/${encodeURIComponent(projectId)}/files/${name}`
    },

    /** The file name in a URL that points at this route (any host), else null. */
    nameInUrl(url: URL): string | null {
      const prefix = `/api/ai/${encodeURIComponent(projectId)}/files/`
      if (!url.pathname.startsWith(prefix)) return null
      const name = url.pathname.slice(prefix.length)
      return FILE_NAME.test(name) ? name : null
    },
  }
}

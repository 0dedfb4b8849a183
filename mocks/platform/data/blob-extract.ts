import { extractAnswer, readExtractOptions } from './extract-options'
import { convertPage, mediaType } from './page-source'

/** `POST /extract-from-blob`: the text of an uploaded file (multipart `file`). */

const MAX_FILE_BYTES = 10 * 1024 * 1024

/** Readable types, and the file extensions that stand for them when a file has no type. */
const TYPES_BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain',
  text: 'text/plain',
  html: 'text/html',
  htm: 'text/html',
  md: 'text/markdown',
  markdown: 'text/markdown',
  json: 'application/json',
}
const SUPPORTED = new Set(Object.values(TYPES_BY_EXTENSION))

type BlobAnswer =
  | { ok: true; body: { text: string } | { chunks: string[] } }
  | { ok: false; status: number; code: string; message: string }

const refuse = (status: number, message: string, code = 'INVALID_REQUEST'): BlobAnswer => ({
  ok: false,
  status,
  code,
  message,
})

function typeOf(file: File): string {
  const declared = mediaType(file.type)
  if (declared && declared !== 'application/octet-stream') return declared
  const extension = file.name.split('.').pop()?.toLowerCase() ?? ''
  return TYPES_BY_EXTENSION[extension] ?? (declared || 'application/octet-stream')
}

export async function extractFromBlob(request: Request): Promise<BlobAnswer> {
  if (!mediaType(request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    return refuse(400, 'Send the file as multipart/form-data with a file field')
  }
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return refuse(400, 'The multipart body could not be read')
  }
  const file = form.get('file')
  if (!(file instanceof File)) return refuse(400, 'The file field is required')
  const options = readExtractOptions(
    form.get('chunking') ?? undefined,
    form.get('chunkSize') ?? form.get('chunk_size') ?? undefined,
  )
  if (!options.ok) return refuse(400, options.message)
  if (file.size > MAX_FILE_BYTES) return refuse(413, 'The file is larger than 10 MB', 'TOO_LARGE')
  const type = typeOf(file)
  if (!SUPPORTED.has(type)) {
    return refuse(
      415,
      `Unsupported file type: ${type}. Supported types: ${[...SUPPORTED].join(', ')}`,
      'UNSUPPORTED_MEDIA_TYPE',
    )
  }
  const page = convertPage({
    url: `file:///${encodeURIComponent(file.name || 'upload')}`,
    contentType: type,
    body: await file.text(),
  })
  return { ok: true, body: extractAnswer(page.extract.text, options.options) }
}

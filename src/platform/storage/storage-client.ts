import { detectFileType, SNIFF_LENGTH, withExtension } from '../../../contract/file-type'
import { exceedsUploadLimit, fileTooLargeMessage } from '../../../contract/upload-limit'
import { keysToCamel } from '../case-conversion'
import { errorFromResponse, NetworkError, StorageError, ValidationError } from '../errors'
import type { PlatformContext } from '../platform-context'
import {
  asStorageError,
  FILE_NOT_FOUND,
  INVALID_DOWNLOAD_RESPONSE,
  INVALID_UPLOAD_RESPONSE,
  parseJsonOrNull,
  uploadErrorFor,
} from './storage-errors'
import { sendWithFetch, sendWithXhr, type XhrConstructor } from './upload-transport'

export type UploadInput = Blob | ArrayBuffer | Uint8Array

export interface UploadOptions {
  /** Replace a file already at the path (otherwise a 409). It keeps its privacy. */
  upsert?: boolean
  /**
   * Only its owner may read it (`read`), never through a public URL; it must lie in the
   * caller's own folder `user_<id>/` (docs/wire-contract.md, "Private objects").
   */
  private?: boolean
  /** Whole percentages, 0–100. Uses XMLHttpRequest where there is one, for real progress. */
  onProgress?: (percent: number) => void
  /**
   * The type the caller believes the file has. Sent as the `contentType` field, but the
   * bytes decide: the extension and the served type always follow the detected type.
   */
  contentType?: string
}

export interface UploadResult {
  publicUrl: string
  /** The path the file landed at, after its extension was corrected to the detected type. */
  path: string
}

export interface DownloadResult {
  downloadUrl: string
  filename: string
  contentType: string
  size: number
}

const isNonEmptyString = (value: unknown): value is string =>
  typeof value === 'string' && value.trim().length > 0

function toBlob(file: UploadInput): Blob {
  if (file instanceof Blob) return file
  // Copied into a fresh ArrayBuffer-backed view: a Blob part may not be a SharedArrayBuffer.
  return new Blob([file instanceof ArrayBuffer ? file : new Uint8Array(file)])
}

function isUploadInput(file: unknown): file is UploadInput {
  return file instanceof Blob || file instanceof ArrayBuffer || file instanceof Uint8Array
}

/** The storage calls of docs/product/calls.md#platform-calls: upload, download, remove and read under `/api/storage/{projectId}`. */
export function createStorageClient(context: PlatformContext) {
  const base = `/api/storage/${encodeURIComponent(context.projectId)}`

  async function upload(
    file: UploadInput,
    path: string,
    options: UploadOptions = {},
  ): Promise<UploadResult> {
    // Every rule is checked before a single byte leaves (docs/product/validation.md).
    if (!isUploadInput(file)) throw new ValidationError('A file is required')
    if (!isNonEmptyString(path)) throw new ValidationError('Path must be a non-empty string')
    const blob = toBlob(file)
    if (exceedsUploadLimit(blob.size))
      throw new StorageError(fileTooLargeMessage(blob.size), { status: 413 })

    const head = new Uint8Array(await blob.slice(0, SNIFF_LENGTH).arrayBuffer())
    const type = detectFileType(head)
    const finalPath = withExtension(path, type.extension)
    const form = new FormData()
    const fileName = finalPath.slice(finalPath.lastIndexOf('/') + 1)
    form.append('file', new Blob([blob], { type: type.contentType }), fileName)
    form.append('path', finalPath)
    form.append('contentType', options.contentType ?? type.contentType)
    if (options.upsert) form.append('upsert', 'true')
    if (options.private) form.append('private', 'true')

    const request = {
      url: `${context.coreUrl.replace(/\/+$/, '')}${base}/upload`,
      form,
      token: context.auth.getTokens() ? await context.auth.getValidAccessToken() : null,
      onProgress: options.onProgress,
    }
    const Xhr = (globalThis as { XMLHttpRequest?: XhrConstructor }).XMLHttpRequest
    const answer =
      Xhr && options.onProgress
        ? await sendWithXhr(Xhr, request)
        : await sendWithFetch(context.fetch, request)

    const body = parseJsonOrNull(answer.text)
    if (answer.status < 200 || answer.status >= 300) throw uploadErrorFor(answer.status, body)
    const data = keysToCamel(body) as Partial<UploadResult> | null
    if (typeof data?.publicUrl !== 'string' || !data.publicUrl) {
      throw new StorageError(INVALID_UPLOAD_RESPONSE, { status: answer.status, details: body })
    }
    return {
      publicUrl: data.publicUrl,
      path: typeof data.path === 'string' ? data.path : finalPath,
    }
  }

  async function download(path: string, options: { filename?: string } = {}) {
    if (!isNonEmptyString(path)) throw new ValidationError('Path must be a non-empty string')
    let data: Partial<DownloadResult> | null
    try {
      const query = { path, filename: options.filename }
      data = (await context.http.request<Partial<DownloadResult>>(`${base}/download`, { query }))
        .data
    } catch (error) {
      throw asStorageError(error)
    }
    if (typeof data?.downloadUrl !== 'string' || !data.downloadUrl) {
      throw new StorageError(INVALID_DOWNLOAD_RESPONSE, { status: 200, details: data })
    }
    return {
      downloadUrl: data.downloadUrl,
      filename: String(data.filename ?? ''),
      contentType: String(data.contentType ?? 'application/octet-stream'),
      size: Number(data.size ?? 0),
    } satisfies DownloadResult
  }

  /** `remove('a', 'b')` or `remove(['a', 'b'])`: the paths that were really removed come back. */
  async function remove(
    ...args: Array<string | readonly string[]>
  ): Promise<{ removed: string[] }> {
    const paths = args.flat()
    if (paths.length === 0) throw new ValidationError('At least one path is required')
    if (!paths.every(isNonEmptyString)) {
      throw new ValidationError('Every path must be a non-empty string')
    }
    const data = await context.http
      .request<{ removed?: unknown }>(`${base}/remove`, { method: 'DELETE', body: { paths } })
      .then((response) => response.data)
      .catch((error: unknown) => {
        throw asStorageError(error)
      })
    const removed = Array.isArray(data?.removed) ? data.removed.map(String) : []
    return { removed }
  }

  /**
   * The bytes at `path`, fetched with the caller's token: a private file of theirs, or any
   * public one. Someone else's private file and a missing one are alike 'File not found'.
   */
  async function read(path: string): Promise<Blob> {
    if (!isNonEmptyString(path)) throw new ValidationError('Path must be a non-empty string')
    const address = path.split('/').map(encodeURIComponent).join('/')
    const token = context.auth.getTokens() ? await context.auth.getValidAccessToken() : null
    let response: Response
    try {
      response = await context.fetch(
        `${context.coreUrl.replace(/\/+$/, '')}${base}/files/${address}`,
        { headers: token ? { Authorization: `Bearer ${token}` } : {} },
      )
    } catch (cause) {
      // The message every other SDK request gives (docs/product/errors.md).
      const reason = cause instanceof Error ? cause.message : String(cause)
      throw new NetworkError(`Network request failed: ${reason}`, { cause })
    }
    if (response.ok) return response.blob()
    const body = parseJsonOrNull(await response.text().catch(() => ''))
    if (response.status === 404) {
      throw new StorageError(FILE_NOT_FOUND, { status: 404, details: body })
    }
    throw asStorageError(errorFromResponse(response.status, body))
  }

  return { upload, download, remove, read }
}

export type StorageClient = ReturnType<typeof createStorageClient>

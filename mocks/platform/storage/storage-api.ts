import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { detectFileType, isExecutableType, withExtension } from '../../../contract/file-type'
import {
  exceedsUploadLimit,
  fileTooLargeMessage,
  MAX_UPLOAD_BYTES,
} from '../../../contract/upload-limit'
import { callerOf } from '../auth/caller'
import { apiError, isPlainObject, readJson } from '../http/json-error'
import type { PlatformDeps } from '../platform-deps'
import type { RequestRole } from '../rest/request-role'
import { RestError } from '../rest/rest-error'
import { createObjectBytes } from './object-bytes'
import { servedFileHeaders } from './served-file-headers'
import { createStorageObjects } from './storage-objects'
import {
  checkFileName,
  checkPathSyntax,
  checkWritablePath,
  fileNameOf,
  homeFolderOf,
} from './storage-path'
import { uploadOptionsOf } from './upload-options'

/** Room for the multipart framing and the small fields around a file at the size limit. */
const MULTIPART_OVERHEAD = 64 * 1024
const MAX_REMOVE_PATHS = 1000

type SignedIn = Extract<RequestRole, { role: 'authenticated' }>

/**
 * `/api/storage/{projectId}/…`: upload (multipart), download (metadata and a URL), remove,
 * and the public file URLs themselves (`/files/<path>`). Paths are free-form; each object
 * records its owner, and only the owner may overwrite or remove it. Metadata lives in
 * `storage_objects` under row-level security; bytes in PostgreSQL, or on disk with PGlite
 * (object-bytes.ts). A private object is read and served for its owner alone.
 */
export function storageApi(deps: PlatformDeps) {
  const objects = createStorageObjects(deps.store)
  const bytesStore = createObjectBytes({
    store: deps.store,
    filesDir: deps.filesDir,
    projectId: deps.projectId,
    log: deps.log,
  })
  const app = new Hono()

  const publicUrlOf = (c: Context, key: string) =>
    `${new URL(c.req.url).origin}/api/storage/${encodeURIComponent(deps.projectId)}/files/${key
      .split('/')
      .map(encodeURIComponent)
      .join('/')}`

  /** The caller, or the 401 answer for a bad token. */
  async function identify(c: Context): Promise<RequestRole | Response> {
    try {
      return await callerOf(c.req.raw, deps.accessTokens)
    } catch (error) {
      if (error instanceof RestError) return error.toResponse()
      throw error
    }
  }
  async function signedIn(c: Context, action: string): Promise<SignedIn | Response> {
    const caller = await identify(c)
    if (caller instanceof Response) return caller
    if (caller.role === 'anon') return apiError(401, 'UNAUTHORIZED', `Sign in to ${action}`)
    return caller
  }

  app.use('/:projectId/*', async (c, next) => {
    if (c.req.param('projectId') !== deps.projectId) {
      return apiError(404, 'PROJECT_NOT_FOUND', 'No such project')
    }
    await next()
  })

  app.post(
    '/:projectId/upload',
    bodyLimit({
      maxSize: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD,
      onError: (c) => {
        const declared = Number(c.req.header('content-length'))
        const size = Number.isFinite(declared) && declared > 0 ? declared : MAX_UPLOAD_BYTES + 1
        return apiError(413, 'FILE_TOO_LARGE', fileTooLargeMessage(size))
      },
    }),
    async (c) => {
      const caller = await signedIn(c, 'upload files')
      if (caller instanceof Response) return caller
      let form: FormData
      try {
        form = await c.req.raw.formData()
      } catch {
        return apiError(400, 'INVALID_REQUEST', 'Expected a multipart/form-data body')
      }
      const file = form.get('file')
      if (file === null || typeof file === 'string') {
        return apiError(400, 'INVALID_REQUEST', 'A file is required (multipart field "file")')
      }
      if (exceedsUploadLimit(file.size)) {
        return apiError(413, 'FILE_TOO_LARGE', fileTooLargeMessage(file.size))
      }
      const requestedPath = form.get('path')
      const syntax = checkPathSyntax(requestedPath)
      if (!syntax.ok) return apiError(400, 'INVALID_PATH', syntax.message)
      const options = uploadOptionsOf(form)
      if ('error' in options) return apiError(400, 'INVALID_REQUEST', options.error)
      const bytes = new Uint8Array(await file.arrayBuffer())
      // The bytes decide the type, whatever the caller declared: detected the same way as the SDK.
      const type = detectFileType(bytes)
      if (isExecutableType(type.contentType)) {
        return apiError(415, 'UNSUPPORTED_FILE_TYPE', 'Unsupported file type', {
          detected: type.contentType,
        })
      }
      const key = withExtension(requestedPath as string, type.extension)
      // The corrected name decides: it may be longer, and it is what gets an owner.
      const pathCheck = checkWritablePath(key, caller.claims.sub)
      if (!pathCheck.ok) {
        const code = pathCheck.status === 403 ? 'FORBIDDEN' : 'INVALID_PATH'
        return apiError(pathCheck.status, code, pathCheck.message, { path: key })
      }
      // Where nobody else writes, nobody else's upload runs into it and learns it exists.
      if (options.isPrivate && homeFolderOf(key) !== caller.claims.sub) {
        return apiError(
          400,
          'INVALID_PATH',
          `A private file goes in your own folder, ${caller.claims.sub}/`,
          { path: key },
        )
      }
      const outcome = await objects.save(caller, {
        path: key,
        ownerId: caller.claims.sub,
        contentType: type.contentType,
        size: bytes.byteLength,
        now: deps.now(),
        upsert: options.upsert,
        isPrivate: options.isPrivate,
        // Inside the transaction: a failed write rolls the metadata back.
        writeBytes: (tx) => bytesStore.write(tx, key, bytes, options.isPrivate),
      })
      // 403, not 409: upsert would not help, and both SDKs show a 403's own message.
      if (outcome === 'taken') {
        return apiError(403, 'FORBIDDEN', `${key} belongs to another user. Choose another path.`, {
          path: key,
        })
      }
      if (outcome === 'privacy') {
        const is = options.isPrivate ? 'public' : 'private'
        const message = `${key} is ${is}; an upload cannot change that. Remove it first.`
        return apiError(403, 'FORBIDDEN', message, { path: key })
      }
      if (outcome === 'exists') {
        return apiError(409, 'FILE_EXISTS', 'File already exists. Set upsert: true to overwrite.', {
          path: key,
        })
      }
      return c.json({
        publicUrl: publicUrlOf(c, key),
        path: key,
        contentType: type.contentType,
        size: bytes.byteLength,
      })
    },
  )

  app.get('/:projectId/download', async (c) => {
    const caller = await identify(c)
    if (caller instanceof Response) return caller
    const key = c.req.query('path')
    const pathCheck = checkPathSyntax(key)
    if (!pathCheck.ok) return apiError(400, 'INVALID_PATH', pathCheck.message)
    const requestedName = c.req.query('filename')
    const nameCheck = requestedName === undefined ? null : checkFileName(requestedName)
    if (nameCheck && !nameCheck.ok) return apiError(400, 'INVALID_FILENAME', nameCheck.message)
    const found = await objects.find(caller, key as string)
    if (!found) return apiError(404, 'FILE_NOT_FOUND', 'File not found')
    const filename = requestedName ?? fileNameOf(found.path)
    return c.json({
      downloadUrl: `${publicUrlOf(c, found.path)}?download=${encodeURIComponent(filename)}`,
      filename,
      contentType: found.contentType,
      size: found.size,
    })
  })

  app.delete('/:projectId/remove', async (c) => {
    const caller = await signedIn(c, 'remove files')
    if (caller instanceof Response) return caller
    const body = await readJson(c.req.raw)
    const paths = isPlainObject(body) ? body.paths : undefined
    if (!Array.isArray(paths) || paths.length === 0) {
      return apiError(
        400,
        'INVALID_REQUEST',
        'Expected a JSON body { "paths": [ … ] } with at least one path',
      )
    }
    if (paths.length > MAX_REMOVE_PATHS) {
      return apiError(400, 'INVALID_REQUEST', `At most ${MAX_REMOVE_PATHS} paths per request`)
    }
    for (const candidate of paths) {
      const pathCheck = checkPathSyntax(candidate)
      if (!pathCheck.ok) {
        return apiError(400, 'INVALID_PATH', pathCheck.message, { path: candidate })
      }
    }
    const outcome = await objects.remove(caller, paths as string[])
    if ('foreign' in outcome) {
      return apiError(
        403,
        'FORBIDDEN',
        `${outcome.foreign} belongs to another user; only its owner may remove it. Nothing was removed.`,
        { path: outcome.foreign },
      )
    }
    // Files on disk go only after the rows are gone for good; a leftover is unreachable anyway.
    await bytesStore
      .forget(outcome.removed)
      .catch(() => deps.log('storage: could not delete a removed file'))
    return c.json({ removed: outcome.removed })
  })

  app.get('/:projectId/files/*', async (c) => {
    const prefix = `/${encodeURIComponent(deps.projectId)}/files/`
    const rawKey = c.req.path.slice(c.req.path.indexOf(prefix) + prefix.length)
    let key: string
    try {
      key = rawKey.split('/').map(decodeURIComponent).join('/')
    } catch {
      return apiError(400, 'INVALID_PATH', 'Malformed file address')
    }
    if (!checkPathSyntax(key).ok) return apiError(404, 'FILE_NOT_FOUND', 'File not found')
    // A token, when sent, is checked first, whatever the path: a bad one is a 401 that says
    // nothing about what lies there.
    const caller = await identify(c)
    if (caller instanceof Response) return caller
    const head = c.req.method === 'HEAD'
    const found = await bytesStore.serve(key, { head })
    // Someone else's private object answers as a missing one does.
    const mayRead =
      found &&
      (!found.isPrivate || (caller.role === 'authenticated' && caller.claims.sub === found.ownerId))
    if (!found || !mayRead) return apiError(404, 'FILE_NOT_FOUND', 'File not found')
    const download = c.req.query('download')
    const headers = servedFileHeaders({
      contentType: found.contentType,
      size: found.size,
      filename: download || fileNameOf(key),
      forceDownload: download !== undefined,
      isPrivate: found.isPrivate,
    })
    return new Response(head ? null : found.bytes, { headers })
  })

  return app
}

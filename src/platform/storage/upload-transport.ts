import { NetworkError } from '../errors'
import type { FetchLike } from '../http-client'

export const UPLOAD_NETWORK_ERROR = 'Network error during file upload'

/** What came back from the upload request, before any interpretation. */
export interface RawUploadAnswer {
  status: number
  text: string
}

export interface UploadRequest {
  url: string
  form: FormData
  token: string | null
  /** Whole percentages 0–100, each reported once, in order. */
  onProgress?: (percent: number) => void
}

/** The browser's XMLHttpRequest surface the upload uses (a fake one in tests). */
export type XhrConstructor = new () => Pick<
  XMLHttpRequest,
  'open' | 'setRequestHeader' | 'send' | 'status' | 'responseText' | 'upload' | 'onload' | 'onerror'
>

/** Reports each whole percentage once and never goes backwards. */
function progressReporter(onProgress: ((percent: number) => void) | undefined) {
  let last = -1
  return (percent: number) => {
    const whole = Math.max(0, Math.min(100, Math.floor(percent)))
    if (!onProgress || whole <= last) return
    last = whole
    onProgress(whole)
  }
}

/**
 * Fetch has no upload progress in browsers, so with a progress callback and an
 * XMLHttpRequest available the upload goes through XHR's `upload.onprogress`.
 */
export function sendWithXhr(Xhr: XhrConstructor, request: UploadRequest): Promise<RawUploadAnswer> {
  const report = progressReporter(request.onProgress)
  return new Promise((resolve, reject) => {
    const xhr = new Xhr()
    xhr.open('POST', request.url)
    if (request.token) xhr.setRequestHeader('Authorization', `Bearer ${request.token}`)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) report((event.loaded / event.total) * 100)
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) report(100)
      resolve({ status: xhr.status, text: xhr.responseText })
    }
    xhr.onerror = () => reject(new NetworkError(UPLOAD_NETWORK_ERROR))
    xhr.send(request.form)
  })
}

/** Without XHR (Node, workers) the upload is one fetch; progress is 100 once it is done. */
export async function sendWithFetch(
  fetchImpl: FetchLike,
  request: UploadRequest,
): Promise<RawUploadAnswer> {
  const report = progressReporter(request.onProgress)
  let response: Response
  try {
    response = await fetchImpl(request.url, {
      method: 'POST',
      // No Content-Type: the runtime writes multipart/form-data with its boundary.
      headers: request.token ? { Authorization: `Bearer ${request.token}` } : {},
      body: request.form,
    })
  } catch (cause) {
    throw new NetworkError(UPLOAD_NETWORK_ERROR, { cause })
  }
  const text = await response.text().catch(() => '')
  if (response.ok) report(100)
  return { status: response.status, text }
}

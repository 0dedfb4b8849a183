import type { RecordedProviderName, RecordedProviderRequest } from './fake-types'

/** Reads a request once, parsing its JSON body, and hands it to the record. */
export async function receiveRequest(
  provider: RecordedProviderName,
  request: Request,
  record: (received: RecordedProviderRequest) => void,
): Promise<RecordedProviderRequest> {
  const text = await request.text()
  let body: unknown = null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    body = null
  }
  const received: RecordedProviderRequest = {
    provider,
    method: request.method,
    url: request.url,
    headers: Object.fromEntries(request.headers),
    body,
  }
  record(received)
  return received
}

/** A provider fake is a fetch-style handler, so MSW, the local server or a test can host it. */
export type ProviderFake = (request: Request) => Promise<Response>

export type FakeProviderName = 'openai' | 'anthropic' | 'google'

/** Whose request was recorded: a hosted provider's fake, or the OpenAI-compatible server's. */
export type RecordedProviderName = FakeProviderName | 'openai-compatible'

/** One request a fake received, as tests and e2e assert it. */
export interface RecordedProviderRequest {
  provider: RecordedProviderName
  method: string
  url: string
  /** Lower-case header names, as the Fetch API reports them. */
  headers: Record<string, string>
  /** The parsed JSON body; null when it was empty or not JSON. */
  body: unknown
}

/** Waits `ms`, or rejects when the request is aborted first. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>

export interface FakeDeps {
  record(request: RecordedProviderRequest): void
  sleep: Sleep
  /** Epoch milliseconds, for the `created` stamps some providers send. */
  now(): number
}

/** What the data API's fetch answers: the target's reply, or a queued job that will hold it. */

export interface FetchResponse {
  status: number
  headers: Record<string, string>
  /** Parsed JSON when the answer was JSON, else its text. */
  body: unknown
  durationMs: number
}

export interface FetchJobQueued {
  status: 'queued'
  jobId: string
}

export interface FetchJob {
  jobId: string
  status: 'queued' | 'completed' | 'failed'
  createdAt: string
  completedAt?: string
  result?: FetchResponse
  error?: string
}

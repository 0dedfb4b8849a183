/** Extra facts an SDK error carries besides its message (docs/product/errors.md#platform-errors: message, code, status, details). */
export interface PlatformErrorOptions {
  code?: string
  status?: number
  details?: unknown
  cause?: unknown
}

/** Every error the SDK throws: a message, a machine-readable code, the HTTP status and details. */
export class PlatformError extends Error {
  readonly code: string
  readonly status: number
  readonly details?: unknown

  constructor(message: string, options: PlatformErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'PlatformError'
    this.code = options.code ?? 'PLATFORM_ERROR'
    this.status = options.status ?? 0
    this.details = options.details
  }
}

type SubclassOptions = Omit<PlatformErrorOptions, 'code'>

export class AuthError extends PlatformError {
  constructor(message: string, options: SubclassOptions = {}) {
    super(message, { status: 401, ...options, code: 'AUTH_ERROR' })
    this.name = 'AuthError'
  }
}

/** The request never got an answer (offline, DNS, CORS…): status 0. */
export class NetworkError extends PlatformError {
  constructor(message: string, options: SubclassOptions = {}) {
    super(message, { ...options, status: 0, code: 'NETWORK_ERROR' })
    this.name = 'NetworkError'
  }
}

export class ValidationError extends PlatformError {
  constructor(message: string, options: SubclassOptions = {}) {
    super(message, { status: 400, ...options, code: 'VALIDATION_ERROR' })
    this.name = 'ValidationError'
  }
}

export class StorageError extends PlatformError {
  constructor(message: string, options: SubclassOptions = {}) {
    super(message, { ...options, code: 'STORAGE_ERROR' })
    this.name = 'StorageError'
  }
}

export class AIError extends PlatformError {
  constructor(message: string, options: SubclassOptions = {}) {
    super(message, { ...options, code: 'AI_ERROR' })
    this.name = 'AIError'
  }
}

export class DataError extends PlatformError {
  constructor(message: string, options: SubclassOptions = {}) {
    super(message, { ...options, code: 'DATA_ERROR' })
    this.name = 'DataError'
  }
}

export class RealtimeError extends PlatformError {
  constructor(message: string, options: SubclassOptions = {}) {
    super(message, { ...options, code: 'REALTIME_ERROR' })
    this.name = 'RealtimeError'
  }
}

export class NotificationsError extends PlatformError {
  constructor(message: string, options: SubclassOptions = {}) {
    super(message, { ...options, code: 'NOTIFICATIONS_ERROR' })
    this.name = 'NotificationsError'
  }
}

/** The message of an error body: `error.message`, `error` (string), `message`, else `HTTP <status>`. */
export function errorMessageFromBody(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown }
    if (error && typeof error === 'object') {
      const nested = (error as { message?: unknown }).message
      if (typeof nested === 'string' && nested) return nested
    }
    if (typeof error === 'string' && error) return error
    if (typeof message === 'string' && message) return message
  }
  return `HTTP ${status}`
}

/** Maps a failed HTTP answer to the SDK error a caller catches (docs/wire-contract.md). */
export function errorFromResponse(status: number, body: unknown): PlatformError {
  const message = errorMessageFromBody(status, body)
  if (status === 401) return new AuthError(message, { details: body })
  if (status === 400) return new ValidationError(message, { details: body })
  return new PlatformError(message, { code: 'HTTP_ERROR', status, details: body })
}

import { describe, expect, test } from 'vitest'
import {
  AIError,
  AuthError,
  DataError,
  errorFromResponse,
  NetworkError,
  NotificationsError,
  PlatformError,
  RealtimeError,
  StorageError,
  ValidationError,
} from '../../../src/platform/errors'

describe('error classes (docs/product/errors.md#platform-errors)', () => {
  test.each([
    [AuthError, 'AuthError', 'AUTH_ERROR', 401],
    [NetworkError, 'NetworkError', 'NETWORK_ERROR', 0],
    [ValidationError, 'ValidationError', 'VALIDATION_ERROR', 400],
    [StorageError, 'StorageError', 'STORAGE_ERROR', 0],
    [AIError, 'AIError', 'AI_ERROR', 0],
    [DataError, 'DataError', 'DATA_ERROR', 0],
    [RealtimeError, 'RealtimeError', 'REALTIME_ERROR', 0],
    [NotificationsError, 'NotificationsError', 'NOTIFICATIONS_ERROR', 0],
  ])('%o carries name %s, code %s and status %d', (ErrorClass, name, code, status) => {
    const error = new ErrorClass('boom', { details: { why: 'x' } })
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ name, code, status, message: 'boom', details: { why: 'x' } })
  })

  test('a subclass keeps its code even when given a status', () => {
    expect(new StorageError('File not found', { status: 404 })).toMatchObject({
      code: 'STORAGE_ERROR',
      status: 404,
    })
  })
})

describe('errorFromResponse', () => {
  test('401 is an AuthError with the nested error.message', () => {
    const body = { error: { code: 'invalid_refresh_token', message: 'Refresh token is invalid' } }
    const error = errorFromResponse(401, body)
    expect(error).toBeInstanceOf(AuthError)
    expect(error).toMatchObject({
      message: 'Refresh token is invalid',
      code: 'AUTH_ERROR',
      status: 401,
      details: body,
    })
  })

  test('400 is a ValidationError; a string `error` is the message', () => {
    const error = errorFromResponse(400, { error: 'Bad filter' })
    expect(error).toBeInstanceOf(ValidationError)
    expect(error).toMatchObject({ message: 'Bad filter', code: 'VALIDATION_ERROR', status: 400 })
  })

  test('other statuses are a general PlatformError with that status, message from `message`', () => {
    const body = { code: '42501', message: 'permission denied for table prompts' }
    const error = errorFromResponse(403, body)
    expect(error.constructor).toBe(PlatformError)
    expect(error).toMatchObject({
      message: 'permission denied for table prompts',
      status: 403,
      details: body,
    })
  })

  test.each([[null], ['<html>oops</html>'], [{}], [{ error: { code: 'x' } }], [{ message: 42 }]])(
    'falls back to HTTP <status> for body %j',
    (body) => {
      expect(errorFromResponse(500, body).message).toBe('HTTP 500')
    },
  )

  test('error.message wins over a top-level message', () => {
    expect(errorFromResponse(409, { error: { message: 'inner' }, message: 'outer' }).message).toBe(
      'inner',
    )
  })
})

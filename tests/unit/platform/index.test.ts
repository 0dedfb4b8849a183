import { expect, test } from 'vitest'
import * as platform from '../../../src/platform/index'

test('the public API is re-exported from the index', () => {
  expect(typeof platform.createPlatformClient).toBe('function')
  expect(platform.isTrustedParentOrigin('https://a.test', ['https://a.test'])).toBe(true)
  expect(platform.isTrustedParentOrigin('http://localhost:1', ['https://a.test'])).toBe(false)
  for (const ErrorClass of [
    platform.AuthError,
    platform.NetworkError,
    platform.ValidationError,
    platform.StorageError,
    platform.AIError,
    platform.DataError,
    platform.RealtimeError,
    platform.NotificationsError,
  ]) {
    expect(new ErrorClass('x')).toBeInstanceOf(platform.PlatformError)
  }
})

import { expect, test } from 'vitest'
import {
  exceedsUploadLimit,
  fileTooLargeMessage,
  formatMegabytes,
  MAX_UPLOAD_BYTES,
} from '../../../contract/upload-limit'

test('the limit is 50 MiB, inclusive', () => {
  expect(MAX_UPLOAD_BYTES).toBe(52_428_800)
  expect(exceedsUploadLimit(MAX_UPLOAD_BYTES)).toBe(false)
  expect(exceedsUploadLimit(MAX_UPLOAD_BYTES + 1)).toBe(true)
})

test('sizes read in MB with two decimals, rounded up so an over-limit size never reads 50.00', () => {
  expect(formatMegabytes(MAX_UPLOAD_BYTES + 1)).toBe('50.01')
  expect(formatMegabytes(1.5 * 1024 * 1024)).toBe('1.50')
  expect(formatMegabytes(75 * 1024 * 1024)).toBe('75.00')
  expect(formatMegabytes(0)).toBe('0.00')
})

test('the message is the spec’s', () => {
  expect(fileTooLargeMessage(MAX_UPLOAD_BYTES + 1)).toBe(
    'File size (50.01 MB) exceeds maximum allowed size (50MB)',
  )
  expect(fileTooLargeMessage(60 * 1024 * 1024)).toBe(
    'File size (60.00 MB) exceeds maximum allowed size (50MB)',
  )
})

/** The upload size limit (50 binary MB): checked by the SDK before sending and by the server. */
export const MAX_UPLOAD_MB = 50
export const BYTES_PER_MB = 1024 * 1024
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * BYTES_PER_MB

/** True when a file of `size` bytes is over the limit (exactly 50 MB is allowed). */
export function exceedsUploadLimit(size: number): boolean {
  return size > MAX_UPLOAD_BYTES
}

/**
 * The size in MB with two decimals, rounded UP: a file one byte over the limit reads
 * "50.01 MB", never "50.00 MB", so the message always shows a number above the limit.
 */
export function formatMegabytes(size: number): string {
  // size × 100 is an exact integer and the divisor a power of two: no rounding error creeps in.
  return (Math.ceil((size * 100) / BYTES_PER_MB) / 100).toFixed(2)
}

/** 'File size (N MB) exceeds maximum allowed size (50MB)', word for word on both sides. */
export function fileTooLargeMessage(size: number): string {
  return `File size (${formatMegabytes(size)} MB) exceeds maximum allowed size (${MAX_UPLOAD_MB}MB)`
}

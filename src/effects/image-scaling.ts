import { detectFileType } from '../../contract/file-type'
import { IMAGE_MAX_SIDE, type ImageMediaType, isImageMediaType } from '../domain/attachments'

/** Above this, an image is re-encoded even when small enough in pixels (Anthropic takes 5 MB). */
const REENCODE_ABOVE_BYTES = 4 * 1024 * 1024
const JPEG_QUALITY = 0.9

export interface ScaledImage {
  bytes: Uint8Array
  mediaType: ImageMediaType
  width: number
  height: number
}

/**
 * An image as every provider takes it (docs/product/attachments.md#images): its longest side at
 * most 2048 px. One that is already small is sent as it is; a larger one is drawn smaller and
 * re-encoded in its own format, and as JPEG when that is still too heavy. A GIF is always drawn
 * as PNG (its first frame): Gemini does not read GIFs. Rejects when the browser cannot decode it.
 */
export async function scaleImage(file: Blob, mediaType: ImageMediaType): Promise<ScaledImage> {
  const bitmap = await createImageBitmap(file)
  try {
    const { width, height } = bitmap
    const longest = Math.max(width, height)
    if (
      mediaType !== 'image/gif' &&
      longest <= IMAGE_MAX_SIDE &&
      file.size <= REENCODE_ABOVE_BYTES
    ) {
      return { bytes: new Uint8Array(await file.arrayBuffer()), mediaType, width, height }
    }
    const factor = Math.min(1, IMAGE_MAX_SIDE / longest)
    const size = {
      width: Math.max(1, Math.round(width * factor)),
      height: Math.max(1, Math.round(height * factor)),
    }
    const canvas = new OffscreenCanvas(size.width, size.height)
    const context = canvas.getContext('2d')
    if (!context) throw new Error('No 2D canvas')
    context.drawImage(bitmap, 0, 0, size.width, size.height)
    const encode = async (type: string) =>
      new Uint8Array(
        await (await canvas.convertToBlob({ type, quality: JPEG_QUALITY })).arrayBuffer(),
      )
    let bytes = await encode(mediaType === 'image/gif' ? 'image/png' : mediaType)
    if (bytes.byteLength > REENCODE_ABOVE_BYTES) bytes = await encode('image/jpeg')
    // The browser may encode another type than asked (one it cannot write): the bytes say which.
    const encoded = detectFileType(bytes).contentType
    if (!isImageMediaType(encoded)) throw new Error('The image could not be encoded')
    return { bytes, mediaType: encoded, ...size }
  } finally {
    bitmap.close()
  }
}

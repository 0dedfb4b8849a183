/** Whether an image's address is on another origin than the page (relative ones are not). */
export function isRemoteImage(src: string, pageOrigin: string): boolean {
  try {
    return new URL(src, pageOrigin).origin !== pageOrigin
  } catch {
    return true
  }
}

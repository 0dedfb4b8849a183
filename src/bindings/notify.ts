import { toast } from 'sonner'
import type { Notice } from '../machines/chat.machine'

/** Shows a machine's notice as a sonner toast (top-right, spec §8.1); failures are also logged. */
export function showToast({ kind, message, durationMs }: Notice): void {
  const options = durationMs === undefined ? undefined : { duration: durationMs }
  if (kind === 'error') toast.error(message, options)
  else if (kind === 'success') toast.success(message, options)
  else toast.info(message, options)
}

export function logError(_: unknown, { error }: { error: unknown }): void {
  console.error(error)
}

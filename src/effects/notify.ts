import { toast } from 'sonner'
import type { Notice } from '../machines/notice'

/**
 * Shows a machine's notice as a sonner toast (top right); an error's text also goes to the
 * console, where a failure is looked for first.
 */
export function showToast({ kind, message, durationMs }: Notice): void {
  const options = durationMs === undefined ? undefined : { duration: durationMs }
  if (kind === 'error') {
    console.error(message)
    toast.error(message, options)
  } else if (kind === 'success') toast.success(message, options)
  else toast.info(message, options)
}

export function logError(_: unknown, { error }: { error: unknown }): void {
  console.error(error)
}

import type { Notice } from '../machines/notice'

/** sonner loads with the first toast, not with the page (docs/performance.md, "Split"). */
const sonner = () => import('sonner')

/**
 * Shows a machine's notice as a sonner toast (top right); an error's text also goes to the
 * console, where a failure is looked for first.
 */
export function showToast({ kind, message, durationMs }: Notice): void {
  const options = durationMs === undefined ? undefined : { duration: durationMs }
  if (kind === 'error') console.error(message)
  void sonner().then(({ toast }) => {
    if (kind === 'error') toast.error(message, options)
    else if (kind === 'success') toast.success(message, options)
    else toast.info(message, options)
  })
}

export function logError(_: unknown, { error }: { error: unknown }): void {
  console.error(error)
}

/** A toast a machine asks for; the effects show it (docs/architecture.md, "Effects"). */
export interface Notice {
  kind: 'success' | 'error' | 'info'
  message: string
  /** How long the toast stays; the toaster's default when absent. */
  durationMs?: number
}

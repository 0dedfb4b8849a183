/** A toast a prompt machine asks for; the binding shows it with sonner (spec §8.1). */
export interface Notice {
  kind: 'success' | 'error' | 'info'
  message: string
}

export function notProvided(name: string): Error {
  return new Error(`'${name}' not provided`)
}

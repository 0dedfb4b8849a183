/** The shapes an object request may ask for, as the Vercel AI SDK names them. */
export const OBJECT_OUTPUTS = ['object', 'array', 'enum', 'no-schema'] as const

export type ObjectOutput = (typeof OBJECT_OUTPUTS)[number]

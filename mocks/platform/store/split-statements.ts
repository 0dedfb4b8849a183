/**
 * Splits a script into statements on top-level semicolons, keeping `$$` / `$fn$` bodies
 * whole: a transaction's query() takes one statement at a time on both drivers.
 */
export function splitStatements(script: string): string[] {
  const statements: string[] = []
  let current = ''
  let dollarTag: string | null = null
  for (let i = 0; i < script.length; i++) {
    const rest = script.slice(i)
    const tag = rest.match(/^\$[a-z_]*\$/i)?.[0]
    if (tag && (dollarTag === null || dollarTag === tag)) {
      dollarTag = dollarTag === null ? tag : null
      current += tag
      i += tag.length - 1
      continue
    }
    if (script[i] === '-' && script[i + 1] === '-' && dollarTag === null) {
      const end = script.indexOf('\n', i)
      i = end === -1 ? script.length : end
      current += '\n'
      continue
    }
    if (script[i] === ';' && dollarTag === null) {
      if (current.trim()) statements.push(current.trim())
      current = ''
      continue
    }
    current += script[i]
  }
  if (current.trim()) statements.push(current.trim())
  return statements
}

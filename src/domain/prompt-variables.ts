/**
 * Variables in a prompt's content (docs/product/variables.md): `{{name}}`, `{{name:default}}`
 * and `{{name:a|b|c}}`, a choice. Parsing is total: any text parses, and whatever is not a
 * well-formed variable stays plain text. No imports, so the extension can share it.
 */

/** One distinct variable, as the fill-in form shows it. */
export interface PromptVariable {
  name: string
  /** What the form starts with: the written default, the first choice, or ''. */
  defaultValue: string
  /** The choices of `{{name:a|b|c}}`, in order; empty for a free-text variable. */
  options: string[]
}

/** One place a variable is written in the text. */
export interface VariableToken {
  name: string
  /** Exactly as written, braces included. */
  raw: string
  /** Where `raw` starts in the text. */
  start: number
}

export type TemplatePart =
  | { kind: 'text'; text: string }
  | { kind: 'variable'; token: VariableToken }

export interface ParsedPrompt {
  /** The text cut into literal text and variables; joined back, they are the text. */
  parts: TemplatePart[]
  /** Distinct variables in order of first use; the first use sets the default and choices. */
  variables: PromptVariable[]
}

/** What a form holds: a value per variable name. */
export type VariableValues = Readonly<Record<string, string>>

// Two braces, anything without braces or a line break, two braces. No braces inside means a
// nested or unbalanced brace can never be part of a variable: it stays text around one.
const TOKEN = /\{\{([^{}\n\r]*)\}\}/g
// A name: letters, marks, digits, `_`, `-` and `.`, words joined by single spaces. Handlebars'
// `{{#each}}`, `{{/if}}` or `{{> partial}}` are therefore text, not variables.
const NAME = /^[\p{L}\p{M}\p{N}_.-]+(?: [\p{L}\p{M}\p{N}_.-]+)*$/u

interface Definition {
  name: string
  variable: PromptVariable
}

/** What `{{inner}}` defines, or null when it is not a variable. */
function define(inner: string): Definition | null {
  const colon = inner.indexOf(':')
  const name = (colon === -1 ? inner : inner.slice(0, colon)).trim()
  if (!NAME.test(name)) return null
  if (colon === -1) return { name, variable: { name, defaultValue: '', options: [] } }
  const rest = inner.slice(colon + 1)
  if (!rest.includes('|')) {
    return { name, variable: { name, defaultValue: rest.trim(), options: [] } }
  }
  const options = [...new Set(rest.split('|').map((option) => option.trim()))].filter(Boolean)
  return { name, variable: { name, defaultValue: options[0] ?? '', options } }
}

/** Cuts the text into literal text and variables. Never throws. */
export function parsePrompt(text: string): ParsedPrompt {
  const parts: TemplatePart[] = []
  const variables: PromptVariable[] = []
  const seen = new Set<string>()
  let literal = ''
  let from = 0
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index
    const definition = define(match[1] ?? '')
    literal += text.slice(from, start)
    from = start + match[0].length
    if (!definition) {
      literal += match[0]
      continue
    }
    if (literal) parts.push({ kind: 'text', text: literal })
    literal = ''
    parts.push({ kind: 'variable', token: { name: definition.name, raw: match[0], start } })
    if (!seen.has(definition.name)) {
      seen.add(definition.name)
      variables.push(definition.variable)
    }
  }
  literal += text.slice(from)
  if (literal) parts.push({ kind: 'text', text: literal })
  return { parts, variables }
}

/** The distinct variables of a text, in order of first use. */
export function promptVariables(text: string): PromptVariable[] {
  return parsePrompt(text).variables
}

/** Whether running or inserting this text needs the fill-in form. */
export function hasVariables(text: string): boolean {
  return promptVariables(text).length > 0
}

/** The text with every variable written as `value(token)`; literal text stays as it is. */
export function renderPrompt(
  parsed: ParsedPrompt,
  value: (token: VariableToken) => string,
): string {
  return parsed.parts.map((part) => (part.kind === 'text' ? part.text : value(part.token))).join('')
}

/** The value a variable gets: the one given, else its default. */
export function variableValue(variable: PromptVariable, values: VariableValues): string {
  return Object.hasOwn(values, variable.name)
    ? (values[variable.name] ?? '')
    : variable.defaultValue
}

/** The form's starting values: each variable's default (a choice's first option). */
export function defaultValues(variables: readonly PromptVariable[]): Record<string, string> {
  const values: Record<string, string> = {}
  for (const variable of variables) values[variable.name] = variable.defaultValue
  return values
}

/**
 * The text with every variable replaced by its value (missing values by the default). A value
 * is put in as it is: text in it that looks like a variable is not filled again.
 */
export function fillPrompt(text: string, values: VariableValues): string {
  const parsed = parsePrompt(text)
  const byName = new Map(parsed.variables.map((variable) => [variable.name, variable]))
  return renderPrompt(parsed, (token) => {
    const variable = byName.get(token.name)
    return variable ? variableValue(variable, values) : token.raw
  })
}

import { parseFilter } from '../rest/filter-syntax'
import { sqlLiteral } from '../rest/request-role'
import { RestError } from '../rest/rest-error'

/** A change subscription's filter: one column equal to a value, or to one of a list. */
export interface ChangeFilter {
  column: string
  values: string[]
}

/**
 * `col=eq.value` or `col=in.(a,b)`, read with the table API's own parser
 * (docs/wire-contract.md, "Changes"); anything else is refused with the reason. The column is
 * checked against the table by the caller.
 */
export function parseChangeFilter(text: string): ChangeFilter | { error: string } {
  const at = text.indexOf('=')
  if (at <= 0) return { error: 'A filter is column=eq.value or column=in.(a,b)' }
  try {
    const filter = parseFilter(text.slice(0, at), text.slice(at + 1))
    if (filter.negated || (filter.op !== 'eq' && filter.op !== 'in')) {
      return { error: 'Change filters support only eq and in' }
    }
    const values = filter.op === 'in' ? filter.value : [filter.value]
    return { column: filter.column, values }
  } catch (error) {
    if (error instanceof RestError) return { error: `Invalid filter: ${error.message}` }
    throw error
  }
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`

/** The filter as a condition on alias `t`; values are literals the column's type casts. */
export function filterCondition(filter: ChangeFilter | null): string {
  if (!filter) return 'true'
  if (!filter.values.length) return 'false'
  return `t.${quoteIdent(filter.column)} in (${filter.values.map(sqlLiteral).join(', ')})`
}

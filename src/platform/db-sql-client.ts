import { keysToCamel } from './case-conversion'
import { PlatformError } from './errors'
import type { HttpClient } from './http-client'

export type BatchStatement = string | { query: string; params?: unknown[] }

export interface SqlClient {
  /** One parameterised data statement under the caller's role (row-level security holds). */
  sql<Row = Record<string, unknown>>(query: string, params?: unknown[]): Promise<Row[]>
  /** Several statements in one transaction: all or nothing. Mode `read` refuses writes. */
  batch(
    statements: ReadonlyArray<BatchStatement>,
    mode?: 'read' | 'write',
  ): Promise<Array<{ rows: Array<Record<string, unknown>> }>>
}

const invalidResponse = (data: unknown) =>
  new PlatformError('Invalid response format from database', {
    code: 'INVALID_RESPONSE',
    details: data,
  })

const camelRows = <Row>(rows: unknown[]) => rows.map((row) => keysToCamel(row) as Row)

/**
 * `POST /sql` and `POST /batch` (docs/product/calls.md#platform-calls). Keys are not converted on the way out: `params`
 * are the caller's values, sent as given. Result columns come back camelCased.
 */
export function createSqlClient(http: HttpClient, base: string): SqlClient {
  return {
    async sql<Row>(query: string, params: unknown[] = []) {
      const { data } = await http.request<{ rows?: unknown[] }>(`${base}/sql`, {
        method: 'POST',
        body: { query, params },
        convertKeys: false,
      })
      if (!Array.isArray(data?.rows)) throw invalidResponse(data)
      return camelRows<Row>(data.rows)
    },

    async batch(statements, mode = 'write') {
      const { data } = await http.request<{ results?: Array<{ rows?: unknown[] }> }>(
        `${base}/batch`,
        {
          method: 'POST',
          body: {
            mode,
            statements: statements.map((s) =>
              typeof s === 'string' ? { query: s, params: [] } : { params: [], ...s },
            ),
          },
          convertKeys: false,
        },
      )
      if (!Array.isArray(data?.results)) throw invalidResponse(data)
      return data.results.map((result) => ({
        rows: camelRows<Record<string, unknown>>(result.rows ?? []),
      }))
    },
  }
}

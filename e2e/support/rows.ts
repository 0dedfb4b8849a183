import type { Page } from '@playwright/test'

// Rows written as the signed-in user, as a script or another device would, to set a scene.

const PROJECT = 'prompt-chat'

/** Writes rows as the signed-in user, through the platform's REST API with the page's session. */
export async function postRows(page: Page, table: string, rows: unknown[]): Promise<void> {
  await page.evaluate(
    async ({ table, rows, project }) => {
      const tokens = JSON.parse(localStorage.getItem('auth_tokens') ?? '{}')
      const res = await fetch(`/api/db/${project}/rest/v1/${table}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${tokens.access_token}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(rows),
      })
      if (!res.ok) throw new Error(`${table}: ${res.status} ${await res.text()}`)
    },
    { table, rows, project: PROJECT },
  )
}

/** The signed-in user's id, from the page's access token. */
export const userIdOf = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const tokens = JSON.parse(localStorage.getItem('auth_tokens') ?? '{}')
    return JSON.parse(atob(tokens.access_token.split('.')[1])).sub as string
  })

/** Reads rows as the signed-in user, through the platform's REST API with the page's session. */
export async function readRows<Row>(page: Page, table: string, query: string): Promise<Row[]> {
  return page.evaluate(
    async ({ table, query, project }) => {
      const tokens = JSON.parse(localStorage.getItem('auth_tokens') ?? '{}')
      const res = await fetch(`/api/db/${project}/rest/v1/${table}?${query}`, {
        headers: { Authorization: `Bearer ${tokens.access_token}` },
      })
      if (!res.ok) throw new Error(`${table}: ${res.status} ${await res.text()}`)
      return res.json()
    },
    { table, query, project: PROJECT },
  )
}

/** Must match APP_CONFIG_ELEMENT_ID in src/app/config.ts, which reads it. */
const ELEMENT_ID = 'app-config'

/**
 * index.html with a runtime config element the app reads at start. It is a JSON script, so
 * nothing runs; `<` is escaped so no value can close the element early.
 */
export function injectAppConfig(html: string, config: unknown): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  const element = `<script id="${ELEMENT_ID}" type="application/json">${json}</script>`
  if (/<\/head>/i.test(html)) return html.replace(/<\/head>/i, `${element}</head>`)
  return element + html
}

import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import type { ActorRefFrom } from 'xstate'
import { formatCost, formatTokens } from '../../domain/model-prices'
import { type ProviderUsage, providerLabel } from '../../domain/usage-by-provider'
import { USAGE_FAILED_MESSAGE, type usageMachine } from '../../machines/usage.machine'
import { useAppActors } from '../shell/app-actors'
import { monthlyUsage } from './monthly-usage.recipe'

const styles = monthlyUsage()
const NONE: ProviderUsage[] = []
const monthName = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' })

/**
 * This month's tokens and cost per provider (docs/product/usage.md), read again each time it
 * is shown. Costs use the price table the app ships; models without a price count tokens only.
 * The usage actor is one of the extras (docs/architecture.md): shown before their code has
 * come, it reads `Loading…` and asks for them.
 */
export function MonthlyUsage({ usage }: { usage?: ActorRefFrom<typeof usageMachine> }) {
  const { app } = useAppActors()
  useEffect(() => {
    if (usage) usage.send({ type: 'usage.refresh' })
    else app.send({ type: 'extras.preload' })
  }, [usage, app])
  const rows = useSelector(usage, (s) => s?.context.byProvider ?? NONE)
  const month = useSelector(usage, (s) => s?.context.month ?? null)
  const loading = useSelector(usage, (s) => s?.hasTag('loading') ?? true)
  const failed = useSelector(usage, (s) => s?.hasTag('error') ?? false)
  const title = `Usage in ${monthName.format(month ? new Date(month) : new Date())}`
  return (
    <section aria-label="Usage this month" aria-busy={loading} className={styles.root}>
      <h3 className={styles.title}>{title}</h3>
      {failed ? (
        <p role="alert" className={styles.note}>
          {USAGE_FAILED_MESSAGE}
        </p>
      ) : rows.length === 0 ? (
        <p className={styles.note}>{loading ? 'Loading…' : 'No replies yet this month.'}</p>
      ) : (
        <table className={styles.table}>
          <thead className={styles.head}>
            <tr>
              <th scope="col">Provider</th>
              <th scope="col">Tokens</th>
              <th scope="col">Cost</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ provider, total }) => (
              <tr key={provider}>
                <th scope="row" className={styles.cell}>
                  {providerLabel(provider)}
                </th>
                <td className={styles.number}>{formatTokens(total.totalTokens)}</td>
                <td className={styles.number}>
                  {total.replies > total.unpriced ? formatCost(total.cost) : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className={styles.note}>
        Costs are estimates from list prices; your provider's bill decides.
      </p>
    </section>
  )
}

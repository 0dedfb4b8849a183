const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * How long ago `iso` was, as the conversations list shows it: 'just now', '5 min ago',
 * '3 h ago', 'yesterday', '4 days ago', then the date ('May 3', with the year when it is not
 * this one). A time in the future (another clock) counts as 'just now'.
 */
export function relativeTime(iso: string, nowMs: number): string {
  const then = Date.parse(iso)
  if (Number.isNaN(then)) return ''
  const ago = nowMs - then
  if (ago < MINUTE) return 'just now'
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`
  if (ago < 2 * DAY) return 'yesterday'
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)} days ago`
  const date = new Date(then)
  const sameYear = date.getFullYear() === new Date(nowMs).getFullYear()
  return date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  })
}

import type { SearchParams } from './search-results'

const MAX_QUERY_LENGTH = 2048
const LANGUAGE = /^[a-z]{2,3}(-[a-z]{2,4})?$/i

/** Reads a search body (`q`, `location`, `hl`, `tbm`, `num`); a string is the 400's message. */
export function readSearchParams(body: Record<string, unknown>): SearchParams | string {
  const { q, location, hl, tbm, num } = body
  if (typeof q !== 'string' || !q.trim()) return 'The q field is required and must be a string'
  if (q.length > MAX_QUERY_LENGTH) return `q must be at most ${MAX_QUERY_LENGTH} characters`
  if (location !== undefined && location !== null && typeof location !== 'string') {
    return 'location must be a string'
  }
  if (hl !== undefined && hl !== null && (typeof hl !== 'string' || !LANGUAGE.test(hl))) {
    return 'hl must be a language code such as en or pt-BR'
  }
  if (tbm !== undefined && tbm !== null && tbm !== '' && tbm !== 'nws' && tbm !== 'isch') {
    return 'tbm must be nws (news) or isch (images)'
  }
  if (
    num !== undefined &&
    num !== null &&
    (typeof num !== 'number' || !Number.isInteger(num) || num < 1 || num > 100)
  ) {
    return 'num must be a whole number from 1 to 100'
  }
  return {
    q,
    location: typeof location === 'string' && location.trim() ? location.trim() : undefined,
    hl: typeof hl === 'string' ? hl : 'en',
    tbm: tbm === 'nws' || tbm === 'isch' ? tbm : undefined,
    num: typeof num === 'number' ? num : 10,
  }
}

/**
 * A CSV reader after RFC 4180 (docs/product/prompt-files.md#csv): fields split by commas,
 * records by CRLF, LF or CR; a field in double quotes may hold commas, line breaks and `""`
 * for one quote. A leading byte-order mark and empty lines are skipped, and a line break at
 * the end of the file ends the last record rather than starting an empty one.
 *
 * Lenient where the RFC is silent: a quote inside an unquoted field is kept as text. Strict
 * where a file is broken: a quote that is never closed, or text right after a closing quote.
 */
export type CsvRead =
  | { ok: true; rows: string[][] }
  /** `row` counts records from 1, the header included, as a spreadsheet numbers its rows. */
  | { ok: false; row: number; problem: 'unclosed quote' | 'text after quote' }

export function readCsv(text: string): CsvRead {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  // Whether the current record has begun (an empty line has not).
  let started = false
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  const endRecord = () => {
    if (started) rows.push([...row, field])
    row = []
    field = ''
    started = false
  }
  while (i < text.length) {
    const char = text[i] as string
    if (quoted) {
      if (char !== '"') {
        field += char
        i++
        continue
      }
      if (text[i + 1] === '"') {
        field += '"'
        i += 2
        continue
      }
      quoted = false
      i++
      const next = text[i]
      if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
        return { ok: false, row: rows.length + 1, problem: 'text after quote' }
      }
      continue
    }
    if (char === ',') {
      row.push(field)
      field = ''
      started = true
      i++
    } else if (char === '\r' || char === '\n') {
      endRecord()
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1
    } else if (char === '"' && field === '') {
      quoted = true
      started = true
      i++
    } else {
      field += char
      started = true
      i++
    }
  }
  if (quoted) return { ok: false, row: rows.length + 1, problem: 'unclosed quote' }
  endRecord()
  return { ok: true, rows }
}

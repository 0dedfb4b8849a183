/** A character reference: numeric (decimal or hex) or named (letters and digits only). */
const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));/g

let decoder: HTMLTextAreaElement | null = null
const named = new Map<string, string>()

/** What a named reference stands for, or the reference itself when the browser knows no such name. */
function decodeNamed(name: string): string {
  const known = named.get(name)
  if (known !== undefined) return known
  const reference = `&${name};`
  let value = reference
  if (typeof document !== 'undefined') {
    // The name is letters and digits only (REFERENCE), so this can only ever be one entity: the
    // same technique as decode-named-character-reference, which react-markdown used.
    decoder ??= document.createElement('textarea')
    decoder.innerHTML = reference
    // A name that only starts with a legacy one (`&ampx;` reads as `&` + `x;`) is no reference.
    if ([...decoder.value].length <= 2) value = decoder.value
  }
  named.set(name, value)
  return value
}

function codePoint(value: number): string {
  return value === 0 || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff)
    ? '\uFFFD'
    : String.fromCodePoint(value)
}

/** Text with its character references (`&amp;`, `&#169;`, `&#x1F600;`) resolved, as CommonMark says. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(REFERENCE, (_, decimal?: string, hex?: string, name?: string) => {
    if (decimal !== undefined) return codePoint(Number.parseInt(decimal, 10))
    if (hex !== undefined) return codePoint(Number.parseInt(hex, 16))
    return decodeNamed(name!)
  })
}

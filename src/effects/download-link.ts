/**
 * Downloads `href` as `name` the way a link with a `download` attribute does, so the page stays
 * put: the install dialog's zip, and the prompt export's file.
 */
export function downloadByLink(href: string, name: string): void {
  const link = document.createElement('a')
  link.href = href
  link.download = name
  link.rel = 'noopener'
  document.body.append(link)
  try {
    link.click()
  } finally {
    link.remove()
  }
}

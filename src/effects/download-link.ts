/**
 * Downloads `href` as `name` the way a link with a `download` attribute does, so the page stays
 * put: the install dialog's zip, and the files below.
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

/** A file the app writes for the user: its name, media type and text. */
export interface SavedFile {
  name: string
  type: string
  text: string
}

/** Downloads a file made in the page: the prompt export, a conversation's export. */
export function saveByLink(file: SavedFile): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.type }))
  try {
    downloadByLink(url, file.name)
  } finally {
    // Revoked on the next turn: the download has its own reference by then.
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
}

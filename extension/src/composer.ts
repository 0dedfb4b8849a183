/**
 * Reading and writing a chat site's message box: a `<textarea>` or a contenteditable editor
 * (ProseMirror on chatgpt.com and claude.ai, Quill on gemini.google.com).
 */

export function isTextArea(el: Element): el is HTMLTextAreaElement | HTMLInputElement {
  return el.tagName === 'TEXTAREA' || el.tagName === 'INPUT'
}

const BLOCKS = new Set(['P', 'DIV', 'PRE', 'BLOCKQUOTE', 'H1', 'H2', 'H3', 'LI', 'UL', 'OL'])

/**
 * The composer's text. An editor keeps one block (`<p>`) per line: their texts, one a line
 * (an empty placeholder paragraph is an empty line).
 */
export function getComposerText(el: HTMLElement): string {
  if (isTextArea(el)) return el.value
  const children = [...el.children]
  if (children.length > 0 && children.every((child) => BLOCKS.has(child.tagName))) {
    return children
      .map((child) => child.textContent ?? '')
      .join('\n')
      .replace(/\n+$/, '')
  }
  return el.textContent ?? ''
}

const normalized = (text: string) => text.replace(/\s+/g, ' ').trim()

/**
 * Replaces the composer's text with `text` and lets the site know, as typing would: a
 * textarea through its native value setter (so frameworks see the change) and an `input`
 * event; an editor by a paste of plain text (which ProseMirror and Quill handle themselves),
 * else the browser's insertText command, else its paragraphs set directly and an `input` event.
 */
export function setComposerText(el: HTMLElement, text: string): void {
  const doc = el.ownerDocument
  el.focus()
  if (isTextArea(el)) {
    const proto = Object.getPrototypeOf(el) as object
    const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set
    if (setter) setter.call(el, text)
    else el.value = text
    el.setSelectionRange?.(text.length, text.length)
    el.dispatchEvent(new Event('input', { bubbles: true }))
    el.dispatchEvent(new Event('change', { bubbles: true }))
    return
  }
  selectContents(el)
  if (pasteText(el, text)) return
  const inserted =
    typeof doc.execCommand === 'function' && doc.execCommand('insertText', false, text)
  if (inserted && normalized(getComposerText(el)) === normalized(text)) return
  el.replaceChildren(
    ...text.split('\n').map((line) => {
      const p = doc.createElement('p')
      if (line) p.textContent = line
      else p.append(doc.createElement('br'))
      return p
    }),
  )
  placeCaretAtEnd(el)
  el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }))
}

function selectContents(el: HTMLElement) {
  const selection = el.ownerDocument.getSelection()
  if (!selection) return
  const range = el.ownerDocument.createRange()
  range.selectNodeContents(el)
  selection.removeAllRanges()
  selection.addRange(range)
}

function placeCaretAtEnd(el: HTMLElement) {
  const selection = el.ownerDocument.getSelection()
  if (!selection) return
  const range = el.ownerDocument.createRange()
  range.selectNodeContents(el)
  range.collapse(false)
  selection.removeAllRanges()
  selection.addRange(range)
}

/** A synthetic paste; true when the editor took it (it cancels the event to handle it). */
function pasteText(el: HTMLElement, text: string): boolean {
  const win = el.ownerDocument.defaultView
  if (!win || typeof win.DataTransfer !== 'function' || typeof win.ClipboardEvent !== 'function')
    return false
  try {
    const data = new win.DataTransfer()
    data.setData('text/plain', text)
    const event = new win.ClipboardEvent('paste', {
      clipboardData: data,
      bubbles: true,
      cancelable: true,
    })
    el.dispatchEvent(event)
    return event.defaultPrevented
  } catch {
    return false
  }
}

import { afterEach, describe, expect, it, vi } from 'vitest'
import { getComposerText, setComposerText } from '../../extension/src/composer'

describe('inserting into a composer', () => {
  afterEach(() => {
    document.body.replaceChildren()
  })

  it('sets a textarea through its native setter and fires input', () => {
    const textarea = document.createElement('textarea')
    document.body.append(textarea)
    // What React does: an own `value` property that tracks writes, so that a plain
    // `textarea.value = …` looks like no change to its onChange.
    const native = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!
    let tracked = ''
    Object.defineProperty(textarea, 'value', {
      configurable: true,
      get: () => native.get!.call(textarea),
      set: (next: string) => {
        tracked = next
        native.set!.call(textarea, next)
      },
    })
    let reactSaw = ''
    textarea.addEventListener('input', () => {
      if (textarea.value !== tracked) reactSaw = textarea.value
    })
    setComposerText(textarea, 'Hello\nworld')
    expect(textarea.value).toBe('Hello\nworld')
    expect(reactSaw).toBe('Hello\nworld')
    expect(document.activeElement).toBe(textarea)
    expect(getComposerText(textarea)).toBe('Hello\nworld')
  })

  it('sets a contenteditable editor one paragraph a line and fires input', () => {
    const editor = document.createElement('div')
    editor.contentEditable = 'true'
    editor.className = 'ProseMirror'
    editor.innerHTML = '<p>old text</p>'
    document.body.append(editor)
    const onInput = vi.fn()
    editor.addEventListener('input', onInput)
    setComposerText(editor, 'System rules\n\nMy question')
    expect([...editor.children].map((p) => p.tagName)).toEqual(['P', 'P', 'P'])
    expect(getComposerText(editor)).toBe('System rules\n\nMy question')
    expect(onInput).toHaveBeenCalledTimes(1)
    expect(onInput.mock.calls[0]![0]).toMatchObject({ inputType: 'insertText' })
  })

  it('leaves it to an editor that handles the paste itself', () => {
    const editor = document.createElement('div')
    editor.contentEditable = 'true'
    editor.innerHTML = '<p><br></p>'
    document.body.append(editor)
    const win = window as unknown as Record<string, unknown>
    const saved = { DataTransfer: win.DataTransfer, ClipboardEvent: win.ClipboardEvent }
    class FakeDataTransfer {
      data = new Map<string, string>()
      setData(type: string, value: string) {
        this.data.set(type, value)
      }
    }
    class FakeClipboardEvent extends Event {
      clipboardData: FakeDataTransfer
      constructor(type: string, init: EventInit & { clipboardData: FakeDataTransfer }) {
        super(type, init)
        this.clipboardData = init.clipboardData
      }
    }
    win.DataTransfer = FakeDataTransfer
    win.ClipboardEvent = FakeClipboardEvent
    try {
      editor.addEventListener('paste', (event) => {
        event.preventDefault() // as ProseMirror and Quill do
        const text = (event as unknown as FakeClipboardEvent).clipboardData.data.get('text/plain')
        editor.innerHTML = `<p>${text}</p>`
      })
      setComposerText(editor, 'Pasted prompt')
      expect(editor.innerHTML).toBe('<p>Pasted prompt</p>')
    } finally {
      Object.assign(win, saved)
    }
  })

  it('reads an empty editor (a placeholder paragraph) as empty', () => {
    const editor = document.createElement('div')
    editor.contentEditable = 'true'
    editor.innerHTML = '<p data-placeholder="Ask anything"><br></p>'
    expect(getComposerText(editor)).toBe('')
  })
})

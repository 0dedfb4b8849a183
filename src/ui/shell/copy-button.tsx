import { useEffect, useState } from 'react'
import { CheckIcon, CopyIcon } from './session-icons'

/** How long the button says 'Copied'. */
const COPIED_FEEDBACK_MS = 1500

/**
 * Puts `text` on the clipboard and says 'Copied' for a moment. A plain button rather than
 * Ark's Clipboard: a long history holds a copy button per message and per code block, and one
 * state machine each made the first render measurably slower (bench:ui).
 */
export function CopyButton({
  text,
  label,
  className,
}: {
  text: string
  /** The button's accessible name ('Copy code', 'Copy message'); it shows 'Copy'. */
  label: string
  className: string
}) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS)
    return () => clearTimeout(timer)
  }, [copied])
  return (
    <button
      type="button"
      aria-label={label}
      className={className}
      onClick={() =>
        navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => {},
        )
      }
    >
      {copied ? <CheckIcon width={14} height={14} /> : <CopyIcon width={14} height={14} />}
      {copied ? 'Copied' : 'Copy'}
    </button>
  )
}

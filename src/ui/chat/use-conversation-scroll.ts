import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'

/** How near the bottom of the page counts as back at the end (px). */
const AT_END = 24
/** How long the place is held while an older page settles (ms). */
const HOLD_MS = 2000
/** What the user scrolls with: any of them ends holding the place. */
const USER_SCROLLS = ['wheel', 'keydown', 'touchstart', 'pointerdown'] as const
/** Keys that scroll the page up when no field has the focus. */
const SCROLL_UP_KEYS = ['PageUp', 'ArrowUp', 'Home']
/** How near the top of the page an older page is asked for (px): before the user gets there. */
const OLDER_PAGE_MARGIN = 1200

export interface ConversationScrollOptions {
  /** The first message on screen: a change is an older page put before it, or another conversation. */
  firstId: string | undefined
  /** Changes whenever the end grows: a message added, the streaming reply longer. */
  growth: string
  /** A turn started (the user sent): follow again, to show it. */
  sending: boolean
  hasOlder: boolean
  loadingOlder: boolean
  onOlder: () => void
  /** The rows keep the place themselves as an older page goes above (virtual rows do). */
  keepsPlace: boolean
}

/** Where the message the user is reading sat before an older page went above it. */
export interface ReadingPlace {
  id: string
  top: number
}

const messageElements = () =>
  document.querySelectorAll<HTMLElement>('[aria-label="Conversation"] [data-message-id]')

/** The first message whose bottom is below the top of the window: what the user is reading. */
function readingPlace(): ReadingPlace | null {
  for (const element of messageElements()) {
    const box = element.getBoundingClientRect()
    if (box.bottom > 0) return { id: element.dataset.messageId ?? '', top: box.top }
  }
  return null
}

/** The bottom of the page, where the page's padding keeps the last message above the composer. */
const scrollToEnd = () => window.scrollTo?.({ top: document.documentElement.scrollHeight })

const messageAt = (id: string) =>
  document.querySelector<HTMLElement>(`[aria-label="Conversation"] [data-message-id="${id}"]`)

/**
 * Keeps the message the user reads where it was while an older page goes above it and is
 * formatted (each message first as typed, then as markdown, in a transition): the list has
 * the browser's own scroll anchoring off, which does nothing at the very top of the page.
 * Until the user scrolls themselves, or the page has settled. False when the message is gone.
 */
function holdPlace(kept: ReadingPlace): boolean {
  const list = document.querySelector<HTMLElement>('[aria-label="Conversation"]')
  if (!list || !messageAt(kept.id)) return false
  const hold = () => {
    const anchor = messageAt(kept.id)
    if (anchor) window.scrollBy(0, anchor.getBoundingClientRect().top - kept.top)
  }
  hold()
  if (typeof ResizeObserver === 'undefined') return true
  const resizes = new ResizeObserver(hold)
  resizes.observe(list)
  const release = () => {
    resizes.disconnect()
    clearTimeout(timer)
    for (const type of USER_SCROLLS) window.removeEventListener(type, release)
  }
  const timer = setTimeout(release, HOLD_MS)
  for (const type of USER_SCROLLS) window.addEventListener(type, release, { passive: true })
  return true
}

/**
 * The conversation's scrolling (docs/product/conversations.md, "Long conversations"): it
 * follows the end while the user is at the end, and stops when they scroll up, with "Jump to
 * latest" to follow again; scrolling near the top asks for the page before, which goes above
 * without moving what the user reads. The page (the document) is the scroller.
 */
export function useConversationScroll(options: ConversationScrollOptions) {
  const { firstId, growth, sending, hasOlder, loadingOlder, onOlder, keepsPlace } = options
  const [following, setFollowing] = useState(true)
  const followingNow = useRef(true)
  const place = useRef<ReadingPlace | null>(null)
  // A conversation just opened is first scrolled to its end; until then, near the top is
  // where it starts, not where the user went.
  const opening = useRef(true)
  const older = useRef({ hasOlder, loadingOlder, onOlder })
  older.current = { hasOlder, loadingOlder, onOlder }

  const follow = useCallback((value: boolean) => {
    followingNow.current = value
    setFollowing(value)
  }, [])

  const askForOlder = useCallback(() => {
    const { hasOlder, loadingOlder, onOlder } = older.current
    if (!hasOlder || loadingOlder) return
    place.current = readingPlace()
    onOlder()
  }, [])

  // The user reaching up stops following at once, before the next follow can pull the page
  // back down (a wheel's smooth scroll takes several frames).
  useEffect(() => {
    const stop = () => {
      if (followingNow.current) follow(false)
    }
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0) stop()
    }
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return
      if (SCROLL_UP_KEYS.includes(event.key)) stop()
    }
    window.addEventListener('wheel', onWheel, { passive: true })
    window.addEventListener('keydown', onKey)
    return () => {
      window.removeEventListener('wheel', onWheel)
      window.removeEventListener('keydown', onKey)
    }
  }, [follow])

  // At most once a frame: scrolled up (a scrollbar or a finger) stops following, back at the
  // end follows again, and near the top asks for the page before. The end moving away as the
  // reply grows is not the user leaving it.
  useEffect(() => {
    let frame = 0
    let lastY = window.scrollY
    const measure = () => {
      frame = 0
      const y = window.scrollY
      const wentUp = y < lastY - 1
      lastY = y
      const fromEnd = document.documentElement.scrollHeight - (y + window.innerHeight)
      if (opening.current) return
      // Still at the end after going up: the page got shorter under the user (a row replaced).
      if (fromEnd <= AT_END) {
        if (!wentUp && !followingNow.current) follow(true)
      } else if (wentUp && followingNow.current) follow(false)
      if (y < OLDER_PAGE_MARGIN) askForOlder()
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [follow, askForOlder])

  // A new first message: an older page above (keep the place), or another conversation.
  const shownFirst = useRef(firstId)
  useLayoutEffect(() => {
    if (firstId === shownFirst.current) return
    shownFirst.current = firstId
    const kept = place.current
    place.current = null
    if (kept && (keepsPlace || holdPlace(kept))) return
    opening.current = true
    follow(true)
  }, [firstId, follow, keepsPlace])

  // The user sent: show their message and the reply as it comes.
  useEffect(() => {
    if (sending) follow(true)
  }, [sending, follow])

  // Following: keep the end in view as it grows, at most once a frame (docs/rendering.md).
  const scrollPending = useRef(false)
  useEffect(() => {
    void growth
    if (!followingNow.current || scrollPending.current) return
    scrollPending.current = true
    requestAnimationFrame(() => {
      scrollPending.current = false
      // The user may have reached up since this frame was asked for.
      if (!followingNow.current) return
      scrollToEnd()
      opening.current = false
    })
  }, [growth, following])

  const jumpToLatest = useCallback(() => {
    follow(true)
    scrollToEnd()
  }, [follow])

  // A search's message is shown where it is, not the end (docs/product/search.md): the view
  // stops following, as if the user had scrolled there; `Jump to latest` follows again.
  const stayAt = useCallback(() => {
    follow(false)
    opening.current = false
  }, [follow])

  return { following, jumpToLatest, askForOlder, place, stayAt }
}

/** The page address, as the effects read and change it (the app supplies the browser's). */
export interface AddressBar {
  currentHref(): string
  /** A full page navigation (login redirect, logout target). */
  navigate(url: string): void
  /** Rewrites the address without a reload (strips tokens, codes and shared prompts). */
  replaceHref(url: string): void
}

/** The address with the browser's history: Back and Forward between conversations. */
export interface AddressHistory extends AddressBar {
  /** Goes to `url` without a reload, as a new entry of the history. */
  pushHref(url: string): void
  /** Calls `listener` each time Back or Forward moves the address; returns a stop. */
  onHistoryMove(listener: () => void): () => void
}

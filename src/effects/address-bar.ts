/** The page address, as the effects read and change it (the app supplies the browser's). */
export interface AddressBar {
  currentHref(): string
  /** A full page navigation (login redirect, logout target). */
  navigate(url: string): void
  /** Rewrites the address without a reload (strips tokens, codes and shared prompts). */
  replaceHref(url: string): void
}

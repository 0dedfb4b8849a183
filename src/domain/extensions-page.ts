/**
 * The browser's extensions page, where an unpacked extension is loaded
 * (docs/product/screens.md#install-extension). A page cannot open it, so the install dialog
 * copies its address instead.
 */
export const EXTENSIONS_PAGE_URL = 'chrome://extensions'

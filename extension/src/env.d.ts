/// <reference types="chrome" />

/** The app's origin, fixed at build time (extension/vite.config.ts, EXTENSION_APP_ORIGIN). */
declare const __APP_ORIGIN__: string

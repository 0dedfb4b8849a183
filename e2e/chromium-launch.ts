/**
 * Debian's Chromium (never a downloaded browser), with the flags this machine needs: without
 * the background-networking ones it keeps dialling hosts the closed network refuses.
 * Shared by the e2e suite and `npm run bench:ui`.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}

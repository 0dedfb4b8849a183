/** Whether this computer's keyboard has ⌘ and ⌥, so shortcuts are named as a Mac names them. */
export function onMac(): boolean {
  return /Mac|iPhone|iPad|iPod/.test(globalThis.navigator?.platform ?? '')
}

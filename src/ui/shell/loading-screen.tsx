import { iconTile } from './icon-tile.recipe'
import { ChatIcon } from './icons'
import { loadingScreen } from './screens.recipe'

export function LoadingScreen() {
  return (
    <div role="status" aria-label="Loading" className={loadingScreen()}>
      <div className={iconTile({ size: 'lg', pulse: 'slow' })}>
        <ChatIcon width={28} height={28} />
      </div>
    </div>
  )
}

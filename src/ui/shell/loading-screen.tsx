import { BrandMark } from './brand-mark'
import { loadingMark, loadingScreen } from './screens.recipe'

/** docs/product/screens.md#loading: the app's mark, pulsing, while the session is checked. */
export function LoadingScreen() {
  return (
    <div role="status" aria-label="Loading" className={loadingScreen()}>
      <div className={loadingMark()}>
        <BrandMark size="lg" />
      </div>
    </div>
  )
}

import { useSelector } from '@xstate/react'
import { sharedPromptBanner } from '../prompts/shared-prompt.recipe'
import { useAppActors } from '../shell/app-actors'
import { button } from '../shell/button.recipe'
import { colorsTab } from './colors.recipe'

const styles = sharedPromptBanner()
const swatches = colorsTab()

/** A theme shared by link: Apply opens it in the editor as a draft; Dismiss leaves the page. */
export function SharedStyleBanner() {
  const { style } = useAppActors()
  const offer = useSelector(style, (s) => (s.hasTag('offered') ? s.context.offer : null))
  if (!offer) return null
  return (
    <section aria-label="Shared theme" className={styles.root}>
      <div className={styles.text}>
        <p className={styles.question}>Try the shared theme?</p>
        <p className={styles.line}>
          <span className={swatches.swatches} aria-hidden="true">
            <span className={swatches.swatch} style={{ background: offer.primaryColor }} />
            <span className={swatches.swatch} style={{ background: offer.accentColor }} />
          </span>
          <span>
            {offer.fontFamily}, {offer.theme === 'auto' ? 'system' : offer.theme} theme. It opens in
            the style editor, where you can save or cancel it.
          </span>
        </p>
      </div>
      <button
        type="button"
        className={button({ variant: 'outline', size: 'sm' })}
        onClick={() => style.send({ type: 'offer.dismiss' })}
      >
        Dismiss
      </button>
      <button
        type="button"
        className={button({ size: 'sm' })}
        onClick={() => style.send({ type: 'offer.apply' })}
      >
        Apply
      </button>
    </section>
  )
}

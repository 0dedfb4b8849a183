import { useSelector } from '@xstate/react'
import { css } from 'styled-system/css'
import { sharedPromptBanner } from '../prompts/shared-prompt.recipe'
import { useAppActors } from '../shell/app-actors'
import { button } from '../shell/button.recipe'

const styles = sharedPromptBanner()
// The theme's two colours as the Colors tab's presets show them, without that tab's recipe,
// which loads with the style editor (docs/performance.md, "Split").
const swatches = {
  swatches: css({ display: 'flex', flexShrink: 0 }),
  swatch: css({
    w: '4',
    h: '4',
    borderRadius: 'full',
    borderWidth: '2px',
    borderColor: 'card',
    _last: { ml: '-1.5' },
  }),
}

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

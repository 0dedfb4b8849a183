import { cx } from 'styled-system/css'
import { BrandMark } from './brand-mark'
import { button } from './button.recipe'
import { signedOutScreen } from './screens.recipe'

const styles = signedOutScreen()

/**
 * docs/product/screens.md#unavailable: the signed-in screen's code did not arrive. Only a
 * reload helps, since a browser may keep a failed import's failure.
 */
export function UnavailableScreen() {
  return (
    <main className={styles.page}>
      <section role="alert" aria-labelledby="unavailable-title" className={styles.card}>
        <BrandMark size="lg" />
        <h1 id="unavailable-title" className={styles.title}>
          Prompt Chat could not load
        </h1>
        <p className={styles.lead}>
          Part of the app did not arrive. Check your connection, then reload the page.
        </p>
        <button
          type="button"
          className={cx(button({ size: 'lg' }), styles.signIn)}
          onClick={() => window.location.reload()}
        >
          Reload
        </button>
      </section>
    </main>
  )
}

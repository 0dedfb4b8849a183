import { cx } from 'styled-system/css'
import { useAppActors } from './app-actors'
import { BrandMark } from './brand-mark'
import { button } from './button.recipe'
import { signedOutScreen } from './screens.recipe'

const styles = signedOutScreen()

/**
 * docs/product/screens.md#unavailable: the signed-in screen's code did not arrive. Only a
 * reload helps, since a browser may keep a failed import's failure. Signing out needs none of
 * that code, so someone leaving a shared computer can still do it here.
 */
export function UnavailableScreen() {
  const { auth } = useAppActors()
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
        <div className={styles.actions}>
          <button
            type="button"
            className={cx(button({ size: 'lg' }), styles.signIn)}
            onClick={() => window.location.reload()}
          >
            Reload
          </button>
          <button
            type="button"
            className={cx(button({ variant: 'outline', size: 'lg' }), styles.signIn)}
            onClick={() => auth.send({ type: 'auth.logout' })}
          >
            Sign Out
          </button>
        </div>
      </section>
    </main>
  )
}

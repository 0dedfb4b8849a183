import { cx } from 'styled-system/css'
import { SharedPromptPreview, useSignInLabel } from '../prompts/shared-prompt-preview'
import { useAppActors } from './app-actors'
import { BrandMark } from './brand-mark'
import { button } from './button.recipe'
import { signedOutScreen } from './screens.recipe'
import { ThemeToggle } from './theme-toggle'

const styles = signedOutScreen()

export function SignedOutScreen() {
  const { auth } = useAppActors()
  const signInLabel = useSignInLabel()
  return (
    <main className={styles.page}>
      <ThemeToggle className={styles.themeToggle} />
      <section aria-labelledby="landing-title" className={styles.card}>
        <BrandMark size="lg" />
        <h1 id="landing-title" className={styles.title}>
          Prompt Chat
        </h1>
        <p className={styles.lead}>
          Choose from leading AI models, manage your prompts, and chat with AI collaboratively.
        </p>
        <SharedPromptPreview />
        <button
          type="button"
          className={cx(button({ size: 'lg' }), styles.signIn)}
          onClick={() => auth.send({ type: 'auth.login' })}
        >
          {signInLabel}
        </button>
      </section>
    </main>
  )
}

import { css, cx } from 'styled-system/css'
import { useAppActors } from './app-actors'
import { BrandMark } from './brand-mark'
import { button } from './recipes/button'
import { SharedPromptPreview, useSignInLabel } from './shared-prompt-preview'
import { ThemeToggle } from './theme-toggle'

export function SignedOutScreen() {
  const { auth } = useAppActors()
  const signInLabel = useSignInLabel()
  return (
    <main className={css({ minH: '100vh', display: 'grid', placeItems: 'center', p: '6' })}>
      <ThemeToggle className={css({ position: 'fixed', top: '4', right: '4' })} />
      <section
        aria-labelledby="landing-title"
        className={css({
          w: 'full',
          maxW: 'md',
          bg: 'card',
          borderWidth: '1px',
          borderColor: 'border',
          borderRadius: 'calc(var(--radius, 8px) * 2)',
          p: { base: '8', md: '10' },
          textAlign: 'center',
          boxShadow: '0 24px 60px -20px rgb(0 0 0 / 0.45)',
        })}
      >
        <BrandMark size="lg" />
        <h1
          id="landing-title"
          className={css({ fontSize: '3xl', fontWeight: 'bold', letterSpacing: 'tight', mb: '3' })}
        >
          Prompt Chat
        </h1>
        <p className={css({ color: 'fg.muted', lineHeight: 'relaxed', mb: '8' })}>
          Choose from leading AI models, manage your prompts, and chat with AI collaboratively.
        </p>
        <SharedPromptPreview />
        <button
          type="button"
          className={cx(button({ size: 'lg' }), css({ w: 'full' }))}
          onClick={() => auth.send({ type: 'auth.login' })}
        >
          {signInLabel}
        </button>
      </section>
    </main>
  )
}

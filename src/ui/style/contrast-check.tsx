import { cx } from 'styled-system/css'
import {
  contrastReport,
  formatRatio,
  MIN_CONTRAST,
  nearestPassingLightness,
} from '../../domain/contrast'
import { button } from '../shell/button.recipe'
import { AlertIcon, CheckIcon } from '../shell/icons'
import { colorsTab } from './colors.recipe'
import { styleDialog } from './style-dialog.recipe'

const styles = colorsTab()
const dialog = styleDialog()

const THEMES = [
  { theme: 'light', label: 'Light theme' },
  { theme: 'dark', label: 'Dark theme' },
] as const

/**
 * WCAG contrast of the primary colour in both themes (docs/product/style.md): text on it, and
 * it on the page. Under 4.5:1 it warns and offers the nearest lightness that passes.
 */
export function ContrastCheck({
  primary,
  onFix,
}: {
  primary: string
  onFix: (hex: string) => void
}) {
  const report = contrastReport(primary)
  return (
    <section aria-labelledby="style-contrast" className={dialog.section}>
      <h3 id="style-contrast" className={dialog.sectionTitle}>
        Contrast
      </h3>
      <div className={styles.contrast}>
        {THEMES.map(({ theme, label }) => {
          const result = report[theme]
          const fix = result.passes ? null : nearestPassingLightness(primary, theme)
          return (
            <section key={theme} aria-label={label} className={styles.contrastTheme}>
              <strong>{label}</strong>
              <Ratio label="Text on primary" ratio={result.textOnPrimary} />
              <Ratio label="Primary on background" ratio={result.primaryOnBackground} />
              {fix && (
                <button
                  type="button"
                  className={cx(button({ variant: 'outline', size: 'sm' }), styles.fix)}
                  onClick={() => onFix(fix)}
                >
                  Use {fix}
                </button>
              )}
              {!result.passes && !fix && (
                <span className={dialog.hint}>No shade of this hue passes here.</span>
              )}
            </section>
          )
        })}
      </div>
      <p className={dialog.hint}>
        Text needs at least {MIN_CONTRAST}:1 to be easy to read (WCAG AA).
      </p>
    </section>
  )
}

function Ratio({ label, ratio }: { label: string; ratio: number }) {
  const passes = ratio >= MIN_CONTRAST
  return (
    <div className={styles.contrastRow}>
      <span>{label}</span>
      <span className={styles.ratio}>
        {passes ? (
          <CheckIcon width={14} height={14} />
        ) : (
          <AlertIcon width={14} height={14} className={styles.warn} />
        )}
        {formatRatio(ratio)}
        <span className={styles.srOnly}>{passes ? 'passes' : 'too low'}</span>
      </span>
    </div>
  )
}

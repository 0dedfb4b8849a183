import { cx } from 'styled-system/css'
import { normalizeHex } from '../../domain/color'
import {
  contrastReport,
  formatRatio,
  MIN_NON_TEXT_CONTRAST,
  nearestPassingLightness,
} from '../../domain/contrast'
import { MIN_CONTRAST } from '../../domain/text-colors'
import { button } from '../shell/button.recipe'
import { AlertIcon, CheckIcon } from '../shell/session-icons'
import { colorsTab } from './colors.recipe'
import { styleDialog } from './style-dialog.recipe'

const styles = colorsTab()
const dialog = styleDialog()

const THEMES = [
  { theme: 'light', label: 'Light theme' },
  { theme: 'dark', label: 'Dark theme' },
] as const

/**
 * WCAG contrast of the primary colour in both themes, as the page paints it
 * (docs/product/style.md#contrast-check): text on it (4.5:1), and it as a button, outline or
 * icon on the page (3:1). Links and badges use a shade that reads at 4.5:1, named when it is
 * not the primary itself. A ratio short of its minimum warns and offers the nearest lightness
 * that passes.
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
              <Ratio label="Text on primary" ratio={result.textOnPrimary} min={MIN_CONTRAST} />
              <Ratio
                label="Primary on background"
                ratio={result.primaryOnBackground}
                min={MIN_NON_TEXT_CONTRAST}
              />
              {result.primaryAsText !== normalizeHex(primary) && (
                <span className={dialog.hint}>As text: {result.primaryAsText}</span>
              )}
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
        Text needs at least {MIN_CONTRAST}:1 to be easy to read, and buttons, outlines and icons{' '}
        {MIN_NON_TEXT_CONTRAST}:1 to be seen (WCAG AA). Links and badges use a shade of the primary
        that reads at {MIN_CONTRAST}:1.
      </p>
    </section>
  )
}

function Ratio({ label, ratio, min }: { label: string; ratio: number; min: number }) {
  const passes = ratio >= min
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

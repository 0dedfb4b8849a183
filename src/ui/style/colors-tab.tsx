import { COLOR_PRESETS } from '../../domain/color-presets'
import type { StyleConfig } from '../../domain/style-config'
import { ColorField } from './color-field'
import { colorsTab } from './colors.recipe'
import { ContrastCheck } from './contrast-check'
import { styleDialog } from './style-dialog.recipe'

const styles = colorsTab()
const dialog = styleDialog()

export interface TabProps {
  draft: StyleConfig
  edit: (patch: Partial<StyleConfig>) => void
}

/** Presets, the primary and accent colours, and how readable the primary is. */
export function ColorsTab({ draft, edit }: TabProps) {
  return (
    <>
      <section aria-labelledby="style-presets" className={dialog.section}>
        <h3 id="style-presets" className={dialog.sectionTitle}>
          Presets
        </h3>
        <div className={styles.presets}>
          {COLOR_PRESETS.map((preset) => (
            <button
              key={preset.name}
              type="button"
              className={styles.preset}
              aria-pressed={
                draft.primaryColor === preset.primary && draft.accentColor === preset.accent
              }
              onClick={() => edit({ primaryColor: preset.primary, accentColor: preset.accent })}
            >
              <span className={styles.swatches} aria-hidden="true">
                <Swatch color={preset.primary} />
                <Swatch color={preset.accent} />
              </span>
              <span className={styles.presetName}>{preset.name}</span>
            </button>
          ))}
        </div>
      </section>
      <ColorField
        label="Primary Color"
        value={draft.primaryColor}
        placeholder="#6366F1"
        onChange={(primaryColor) => edit({ primaryColor })}
      />
      <ColorField
        label="Accent Color"
        value={draft.accentColor}
        placeholder="#F59E0B"
        onChange={(accentColor) => edit({ accentColor })}
      />
      <ContrastCheck
        primary={draft.primaryColor}
        onFix={(primaryColor) => edit({ primaryColor })}
      />
    </>
  )
}

/** A preset's colour dot. Its colour is a checked hex from the presets, set as a variable. */
function Swatch({ color }: { color: string }) {
  return <span className={styles.swatch} style={{ background: color }} />
}

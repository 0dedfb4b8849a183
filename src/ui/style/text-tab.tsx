import { type FontFamily, type FontSize, STYLE_FONTS } from '../../domain/style-config'
import type { TabProps } from './colors-tab'
import { StyleChoice } from './style-choice'

const FONT_SIZES = [
  { value: 'small', label: 'Small', detail: '14px' },
  { value: 'medium', label: 'Medium', detail: '16px' },
  { value: 'large', label: 'Large', detail: '18px' },
] as const satisfies ReadonlyArray<{ value: FontSize; label: string; detail: string }>

const FONTS = STYLE_FONTS.map((font) => ({ value: font, label: font }))

/** The font family and the base font size. */
export function TextTab({ draft, edit }: TabProps) {
  return (
    <>
      <StyleChoice<FontFamily>
        label="Font Family"
        width="wide"
        value={draft.fontFamily as FontFamily}
        options={FONTS}
        onChange={(fontFamily) => edit({ fontFamily })}
      />
      <StyleChoice<FontSize>
        label="Font Size"
        value={draft.fontSize}
        options={FONT_SIZES}
        onChange={(fontSize) => edit({ fontSize })}
      />
    </>
  )
}

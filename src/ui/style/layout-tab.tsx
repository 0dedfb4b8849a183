import type { BorderRadius, Spacing, ThemeChoice } from '../../domain/style-config'
import type { TabProps } from './colors-tab'
import { StyleChoice } from './style-choice'

const RADII = [
  { value: 'none', label: 'None', detail: '0px' },
  { value: 'small', label: 'Small', detail: '4px' },
  { value: 'medium', label: 'Medium', detail: '8px' },
  { value: 'large', label: 'Large', detail: '12px' },
] as const satisfies ReadonlyArray<{ value: BorderRadius; label: string; detail: string }>

const SPACINGS = [
  { value: 'compact', label: 'Compact' },
  { value: 'normal', label: 'Normal' },
  { value: 'spacious', label: 'Spacious' },
] as const satisfies ReadonlyArray<{ value: Spacing; label: string }>

const THEMES = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'Auto (System)' },
] as const satisfies ReadonlyArray<{ value: ThemeChoice; label: string }>

/** Corner radius, spacing and theme (the header's toggle flips the same theme). */
export function LayoutTab({ draft, edit }: TabProps) {
  return (
    <>
      <StyleChoice<BorderRadius>
        label="Border Radius"
        value={draft.borderRadius}
        options={RADII}
        onChange={(borderRadius) => edit({ borderRadius })}
      />
      <StyleChoice<Spacing>
        label="Spacing"
        value={draft.spacing}
        options={SPACINGS}
        onChange={(spacing) => edit({ spacing })}
      />
      <StyleChoice<ThemeChoice>
        label="Theme"
        value={draft.theme}
        options={THEMES}
        onChange={(theme) => edit({ theme })}
      />
    </>
  )
}

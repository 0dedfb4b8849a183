import { cva } from 'styled-system/css'

/**
 * docs/product/limits.md: openai green, anthropic orange, google blue, any other provider gray
 * (a user's OpenAI-compatible server among them, docs/product/servers.md). On the light theme
 * the text takes a darker shade: the 600s on their own tint read under 4.5:1.
 */
const badge = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    px: '2',
    py: '0.5',
    borderRadius: 'full',
    fontSize: 'xs',
    fontWeight: 'medium',
    textTransform: 'lowercase',
    borderWidth: '1px',
    lineHeight: '1.4',
  },
  variants: {
    tone: {
      openai: {
        color: 'green.800',
        bg: 'green.500/12',
        borderColor: 'green.500/30',
        _dark: { color: 'green.300' },
      },
      anthropic: {
        color: 'orange.800',
        bg: 'orange.500/12',
        borderColor: 'orange.500/30',
        _dark: { color: 'orange.300' },
      },
      google: {
        color: 'blue.700',
        bg: 'blue.500/12',
        borderColor: 'blue.500/30',
        _dark: { color: 'blue.300' },
      },
      other: {
        color: 'gray.700',
        bg: 'gray.500/12',
        borderColor: 'gray.500/30',
        _dark: { color: 'gray.300' },
      },
    },
  },
})

export type BadgeTone = 'openai' | 'anthropic' | 'google' | 'other'

export function badgeTone(provider: string): BadgeTone {
  const name = provider.toLowerCase()
  return name === 'openai' || name === 'anthropic' || name === 'google' ? name : 'other'
}

/** A provider's badge; `label` names it instead of the provider (a user's server: its name). */
export function ProviderBadge({ provider, label }: { provider: string; label?: string }) {
  const tone = badgeTone(provider)
  return (
    <span className={badge({ tone })} data-tone={tone}>
      {(label ?? provider).toLowerCase()}
    </span>
  )
}

import { cva } from 'styled-system/css'
import { ChatIcon } from './icons'

const mark = cva({
  base: {
    display: 'grid',
    placeItems: 'center',
    flexShrink: 0,
    color: 'white',
    bgGradient: 'to-br',
    gradientFrom: 'primary',
    gradientTo: 'accent',
  },
  variants: {
    size: {
      sm: { w: '8', h: '8', borderRadius: 'lg' },
      lg: { w: '14', h: '14', borderRadius: 'xl', mx: 'auto', mb: '6' },
    },
  },
})

/** The app's logo tile: the chat bubble on the primary-to-accent gradient. */
export function BrandMark({ size }: { size: 'sm' | 'lg' }) {
  const icon = size === 'sm' ? 16 : 28
  return (
    <span aria-hidden="true" className={mark({ size })}>
      <ChatIcon width={icon} height={icon} />
    </span>
  )
}

import { Tooltip } from '@ark-ui/react/tooltip'
import type { ReactElement } from 'react'
import { createStyleContext } from './style-context'
import { tooltip } from './tooltip.recipe'

const parts = createStyleContext(tooltip)
const Positioner = parts.withProvider(Tooltip.Positioner, 'positioner')
const Content = parts.withContext(Tooltip.Content, 'content')
const Arrow = parts.withContext(Tooltip.Arrow, 'arrow')
const ArrowTip = parts.withContext(Tooltip.ArrowTip, 'arrowTip')

/**
 * Names a control on hover and keyboard focus (Ark UI's Tooltip). The one child is the trigger
 * and must accept a ref (a DOM element). It stays in place rather than in a portal, so a
 * container query on an ancestor (the header's) still reaches it: `className` goes to the
 * positioner, e.g. to hide the tooltip while the control shows its label anyway.
 */
export function AppTooltip({
  label,
  className,
  children,
}: {
  label: string
  className?: string
  children: ReactElement
}) {
  return (
    <Tooltip.Root
      openDelay={300}
      closeDelay={100}
      lazyMount
      unmountOnExit
      positioning={{ placement: 'bottom' }}
    >
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Positioner className={className}>
        <Content>
          <Arrow>
            <ArrowTip />
          </Arrow>
          {label}
        </Content>
      </Positioner>
    </Tooltip.Root>
  )
}

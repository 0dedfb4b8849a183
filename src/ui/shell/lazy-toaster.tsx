import { type ComponentProps, Suspense, useState } from 'react'
import type { Toaster as SonnerToaster } from 'sonner'
import { lazyComponent, useWhenIdle } from './lazy-view'

const Sonner = lazyComponent(() => import('sonner').then((m) => m.Toaster))

/**
 * sonner's Toaster, loaded once the first paint is done (docs/performance.md, "Split"). A toast
 * raised before it mounts is not lost: sonner replays the active toasts to a new Toaster.
 */
export function Toaster(props: ComponentProps<typeof SonnerToaster>) {
  const [wanted, setWanted] = useState(false)
  useWhenIdle(() => setWanted(true))
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <Sonner.Component {...props} />
    </Suspense>
  )
}

import {
  type ComponentType,
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react'

/**
 * A component whose module loads on `preload()` or on its first render (docs/performance.md,
 * "Split"). Rendered inside a Suspense boundary.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined
  let loaded: ComponentType<P> | undefined
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component
      return { default: component }
    })
    return loading
  }
  const Lazy = lazy(preload)
  // Once the code is here, render it directly: React.lazy suspends on its first render even
  // then, and React 19 holds the reveal of a boundary that suspended for up to 300 ms, which
  // is what a returning user's history waited for (docs/performance.md, "Split").
  function Component(props: P) {
    const View = loaded ?? Lazy
    return <View {...props} />
  }
  return { Component, preload }
}

/**
 * A dialog that costs nothing until its code is loaded: by a preload, or by its first opening.
 * Once loaded it is mounted, closed, as an eagerly loaded dialog would be, so that opening it
 * is the same controlled `open` change Ark UI always gets (a dialog mounted already open, in
 * the click that opened it, sees that click's focus outside itself and closes at once). No
 * fallback: a dialog still loading when opened appears when its code has come, never after a
 * spinner's flash. Its props are passed on; `useOpen` may read them (a sheet whose open state
 * is its opener's view state).
 */
export function lazyDialog<P extends object = object>(
  load: () => Promise<ComponentType<P>>,
  useOpen: (props: P) => boolean,
) {
  const lazyView = lazyComponent(load)
  let loaded = false
  const listeners = new Set<() => void>()
  const preload = () =>
    lazyView.preload().then((module) => {
      if (!loaded) {
        loaded = true
        for (const listener of listeners) listener()
      }
      return module
    })
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
  const isLoaded = () => loaded
  function LazyDialog(props: P) {
    const open = useOpen(props)
    const ready = useSyncExternalStore(subscribe, isLoaded, isLoaded)
    // Held closed until settled after mounting, whether it mounted for this very opening or
    // just before it (a preload finishing as the user clicks).
    const [released, setReleased] = useState(false)
    useEffect(() => {
      if (open) void preload()
    }, [open])
    if (!ready) return null
    return (
      <HoldClosed.Provider value={!released}>
        <Suspense fallback={null}>
          <AfterMount onMount={() => setReleased(true)}>
            <lazyView.Component {...props} />
          </AfterMount>
        </Suspense>
      </HoldClosed.Provider>
    )
  }
  return { Dialog: LazyDialog, preload }
}

/** True while a lazy dialog is held closed for its first commit (AppDialog reads it). */
export const HoldClosed = createContext(false)

/**
 * Calls `onMount` two frames after its children have committed (not while they are
 * suspended): Ark's dialog has set itself up by then, and a dialog that opened this one has
 * finished closing and handing focus back.
 */
function AfterMount({ onMount, children }: { onMount: () => void; children: ReactNode }) {
  useEffect(() => {
    let id = requestAnimationFrame(() => {
      id = requestAnimationFrame(onMount)
    })
    return () => cancelAnimationFrame(id)
    // Once, on mount.
  }, [])
  return children
}

type IdleWindow = {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number
  cancelIdleCallback?: (id: number) => void
}

/**
 * Runs `task` once, when the browser is next idle: loading what the next interaction surely
 * needs without competing with the first paint. Where requestIdleCallback is missing (Safari),
 * a short timeout stands in.
 */
export function useWhenIdle(task: () => void) {
  useEffect(() => {
    const win = globalThis as IdleWindow
    if (win.requestIdleCallback && win.cancelIdleCallback) {
      const id = win.requestIdleCallback(task, { timeout: 3000 })
      return () => win.cancelIdleCallback?.(id)
    }
    const id = setTimeout(task, 500)
    return () => clearTimeout(id)
    // Once per mount: the task is a preload, which is idempotent anyway.
  }, [])
}

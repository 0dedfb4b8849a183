import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { panelsMachine } from '../../src/machines/panels.machine'
import { walkEveryTransition } from '../support/model-walk'

/** The panels as the effects provide them, over a storage of one entry. */
function startPanels(kept: boolean) {
  const remembered: boolean[] = []
  const machine = panelsMachine.provide({
    actions: { 'remember sidebar': (_, { hidden }) => void remembered.push(hidden) },
    guards: { 'sidebar was hidden': () => kept },
  })
  const actor = createActor(machine).start()
  const has = (tag: string) => actor.getSnapshot().hasTag(tag)
  return { actor, remembered, has }
}

describe('panels machine', () => {
  it('the sidebar starts as it was left, and each fold or unfold is kept', () => {
    const shown = startPanels(false)
    expect(shown.has('sidebarHidden')).toBe(false)
    shown.actor.send({ type: 'sidebar.toggle' })
    expect(shown.has('sidebarHidden')).toBe(true)
    shown.actor.send({ type: 'sidebar.toggle' })
    expect(shown.has('sidebarHidden')).toBe(false)
    expect(shown.remembered).toEqual([true, false])

    const hidden = startPanels(true)
    expect(hidden.has('sidebarHidden')).toBe(true)
    // Starting as it was left writes nothing.
    expect(hidden.remembered).toEqual([])
  })

  it('the drawer opens and closes by its button or its key, apart from the sidebar', () => {
    const { actor, has, remembered } = startPanels(false)
    actor.send({ type: 'drawer.toggle' })
    expect(has('drawerOpen')).toBe(true)
    expect(has('sidebarHidden')).toBe(false)
    actor.send({ type: 'drawer.open' })
    expect(has('drawerOpen')).toBe(true)
    actor.send({ type: 'drawer.toggle' })
    expect(has('drawerOpen')).toBe(false)
    actor.send({ type: 'drawer.close' })
    expect(has('drawerOpen')).toBe(false)
    expect(remembered).toEqual([])
  })

  it('the shortcut list opens over whatever shows, and closes', () => {
    const { actor, has } = startPanels(true)
    actor.send({ type: 'drawer.open' })
    actor.send({ type: 'shortcuts.open' })
    expect([has('shortcutsOpen'), has('drawerOpen'), has('sidebarHidden')]).toEqual([
      true,
      true,
      true,
    ])
    actor.send({ type: 'shortcuts.close' })
    expect(has('shortcutsOpen')).toBe(false)
  })
})

describe('panels machine model', () => {
  it('walks every declared transition, from a sidebar left shown and one left folded', async () => {
    const walk = (kept: boolean) =>
      walkEveryTransition({
        machine: panelsMachine.provide({ guards: { 'sidebar was hidden': () => kept } }),
        events: [
          { type: 'sidebar.toggle' },
          { type: 'drawer.open' },
          { type: 'drawer.close' },
          { type: 'drawer.toggle' },
          { type: 'shortcuts.open' },
          { type: 'shortcuts.close' },
        ],
        noopActions: ['remember sidebar'],
        serialize: ({ value }) => JSON.stringify(value),
        tags: ['sidebarHidden', 'drawerOpen', 'shortcutsOpen'],
      })
    const [fromShown, fromFolded] = await Promise.all([walk(false), walk(true)])
    expect(fromShown.missing.filter((t) => fromFolded.missing.includes(t))).toEqual([])
    // Each start leaves out only the other's first step.
    expect(fromShown.missing).toHaveLength(1)
    expect(fromFolded.missing).toHaveLength(1)
  })
})

import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import {
  TOOLTIP_CLOSE_DELAY_MS,
  TOOLTIP_OPEN_DELAY_MS,
  tooltipMachine,
} from '../../src/machines/tooltip.machine'
import { walkEveryTransition } from '../support/model-walk'

function startTooltip() {
  const clock = new SimulatedClock()
  const actor = createActor(tooltipMachine, { clock }).start()
  const shown = () => actor.getSnapshot().hasTag('open')
  return { actor, clock, shown }
}

describe('tooltip machine', () => {
  it('a resting pointer shows it after 300 ms; leaving hides it 100 ms later', () => {
    const { actor, clock, shown } = startTooltip()
    actor.send({ type: 'pointer.enter' })
    clock.increment(TOOLTIP_OPEN_DELAY_MS - 1)
    expect(shown()).toBe(false)
    clock.increment(1)
    expect(shown()).toBe(true)
    actor.send({ type: 'pointer.leave' })
    clock.increment(TOOLTIP_CLOSE_DELAY_MS - 1)
    expect(shown()).toBe(true)
    clock.increment(1)
    expect(shown()).toBe(false)
    expect([TOOLTIP_OPEN_DELAY_MS, TOOLTIP_CLOSE_DELAY_MS]).toEqual([300, 100])
  })

  it('a pointer passing through never shows it; coming back while it fades keeps it', () => {
    const { actor, clock, shown } = startTooltip()
    actor.send({ type: 'pointer.enter' })
    actor.send({ type: 'pointer.leave' })
    clock.increment(TOOLTIP_OPEN_DELAY_MS)
    expect(shown()).toBe(false)
    actor.send({ type: 'focus.visible' })
    actor.send({ type: 'pointer.leave' })
    actor.send({ type: 'pointer.enter' })
    clock.increment(TOOLTIP_CLOSE_DELAY_MS)
    expect(shown()).toBe(true)
  })

  it('keyboard focus shows it at once, blur hides it at once', () => {
    const { actor, shown } = startTooltip()
    actor.send({ type: 'focus.visible' })
    expect(shown()).toBe(true)
    actor.send({ type: 'blur' })
    expect(shown()).toBe(false)
  })

  it('Escape or a press dismisses it until the pointer leaves or focus goes', () => {
    const { actor, clock, shown } = startTooltip()
    actor.send({ type: 'focus.visible' })
    actor.send({ type: 'escape' })
    expect(shown()).toBe(false)
    actor.send({ type: 'focus.visible' })
    actor.send({ type: 'pointer.enter' })
    clock.increment(TOOLTIP_OPEN_DELAY_MS)
    expect(shown()).toBe(false)
    actor.send({ type: 'blur' })
    actor.send({ type: 'focus.visible' })
    expect(shown()).toBe(true)
    // A click: the focus it gives and the pointer resting there do not bring it back.
    actor.send({ type: 'press' })
    actor.send({ type: 'focus.visible' })
    clock.increment(TOOLTIP_OPEN_DELAY_MS)
    expect(shown()).toBe(false)
    actor.send({ type: 'pointer.leave' })
    actor.send({ type: 'pointer.enter' })
    clock.increment(TOOLTIP_OPEN_DELAY_MS)
    expect(shown()).toBe(true)
  })

  it('walks every declared transition', async () => {
    const { missing } = await walkEveryTransition({
      machine: tooltipMachine,
      events: [
        { type: 'pointer.enter' },
        { type: 'pointer.leave' },
        { type: 'focus.visible' },
        { type: 'blur' },
        { type: 'press' },
        { type: 'escape' },
      ],
      serialize: ({ value }) => JSON.stringify(value),
      tags: ['open'],
    })
    expect(missing).toEqual([])
  })
})

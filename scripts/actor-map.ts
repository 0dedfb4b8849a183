// Renders who tells whom what, read from the app machine's definition: the children's
// `sendParent` actions (what they report) and the app machine's `sendTo` actions (where each
// report goes). `npm run diagrams` writes it to docs/machines/actor-map.md beside the diagrams.
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AnyStateMachine, AnyStateNode } from 'xstate'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const APP_MACHINE_FILE = 'src/machines/app.machine.ts'
export const ACTOR_MAP_FILE = join(ROOT, 'docs/machines/actor-map.md')

/** xstate's special target for `sendParent`. */
const PARENT = '#_parent'

interface SendToAction {
  type: 'xstate.sendTo'
  to: unknown
  event: unknown
}

/** One report a child makes to the app machine. */
export interface Report {
  from: string
  action: string
  event: string
}

/** One forward the app machine makes when it hears `on`. */
export interface Route {
  on: string
  to: string
  event: string
}

function isSendTo(action: unknown): action is SendToAction {
  return typeof action === 'function' && (action as { type?: unknown }).type === 'xstate.sendTo'
}

/** The type of the event a sendTo action sends; expressions are run on empty arguments. */
function sentType(action: SendToAction): string {
  const event =
    typeof action.event === 'function'
      ? action.event({ context: {}, event: { type: '' } }, {})
      : action.event
  return String((event as { type?: unknown }).type)
}

function isMachine(logic: unknown): logic is AnyStateMachine {
  return !!logic && typeof logic === 'object' && 'root' in logic && 'implementations' in logic
}

/** Each child machine's routing actions: `sendParent` defaults, by child id. */
export function reportsOf(app: AnyStateMachine): Report[] {
  const reports: Report[] = []
  const children = app.implementations.actors as Record<string, unknown>
  for (const [from, logic] of Object.entries(children)) {
    if (!isMachine(logic)) continue
    const actions = logic.implementations.actions as Record<string, unknown>
    for (const [action, implementation] of Object.entries(actions)) {
      if (isSendTo(implementation) && implementation.to === PARENT) {
        reports.push({ from, action, event: sentType(implementation) })
      }
    }
  }
  return reports
}

function stateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(stateNodes)]
}

/** Every `sendTo` a child in the app machine's transitions and entry actions. */
export function routesOf(app: AnyStateMachine): Route[] {
  const named = app.implementations.actions as Record<string, unknown>
  const resolveAction = (action: unknown) =>
    typeof action === 'string'
      ? named[action]
      : action && typeof action === 'object' && 'type' in action
        ? named[String(action.type)]
        : action
  const forwards = (actions: readonly unknown[]) =>
    actions
      .map(resolveAction)
      .filter(isSendTo)
      .filter((action) => typeof action.to === 'string' && action.to !== PARENT)
  const nodes = stateNodes(app.root)
  const transitions = nodes.flatMap((node) => [...node.transitions.values()].flat())
  const routes: Route[] = []
  for (const transition of transitions) {
    for (const action of forwards(transition.actions)) {
      routes.push({ on: transition.eventType, to: String(action.to), event: sentType(action) })
    }
  }
  // Entry actions run on whatever leads into their state.
  for (const node of nodes) {
    const into = transitions.filter((t) => t.target?.includes(node)).map((t) => t.eventType)
    for (const action of forwards(node.entry)) {
      for (const on of new Set(into)) {
        routes.push({ on, to: String(action.to), event: sentType(action) })
      }
    }
  }
  return routes
}

/** Who sends the app machine `event`: the reporting children, or a synced child's snapshot. */
function sendersOf(event: string, reports: Report[]): string[] {
  const synced = /^xstate\.snapshot\.(.+)$/.exec(event)?.[1]
  if (synced) return [`${synced} (snapshot)`]
  const senders = reports.filter((r) => r.event === event).map((r) => `${r.from} ('${r.action}')`)
  return senders.length ? senders : ['(nobody)']
}

const label = (event: string) => (event.startsWith('xstate.snapshot.') ? 'snapshot' : event)
const unique = (lines: string[]) => [...new Set(lines)]

export function renderActorMap(app: AnyStateMachine): string {
  const reports = reportsOf(app)
  const routes = routesOf(app)
  const byKey = (a: Route, b: Route) =>
    `${a.on} ${a.to} ${a.event}`.localeCompare(`${b.on} ${b.to} ${b.event}`)
  const sorted = unique(routes.map((r) => JSON.stringify(r)))
    .map((r) => JSON.parse(r) as Route)
    .sort(byKey)
  const inbound = unique(
    sorted.flatMap((route) => {
      const synced = /^xstate\.snapshot\.(.+)$/.exec(route.on)?.[1]
      const from = synced
        ? [synced]
        : reports.filter((r) => r.event === route.on).map((r) => r.from)
      return from.map((child) => `  ${child} -- "${label(route.on)}" --> ${app.id}`)
    }),
  ).sort()
  const outbound = unique(sorted.map((r) => `  ${app.id} -- "${r.event}" --> ${r.to}`)).sort()
  const rows = sorted.map(
    (r) => `| ${sendersOf(r.on, reports).join(', ')} | ${r.on} | ${r.event} | ${r.to} |`,
  )
  const unrouted = reports.filter((r) => !routes.some((route) => route.on === r.event))
  return [
    '# Actor map',
    '',
    `Generated by \`npm run diagrams\` from ${APP_MACHINE_FILE} and its children's routing`,
    'actions. Do not edit.',
    '',
    'Actors never send to each other directly: a child reports to the app machine with',
    "`sendParent`, and one of the app machine's transitions forwards it with `sendTo`.",
    '',
    '```mermaid',
    'flowchart LR',
    ...inbound,
    ...outbound,
    '```',
    '',
    '| From (routing action) | Event to the app | The app sends | To |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    ...(unrouted.length
      ? [
          `Reported but routed nowhere: ${unrouted.map((r) => `${r.from}/${r.event}`).join(', ')}.`,
          '',
        ]
      : []),
  ].join('\n')
}

/** The actor map document, for `npm run diagrams` and its staleness test. */
export async function actorMapDocument(): Promise<{ file: string; content: string }> {
  const { appMachine } = (await import(join(ROOT, APP_MACHINE_FILE))) as {
    appMachine: AnyStateMachine
  }
  return { file: ACTOR_MAP_FILE, content: renderActorMap(appMachine) }
}

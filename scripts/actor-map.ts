// Renders who tells whom what, read from the app machine's definition: the children's
// `sendParent` actions, plain or queued by `enqueueActions` (what they report), and the app
// machine's `sendTo` actions (where each report goes). `npm run diagrams` writes it to
// docs/machines/actor-map.md beside the diagrams.
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type AnyStateMachine, type AnyStateNode, sendParent } from 'xstate'

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

/**
 * The type of the event a sendTo action sends; expressions are run on `anything` (below), the
 * event heard being `heard` when known, so one passed on as it is keeps its type.
 */
function sentType(action: SendToAction, heard?: string): string {
  const event =
    typeof action.event === 'function'
      ? action.event({ context: anything(), event: anything(heard) }, anything())
      : action.event
  return String((event as { type?: unknown }).type)
}

interface EnqueueActions {
  type: 'xstate.enqueueActions'
  collect: (args: Record<string, unknown>, params: unknown) => void
}

function isEnqueueActions(action: unknown): action is EnqueueActions {
  return (
    typeof action === 'function' &&
    (action as { type?: unknown }).type === 'xstate.enqueueActions' &&
    typeof (action as { collect?: unknown }).collect === 'function'
  )
}

/**
 * A value every property and call of which is another such value, never null: run on it, an
 * `enqueueActions` body takes the branches that send (`if (!x) return` does not return).
 */
function anything(type?: string): unknown {
  const target = () => {}
  return new Proxy(target, {
    get: (_, key) =>
      key === 'type' && type !== undefined
        ? type
        : key === Symbol.toPrimitive
          ? () => 'anything'
          : key === 'then'
            ? undefined
            : anything(),
    apply: () => anything(),
  })
}

/** The `sendParent` actions an `enqueueActions` body queues, found by running it on `anything`. */
function queuedSendParents(action: EnqueueActions): SendToAction[] {
  const queued: unknown[] = []
  const enqueue = Object.assign((queuedAction: unknown) => void queued.push(queuedAction), {
    sendParent: (...args: unknown[]) => void queued.push(sendParent(...(args as [never]))),
    assign: () => {},
    sendTo: () => {},
    raise: () => {},
    cancel: () => {},
    spawnChild: () => {},
    stopChild: () => {},
    emit: () => {},
  })
  action.collect({ context: anything(), event: anything(), enqueue, check: () => true }, anything())
  return queued.filter(isSendTo)
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
      const sends = isEnqueueActions(implementation)
        ? queuedSendParents(implementation)
        : [implementation]
      for (const send of sends) {
        if (isSendTo(send) && send.to === PARENT) {
          reports.push({ from, action, event: sentType(send) })
        }
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
      routes.push({
        on: transition.eventType,
        to: String(action.to),
        event: sentType(action, transition.eventType),
      })
    }
  }
  // Entry actions run on whatever leads into their state.
  for (const node of nodes) {
    const into = transitions.filter((t) => t.target?.includes(node)).map((t) => t.eventType)
    for (const action of forwards(node.entry)) {
      for (const on of new Set(into)) {
        routes.push({ on, to: String(action.to), event: sentType(action, on) })
      }
    }
  }
  return routes
}

/**
 * What views send the app machine itself, rather than a child: the extras' openings, which
 * load their code first, and files for the message (docs/architecture.md, "The actor system").
 */
const FROM_VIEWS: Readonly<Record<string, string>> = {
  'library.open': "the header's Library (view)",
  'quick.open': "the header's Quick Prompts (view)",
  'install.open': "the header's Install Extension (view)",
  'search.open': "the list's Search, Ctrl+K (view)",
  'attachments.add': 'the paperclip, a paste or a drop (view)',
}

/**
 * Who sends the app machine `event`: the reporting children, a synced child's snapshot, an
 * invoked actor finishing (the session's code loading), or a view.
 */
function sendersOf(event: string, reports: Report[]): string[] {
  const view = FROM_VIEWS[event]
  if (view) return [view]
  const synced = /^xstate\.snapshot\.(.+)$/.exec(event)?.[1]
  if (synced) return [`${synced} (snapshot)`]
  const finished = /^xstate\.done\.actor\.(.+)$/.exec(event)?.[1]
  if (finished) return [`${finished} (done)`]
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

/**
 * The session's children, which the app machine names by type only so that their code loads
 * after the first paint (docs/performance.md, "Split"): their files and exported machines.
 */
const SESSION_MACHINES: Record<string, [file: string, name: string]> = {
  turn: ['turn.machine.ts', 'turnMachine'],
  openConversation: ['open-conversation.machine.ts', 'openConversationMachine'],
  conversations: ['conversations.machine.ts', 'conversationsMachine'],
  organise: ['organise.machine.ts', 'organiseMachine'],
  usage: ['usage.machine.ts', 'usageMachine'],
  models: ['models.machine.ts', 'modelsMachine'],
  library: ['prompt-library.machine.ts', 'promptLibraryMachine'],
  activation: ['prompt-activation.machine.ts', 'promptActivationMachine'],
  quickPrompts: ['quick-prompts.machine.ts', 'quickPromptsMachine'],
  picker: ['prompt-picker.machine.ts', 'promptPickerMachine'],
  installExtension: ['install-extension.machine.ts', 'installExtensionMachine'],
  search: ['search.machine.ts', 'searchMachine'],
  panels: ['panels.machine.ts', 'panelsMachine'],
  attachments: ['composer-attachments.machine.ts', 'composerAttachmentsMachine'],
  previews: ['attachment-previews.machine.ts', 'attachmentPreviewsMachine'],
  live: ['live-changes.machine.ts', 'liveChangesMachine'],
}

/** The actor map document, for `npm run diagrams` and its staleness test. */
export async function actorMapDocument(): Promise<{ file: string; content: string }> {
  const { appMachine, SESSION_ACTORS } = (await import(join(ROOT, APP_MACHINE_FILE))) as {
    appMachine: AnyStateMachine
    SESSION_ACTORS: readonly string[]
  }
  const session: Record<string, AnyStateMachine> = {}
  for (const id of SESSION_ACTORS) {
    const where = SESSION_MACHINES[id]
    if (!where) throw new Error(`actor-map.ts: add the session actor '${id}' to SESSION_MACHINES`)
    const module = (await import(join(ROOT, 'src/machines', where[0]))) as Record<string, unknown>
    if (!isMachine(module[where[1]])) throw new Error(`${where[0]} exports no ${where[1]}`)
    session[id] = module[where[1]] as AnyStateMachine
  }
  const app = appMachine.provide({ actors: session })
  return { file: ACTOR_MAP_FILE, content: renderActorMap(app) }
}

// Renders every machine (src/machines, and the SDK's own in src/platform) as a Mermaid state
// diagram under docs/machines.
// Run `npm run diagrams` after changing a machine; tests/unit/diagrams.test.ts fails on drift.
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'
import { toDirectedGraph } from 'xstate/graph'
import { actorMapDocument } from './actor-map'

type DirectedGraphNode = ReturnType<typeof toDirectedGraph>

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
// The SDK's realtime connection machine lives with the SDK, which may not import src/machines.
const MACHINE_DIRS = ['src/machines', 'src/platform/realtime']
export const DIAGRAMS_DIR = join(ROOT, 'docs/machines')
const MACHINE_FILE = /\.machine\.ts$/

/** Duck-typed so a machine from a second copy of xstate would still be recognised. */
export function isStateMachine(value: unknown): value is AnyStateMachine {
  if (!value || typeof value !== 'object') return false
  const candidate = value as Partial<AnyStateMachine>
  return (
    typeof candidate.getInitialSnapshot === 'function' &&
    typeof candidate.transition === 'function' &&
    typeof candidate.root === 'object'
  )
}

/** Mermaid ids allow only word characters; the machine id prefix is dropped for brevity. */
function mermaidId(node: AnyStateNode): string {
  return node.path.length ? node.path.join('_').replace(/\W/g, '_') : 'root'
}

function invokeSources(machine: AnyStateMachine): Map<string, string> {
  const sources = new Map<string, string>()
  const visit = (node: AnyStateNode) => {
    for (const invoke of node.invoke) sources.set(invoke.id, String(invoke.src))
    for (const child of Object.values(node.states)) visit(child)
  }
  visit(machine.root)
  return sources
}

function delayLabel(machine: AnyStateMachine, delay: string): string {
  const configured = (machine.implementations.delays as Record<string, unknown>)[delay]
  if (/^\d+$/.test(delay)) return `after ${delay}ms`
  return typeof configured === 'number' ? `after ${delay} (${configured}ms)` : `after ${delay}`
}

/** Turns xstate's internal event types into what a reader recognises. */
export function eventLabel(
  machine: AnyStateMachine,
  transition: AnyTransitionDefinition,
  sources: Map<string, string>,
): string {
  const type = transition.eventType
  if (type === '') return 'always'
  const afterPrefix = 'xstate.after.'
  const afterSuffix = `.${transition.source.id}`
  if (type.startsWith(afterPrefix) && type.endsWith(afterSuffix)) {
    return delayLabel(machine, type.slice(afterPrefix.length, -afterSuffix.length))
  }
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type)
  if (actor) {
    const [, kind, id = ''] = actor
    return `${kind}: ${sources.get(id) ?? id}`
  }
  return type
}

function guardLabel(guard: unknown): string | null {
  if (!guard) return null
  if (typeof guard === 'string') return guard
  if (typeof guard === 'object' && 'type' in guard) return String(guard.type)
  if (typeof guard === 'function') {
    const composite = guard as { type?: string; guards?: unknown[] }
    if (composite.type === 'xstate.not' && composite.guards) {
      return `not ${composite.guards.map(guardLabel).join(', ')}`
    }
    return composite.type ?? 'guard'
  }
  return null
}

function transitionLabel(
  machine: AnyStateMachine,
  transition: AnyTransitionDefinition,
  sources: Map<string, string>,
): string {
  const guard = guardLabel(transition.guard)
  const label = eventLabel(machine, transition, sources)
  // Mermaid reads `;` and a second `:` poorly in labels; guards go in brackets.
  return (guard ? `${label} [${guard}]` : label).replace(/;/g, ',')
}

/** Eventless (`always`) transitions are not in toDirectedGraph's edges, so they are added here. */
function edgesOf(
  graph: DirectedGraphNode,
): Array<{ transition: AnyTransitionDefinition; target: AnyStateNode }> {
  const edges = graph.edges.map((edge) => ({ transition: edge.transition, target: edge.target }))
  for (const transition of graph.stateNode.always ?? []) {
    for (const target of transition.target ?? [graph.stateNode]) edges.push({ transition, target })
  }
  return edges
}

function renderNode(
  machine: AnyStateMachine,
  graph: DirectedGraphNode,
  sources: Map<string, string>,
  indent: string,
  lines: string[],
): void {
  const node = graph.stateNode
  const id = mermaidId(node)
  const hasChildren = graph.children.length > 0
  const tags = node.tags.length ? ` (tags: ${node.tags.join(', ')})` : ''
  lines.push(`${indent}state "${node.key}${tags}" as ${id}`)
  if (hasChildren) {
    lines.push(`${indent}state ${id} {`)
    renderChildren(machine, graph, sources, `${indent}  `, lines)
    lines.push(`${indent}}`)
  }
  if (node.type === 'final') lines.push(`${indent}${id} --> [*]`)
}

function renderChildren(
  machine: AnyStateMachine,
  graph: DirectedGraphNode,
  sources: Map<string, string>,
  indent: string,
  lines: string[],
): void {
  const initial = graph.stateNode.initial?.target?.[0]
  if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`)
  for (const child of graph.children) renderNode(machine, child, sources, indent, lines)
}

function renderEdges(
  machine: AnyStateMachine,
  graph: DirectedGraphNode,
  sources: Map<string, string>,
  lines: string[],
): void {
  for (const { transition, target } of edgesOf(graph)) {
    const label = transitionLabel(machine, transition, sources)
    lines.push(`  ${mermaidId(graph.stateNode)} --> ${mermaidId(target)} : ${label}`)
  }
  for (const child of graph.children) renderEdges(machine, child, sources, lines)
}

/** A Mermaid `stateDiagram-v2` of the machine: composite states, initial markers, labelled edges. */
export function renderMachineDiagram(name: string, machine: AnyStateMachine): string {
  const graph = toDirectedGraph(machine)
  const sources = invokeSources(machine)
  const lines = ['stateDiagram-v2', `  %% ${name}`]
  // Transitions on the machine itself (e.g. a parent-window logout honoured anywhere) start at `root`.
  const rootHasEdges = edgesOf(graph).length > 0
  if (rootHasEdges) {
    lines.push('  state "(any state)" as root')
  }
  renderChildren(machine, graph, sources, '  ', lines)
  renderEdges(machine, graph, sources, lines)
  return `${lines.join('\n')}\n`
}

function markdownFor(file: string, exportName: string, machine: AnyStateMachine): string {
  return [
    `# ${exportName} (${machine.id})`,
    '',
    `Generated by \`npm run diagrams\` from ${file}. Do not edit.`,
    '',
    '```mermaid',
    renderMachineDiagram(exportName, machine).trimEnd(),
    '```',
    '',
  ].join('\n')
}

/** Every machine file's diagram document, in a stable order (file name, then export name). */
export async function machineDiagrams(
  only: string[] = [],
): Promise<Array<{ file: string; content: string }>> {
  const files: string[] = []
  for (const dir of MACHINE_DIRS) {
    const names = (await readdir(join(ROOT, dir))).filter((name) => MACHINE_FILE.test(name))
    files.push(...names.map((name) => `${dir}/${name}`))
  }
  files.sort((a, b) => basename(a).localeCompare(basename(b)))
  const wanted = only.length
    ? files.filter((file) =>
        only.some((name) => basename(file).startsWith(`${name}.`) || basename(file) === name),
      )
    : files
  const documents: Array<{ file: string; content: string }> = []
  for (const file of wanted) {
    const module: Record<string, unknown> = await import(pathToFileURL(join(ROOT, file)).href)
    const machines = Object.entries(module)
      .filter((entry): entry is [string, AnyStateMachine] => isStateMachine(entry[1]))
      .sort(([a], [b]) => a.localeCompare(b))
    if (!machines.length) continue
    const content = machines.map(([name, machine]) => markdownFor(file, name, machine)).join('\n')
    documents.push({ file: join(DIAGRAMS_DIR, `${basename(file, '.ts')}.md`), content })
  }
  return documents
}

async function main(): Promise<void> {
  await mkdir(DIAGRAMS_DIR, { recursive: true })
  const only = process.argv.slice(2)
  const documents = await machineDiagrams(only)
  // The actor map (who sends what to whom) is read from the app machine: see actor-map.ts.
  if (!only.length) documents.push(await actorMapDocument())
  for (const { file, content } of documents) {
    await writeFile(file, content)
    console.log(`wrote ${file.slice(ROOT.length + 1)}`)
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main()
}

import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The repository's one layout map, the code block under "## Where things live" in
// docs/architecture.md, against the folders that really exist.
//
// A *source folder* is:
//   - every top-level folder that holds a file git tracks or would track (`git ls-files
//     --cached --others --exclude-standard`: so node_modules/, dist/, dist-extension/, .data/,
//     styled-system/ and the other git-ignored outputs never count, and a new folder counts
//     before it is committed);
//   - every folder directly inside one of EXPANDED below that holds such a file.
// Deeper folders (src/ui/chat/markdown/, extension/src/sites/, tests/unit/domain/ …) and the
// folders of docs/ are left to their parents' descriptions: the map stays a map, not a file
// listing.
//
// The map's format: a line starting in the first column names a path from the repository's
// root; a line indented by exactly two spaces names a path inside the first-column folder just
// above it; any deeper indent continues a description. A path is the line's first word; one
// ending in `/` is a folder, any other a file; `…` stands for "and the rest" and names nothing.
//
// The test fails when (a) a path the map names does not exist (a folder: no file under it; a
// file: not there), or (b) a source folder is not named by an entry of its own.

const EXPANDED = [
  'src',
  'src/ui',
  'src/platform',
  'mocks',
  'mocks/platform',
  'contract',
  'db',
  'extension',
  'tests',
  'e2e',
  'bench',
  'scripts',
]

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const MAP_HEADING = '## Where things live'

/** The paths the map names, folders with a trailing `/`, in the map's order. */
function parseLayoutMap(markdown: string): string[] {
  const lines = markdown.split('\n')
  const heading = lines.indexOf(MAP_HEADING)
  if (heading < 0) throw new Error(`no "${MAP_HEADING}" heading`)
  const open = lines.findIndex((line, i) => i > heading && line.startsWith('```'))
  const close = lines.findIndex((line, i) => i > open && line.startsWith('```'))
  if (open < 0 || close < 0) throw new Error(`no code block under "${MAP_HEADING}"`)

  const named: string[] = []
  let parent: string | null = null
  for (const line of lines.slice(open + 1, close)) {
    const top = /^(\S+)/.exec(line)
    const child = /^ {2}(\S+)/.exec(line)
    if (top) {
      parent = top[1]!
      if (parent !== '…') named.push(parent)
    } else if (child) {
      if (child[1] === '…') continue
      if (!parent?.endsWith('/')) {
        throw new Error(`"${line.trim()}" is indented under "${parent}", which is not a folder`)
      }
      named.push(parent + child[1])
    }
  }
  return named
}

/** The source folders (see the top of this file) among `files`, paths relative to the root. */
function sourceFolders(files: readonly string[]): Set<string> {
  const folders = new Set<string>()
  for (const file of files) {
    const parts = file.split('/')
    if (parts.length > 1) folders.add(parts[0]!)
    for (const expanded of EXPANDED) {
      const depth = expanded.split('/').length
      if (file.startsWith(`${expanded}/`) && parts.length > depth + 1) {
        folders.add(parts.slice(0, depth + 1).join('/'))
      }
    }
  }
  return folders
}

/** What is wrong with the map `named` for a tree holding `files`; empty when it is right. */
function mapProblems(named: readonly string[], files: readonly string[]): string[] {
  const fileSet = new Set(files)
  const problems: string[] = []
  for (const entry of named) {
    const exists = entry.endsWith('/')
      ? files.some((file) => file.startsWith(entry))
      : fileSet.has(entry)
    if (!exists) problems.push(`the map names ${entry}, which does not exist`)
  }
  const namedFolders = new Set(
    named.filter((entry) => entry.endsWith('/')).map((entry) => entry.slice(0, -1)),
  )
  for (const folder of [...sourceFolders(files)].sort()) {
    if (!namedFolders.has(folder))
      problems.push(`${folder}/ is a source folder the map does not name`)
  }
  return problems
}

/** Every file git tracks or would track (untracked but not ignored), that is there now. */
function repositoryFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '-z'],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  return listed.split('\0').filter((file) => file !== '' && existsSync(path.join(ROOT, file)))
}

describe('the layout map in docs/architecture.md', () => {
  const markdown = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8')

  it('names every source folder, and only paths that exist', () => {
    const named = parseLayoutMap(markdown)
    expect(named).toContain('src/ui/')
    expect(mapProblems(named, repositoryFiles())).toEqual([])
  })

  it('reads first-column paths from the root and two-space ones inside the folder above', () => {
    const map = [
      MAP_HEADING,
      '',
      '```',
      'src/                 the app',
      'src/main.tsx         entry',
      'src/ui/              views; a description that goes on',
      '                     over a line indented deeper',
      '  shell/             the shell',
      '  shell/app.tsx      a file inside it',
      '  …                  and the rest',
      '```',
      '',
      'a.md                 after the block: not part of the map',
    ].join('\n')
    expect(parseLayoutMap(map)).toEqual([
      'src/',
      'src/main.tsx',
      'src/ui/',
      'src/ui/shell/',
      'src/ui/shell/app.tsx',
    ])
    expect(() => parseLayoutMap(map.replace('src/ui/ ', 'src/x.ts'))).toThrow(/not a folder/)
  })

  it('counts top-level folders and one level below the expanded ones, no deeper', () => {
    expect(
      [
        ...sourceFolders([
          'README.md',
          'src/main.tsx',
          'src/app/start.ts',
          'src/ui/chat/markdown/code.tsx',
          'mocks/platform/rest/rest-api.ts',
          'extension/src/sites/chatgpt.ts',
          'docs/product/overview.md',
          '.ci/run',
        ]),
      ].sort(),
    ).toEqual([
      '.ci',
      'docs',
      'extension',
      'extension/src',
      'mocks',
      'mocks/platform',
      'mocks/platform/rest',
      'src',
      'src/app',
      'src/ui',
      'src/ui/chat',
    ])
  })

  it('fails on a new source folder the map leaves out, and on a named path that is gone', () => {
    const files = repositoryFiles()
    const named = parseLayoutMap(markdown)
    // Whatever the real tree gets wrong is the first test's to report; here only what changes.
    const before = mapProblems(named, files)
    const added = (after: string[]) => after.filter((problem) => !before.includes(problem))

    expect(added(mapProblems(named, [...files, 'src/zz/x.ts', 'mocks/platform/zz/y.ts']))).toEqual([
      'mocks/platform/zz/ is a source folder the map does not name',
      'src/zz/ is a source folder the map does not name',
    ])
    expect(added(mapProblems([...named, 'src/gone/', 'src/gone.ts'], files))).toEqual([
      'the map names src/gone/, which does not exist',
      'the map names src/gone.ts, which does not exist',
    ])
    const withoutBridge = files.filter((file) => !file.startsWith('src/bridge/'))
    expect(added(mapProblems(named, withoutBridge))).toEqual([
      'the map names src/bridge/, which does not exist',
    ])
    // A folder deeper than the map's depth needs no entry of its own.
    expect(added(mapProblems(named, [...files, 'src/ui/chat/zz/x.ts']))).toEqual([])
  })
})

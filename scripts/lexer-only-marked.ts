import type { Plugin } from 'vite'

/** The names the app imports from marked (src/ui/chat/markdown/lex-markdown.ts). */
const KEPT = ['Lexer', 'Tokenizer']

/**
 * marked, bundled as the lexer the app uses (docs/performance.md, "Markdown"). The app lexes
 * with marked and renders the tokens itself, but marked's module ends by building its
 * `marked()` function and a shared `Marked` instance at the top level, which keeps the Parser
 * and both Renderers in every bundle (about 3 KB gzipped of the signed-in first paint). This
 * drops that tail and exports only `Lexer` and `Tokenizer`, so the bundler leaves the rest
 * out. If marked's module stops looking as expected the build fails, rather than ship it whole.
 */
export function lexerOnlyMarked(): Plugin {
  return {
    name: 'lexer-only-marked',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]marked[\\/]lib[\\/]marked\.esm\.js$/.test(id)) return null
      return trimmed(code)
    },
  }
}

/** marked's module with its top-level instance and `marked()` API left out. */
export function trimmed(code: string): string {
  // `var v=new ne;function x(l,e){return v.parse(l,e)}…`: the shared instance and the API on it.
  const tail = /var [\w$]+=new [\w$]+;function ([\w$]+)\([\w$]+,[\w$]+\)\{return [\w$]+\.parse\(/
  const start = code.search(tail)
  const exportAt = code.lastIndexOf('export{')
  const exportEnd = code.indexOf('}', exportAt)
  if (start < 0 || exportAt < start || exportEnd < 0) {
    throw new Error('lexer-only-marked: marked.esm.js no longer looks as expected')
  }
  const exported = code
    .slice(exportAt + 'export{'.length, exportEnd)
    .split(',')
    .map((entry) => entry.split(' as '))
    .filter(([, name]) => name !== undefined && KEPT.includes(name))
  if (exported.length !== KEPT.length) {
    throw new Error(`lexer-only-marked: marked no longer exports ${KEPT.join(' and ')}`)
  }
  const list = exported.map(([local, name]) => `${local} as ${name}`).join(',')
  return `${code.slice(0, start)}export{${list}};\n`
}

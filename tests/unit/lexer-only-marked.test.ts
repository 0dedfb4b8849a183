import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Lexer as FullLexer } from 'marked'
import { afterAll, describe, expect, it } from 'vitest'
import { trimmed } from '../../scripts/lexer-only-marked'

// The build's marked: the lexer alone (docs/performance.md, "Markdown").
const markedFile = createRequire(import.meta.url).resolve('marked')
const dirs: string[] = []
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))))

async function importTrimmed(): Promise<Record<string, unknown>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lexer-only-marked-'))
  dirs.push(dir)
  const file = path.join(dir, 'marked.mjs')
  await writeFile(file, trimmed(readFileSync(markedFile, 'utf8')))
  return import(pathToFileURL(file).href)
}

const SAMPLE =
  '# Title\n\nSome **bold** and `code`.\n\n```ts\nconst a = 1\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n'

describe('lexer-only marked', () => {
  it('exports the Lexer and the Tokenizer, and nothing of the parser or marked()', async () => {
    const module = await importTrimmed()
    expect(Object.keys(module).sort()).toEqual(['Lexer', 'Tokenizer'])
  })

  it('lexes as the whole of marked does', async () => {
    const { Lexer } = (await importTrimmed()) as { Lexer: typeof FullLexer }
    expect(JSON.stringify(Lexer.lex(SAMPLE))).toBe(JSON.stringify(FullLexer.lex(SAMPLE)))
  })

  it('fails the build, rather than ship marked whole, when marked no longer looks as expected', () => {
    expect(() => trimmed('export{a as Lexer}')).toThrow('no longer looks as expected')
    expect(() =>
      trimmed('var v=new ne;function x(l,e){return v.parse(l,e)}export{w as Lexer};'),
    ).toThrow('no longer exports Lexer and Tokenizer')
  })
})

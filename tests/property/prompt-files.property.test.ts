import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readCsv } from '../../src/domain/csv'
import {
  type PromptFileEntry,
  planImport,
  readPromptFile,
  writePromptFile,
} from '../../src/domain/prompt-files'
import { createPromptData } from '../../src/effects/prompt-data'
import { createLibraryData } from '../../src/effects/prompt-library-data'
import { createPromptLists } from '../../src/effects/prompt-lists'
import { createPlatformClient } from '../../src/platform/index'
import {
  createTestPlatform,
  TEST_ORIGIN,
  TEST_PROJECT_ID,
  type TestPlatform,
} from '../support/test-platform'

/** Any text a prompt may hold: not blank, no NUL (which PostgreSQL text cannot store). */
const promptText = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
  .filter((text) => text.trim() !== '' && !text.includes('\0'))

const entry: fc.Arbitrary<PromptFileEntry> = fc.record({
  title: promptText,
  content: fc.oneof(
    promptText,
    promptText.map((text) => `${text}\n"quoted", {{x}}\r\n`),
  ),
  type: fc.constantFrom('user' as const, 'system' as const),
  isPublic: fc.boolean(),
})

/** A prompt list as a library holds it: no two prompts share both title and content. */
const promptList = (maxLength: number) =>
  fc.uniqueArray(entry, { maxLength, selector: (p) => JSON.stringify([p.title, p.content]) })

describe('our prompt file', () => {
  it('export then read is the identity, for any prompt list', () => {
    fc.assert(
      fc.property(promptList(30), fc.date({ noInvalidDate: true }), (prompts, at) => {
        expect(readPromptFile(writePromptFile(prompts, at))).toEqual({
          ok: true,
          source: 'prompt-chat',
          prompts,
        })
      }),
    )
  })

  it('a CSV written with RFC 4180 quoting reads back the same rows', () => {
    const quote = (field: string) => `"${field.replaceAll('"', '""')}"`
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.string({ unit: 'grapheme', maxLength: 12 }), { minLength: 2, maxLength: 2 }),
          {
            minLength: 1,
            maxLength: 10,
          },
        ),
        fc.constantFrom('\r\n', '\n', '\r'),
        (rows, eol) => {
          const text = rows.map((row) => row.map(quote).join(',')).join(eol)
          expect(readCsv(text)).toEqual({ ok: true, rows })
        },
      ),
    )
  })
})

// Export, delete, import against the mock platform (PGlite, row-level security on).
let platform: TestPlatform
beforeAll(async () => {
  platform = await createTestPlatform()
})
afterAll(async () => {
  await platform?.close()
})

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

async function signedIn(email: string) {
  const client = createPlatformClient({
    projectId: TEST_PROJECT_ID,
    authUrl: TEST_ORIGIN,
    coreUrl: TEST_ORIGIN,
    storage: memoryStorage(),
    fetch: (input, init) => platform.platform.fetch(new Request(input, init)),
  })
  client.auth.setTokens(await platform.signUp(email))
  const user = await client.auth.me()
  return {
    ...createPromptData(client.db, () => user.id),
    ...createPromptLists(client.db, () => user.id),
    ...createLibraryData(client.db, () => user.id),
  }
}

const fields = ({ title, content, type }: { title: string; content: string; type: string }) => ({
  title,
  content,
  type,
})

describe('export, delete all, import', () => {
  it('brings back every prompt in order, up to ids, times and visibility (imports are private and inactive)', async () => {
    let n = 0
    await fc.assert(
      fc.asyncProperty(promptList(8), async (prompts) => {
        const data = await signedIn(`files${n++}@example.com`)
        // Oldest first, so the newest-first list is the file's order reversed.
        for (const prompt of [...prompts].reverse()) await data.createPrompt(prompt)
        const before = await data.listMine()
        const file = writePromptFile(
          before.map(
            (row) => ({ ...fields(row), isPublic: row.isPublic === '1' }) as PromptFileEntry,
          ),
          new Date(),
        )
        for (const row of before) await data.deleteOrHide(row)
        expect(await data.listMine()).toEqual([])

        const read = readPromptFile(file)
        if (!read.ok) throw new Error(read.message)
        const plan = planImport(read.prompts, await data.listMine())
        expect(plan.duplicates).toEqual([])
        expect(await data.importPrompts(plan.add)).toBe(prompts.length)

        const after = await data.listMine()
        expect(after.map(fields)).toEqual(before.map(fields))
        expect(after.every((row) => row.isPublic === '0' && row.isActive === '0')).toBe(true)
        // A second import of the same file adds nothing: all of it is a duplicate now.
        expect(planImport(read.prompts, after).add).toEqual([])
        expect(await data.importPrompts(read.prompts)).toBe(0)
      }),
      { numRuns: 12 },
    )
  })
})

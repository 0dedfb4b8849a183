import * as v from 'valibot'
import { readCsv } from './csv'
import type { PromptType } from './prompt-types'

/**
 * Prompt files (docs/product/prompt-files.md): our own export format, and reading it, a CSV,
 * Open WebUI's and LibreChat's prompt exports back into prompts. Pure: the app and the
 * extension may share it.
 */

export const PROMPT_FILE_FORMAT = 'prompt-chat'
export const PROMPT_FILE_VERSION = 1
/** The largest file an import reads: 5 binary MB (docs/product/limits.md#prompts). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024
/** The most prompts one file may hold. */
export const MAX_IMPORT_PROMPTS = 5000

/** One prompt as a file carries it. */
export interface PromptFileEntry {
  title: string
  content: string
  type: PromptType
  isPublic: boolean
}

/** Which format a file turned out to be. */
export type PromptFileSource = 'prompt-chat' | 'csv' | 'open-webui' | 'librechat'

export const SOURCE_LABELS: Record<PromptFileSource, string> = {
  'prompt-chat': 'Prompt Chat',
  csv: 'CSV',
  'open-webui': 'Open WebUI',
  librechat: 'LibreChat',
}

export type PromptFileRead =
  | { ok: true; source: PromptFileSource; prompts: PromptFileEntry[] }
  | { ok: false; message: string }

/** docs/product/errors.md#prompt-files: what a refused file says, word for word. */
export const PROMPT_FILE_MESSAGES = {
  tooLarge: 'This file is larger than 5 MB. Choose a smaller file.',
  tooMany: 'This file holds more than 5,000 prompts. Split it into smaller files.',
  unknown:
    'This is not a prompt file we can read. Use a Prompt Chat export, a CSV file with the columns title,content,type, or a prompt export from Open WebUI or LibreChat.',
  notJson: 'This file is not valid JSON.',
  noPrompts: 'This file holds no prompts.',
  newerVersion: (version: unknown) =>
    `This file was made by a newer version of Prompt Chat (format version ${String(version)}).`,
  csvHeader: 'The first row of a CSV file must name its columns: title,content,type.',
  csvQuote: (row: number) => `CSV row ${row} has a quote that is never closed.`,
  csvAfterQuote: (row: number) => `CSV row ${row} has text right after a closing quote.`,
  csvFields: (row: number, found: number, expected: number) =>
    `CSV row ${row} has ${found} fields, but the header names ${expected}.`,
  /** `where` is `Prompt 3`, `CSV row 4` or `Prompt group 2`; `problem` e.g. `has no title`. */
  entry: (where: string, problem: string) => `${where} ${problem}.`,
  unreadable: 'The file could not be read.',
} as const

const notBlank = (text: string) => text.trim() !== ''
const noNul = (text: string) => !text.includes('\0')
const NUL = 'holds a NUL character, which cannot be stored'

/** A required text: a string, not blank, no NUL. `missing` is the problem when it is not. */
const text = (missing: string) =>
  v.pipe(v.string(missing), v.check(notBlank, missing), v.check(noNul, NUL))

const PROMPT_TYPES = ['user', 'system'] as const
const TYPE_PROBLEM = 'has a type other than user or system'

/**
 * The problem of an object schema's first issue. A missing key is reported by the object
 * itself (not by its field's schema), so `missing` names the problem of each field.
 */
function problemOf(issues: readonly v.BaseIssue<unknown>[], missing: Record<string, string>) {
  const issue = issues[0]
  const key = issue?.path?.[0]?.key
  if (issue?.type === 'object' && issue.path?.length === 1 && typeof key === 'string') {
    return missing[key] ?? `has no ${key}`
  }
  return issue?.message ?? 'is not a prompt'
}

// Our own format, version 1: docs/product/prompt-files.md#our-format.
const OurEntry = v.object(
  {
    title: text('has no title'),
    content: text('has no content'),
    type: v.picklist(PROMPT_TYPES, TYPE_PROBLEM),
    isPublic: v.boolean('has an isPublic that is not true or false'),
  },
  'is not an object',
)
const OUR_MISSING = {
  title: 'has no title',
  content: 'has no content',
  type: 'has no type',
  isPublic: 'has no isPublic',
}

// Open WebUI: the list its Prompts workspace exports, `[{ command, title, content, … }]`.
const OpenWebUIEntry = v.object(
  {
    command: v.optional(v.string('has a command that is not text')),
    title: v.optional(v.string('has a title that is not text')),
    name: v.optional(v.string('has a name that is not text')),
    content: text('has no content'),
  },
  'is not an object',
)

// LibreChat: prompt groups as its API lists them, the text in `productionPrompt.prompt`.
const LibreChatGroup = v.object(
  {
    name: text('has no name'),
    productionPrompt: v.object(
      { prompt: text('has no prompt text') },
      'has no prompt text (productionPrompt.prompt)',
    ),
  },
  'is not an object',
)
const LIBRECHAT_MISSING = {
  name: 'has no name',
  productionPrompt: 'has no prompt text (productionPrompt.prompt)',
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const refuse = (message: string): PromptFileRead => ({ ok: false, message })

/** Reads the text of a prompt file in any of the four formats. */
export function readPromptFile(fileText: string): PromptFileRead {
  const body = fileText.charCodeAt(0) === 0xfeff ? fileText.slice(1) : fileText
  const start = body.trimStart()[0]
  if (start === '{' || start === '[') {
    let json: unknown
    try {
      json = JSON.parse(body)
    } catch {
      return refuse(PROMPT_FILE_MESSAGES.notJson)
    }
    return readJsonFile(json)
  }
  return readCsvFile(body)
}

function readJsonFile(json: unknown): PromptFileRead {
  if (isObject(json) && json.format === PROMPT_FILE_FORMAT) return readOurFile(json)
  if (isObject(json) && Array.isArray(json.promptGroups)) {
    return readEntries('librechat', json.promptGroups)
  }
  if (!Array.isArray(json)) return refuse(PROMPT_FILE_MESSAGES.unknown)
  if (json.length === 0) return refuse(PROMPT_FILE_MESSAGES.noPrompts)
  const first = json[0]
  if (isObject(first) && 'productionPrompt' in first) return readEntries('librechat', json)
  if (isObject(first) && ('command' in first || 'content' in first)) {
    return readEntries('open-webui', json)
  }
  return refuse(PROMPT_FILE_MESSAGES.unknown)
}

function readOurFile(json: Record<string, unknown>): PromptFileRead {
  if (json.version !== PROMPT_FILE_VERSION) {
    return typeof json.version === 'number' && json.version > PROMPT_FILE_VERSION
      ? refuse(PROMPT_FILE_MESSAGES.newerVersion(json.version))
      : refuse(PROMPT_FILE_MESSAGES.unknown)
  }
  if (!Array.isArray(json.prompts)) return refuse(PROMPT_FILE_MESSAGES.unknown)
  return readEntries('prompt-chat', json.prompts)
}

/** Each item of a JSON file's list, checked against its format's schema. */
function readEntries(source: Exclude<PromptFileSource, 'csv'>, items: unknown[]): PromptFileRead {
  if (items.length > MAX_IMPORT_PROMPTS) return refuse(PROMPT_FILE_MESSAGES.tooMany)
  const prompts: PromptFileEntry[] = []
  const where = (index: number) =>
    source === 'librechat' ? `Prompt group ${index + 1}` : `Prompt ${index + 1}`
  for (const [index, item] of items.entries()) {
    const entry = readEntry(source, item)
    if (typeof entry === 'string') {
      return refuse(PROMPT_FILE_MESSAGES.entry(where(index), entry))
    }
    prompts.push(entry)
  }
  return { ok: true, source, prompts }
}

/** One item as a prompt, or the problem with it. */
function readEntry(
  source: Exclude<PromptFileSource, 'csv'>,
  item: unknown,
): PromptFileEntry | string {
  switch (source) {
    case 'prompt-chat': {
      const result = v.safeParse(OurEntry, item)
      if (!result.success) return problemOf(result.issues, OUR_MISSING)
      const { title, content, type, isPublic } = result.output
      return { title, content, type, isPublic }
    }
    case 'open-webui': {
      const result = v.safeParse(OpenWebUIEntry, item)
      if (!result.success) return problemOf(result.issues, { content: 'has no content' })
      const { title, name, command, content } = result.output
      // Its title, else the name newer versions use, else the command without its slash.
      const heading = [title, name, command?.replace(/^\//, '')].find(
        (candidate) => candidate !== undefined && notBlank(candidate),
      )
      if (heading === undefined) return 'has no title'
      if (!noNul(heading)) return NUL
      return { title: heading, content, type: 'user', isPublic: false }
    }
    case 'librechat': {
      const result = v.safeParse(LibreChatGroup, item)
      if (!result.success) return problemOf(result.issues, LIBRECHAT_MISSING)
      return {
        title: result.output.name,
        content: result.output.productionPrompt.prompt,
        type: 'user',
        isPublic: false,
      }
    }
  }
}

const CSV_COLUMNS = ['title', 'content', 'type'] as const

/** CSV: a header row naming title and content (type optional, other columns ignored). */
function readCsvFile(fileText: string): PromptFileRead {
  const csv = readCsv(fileText)
  if (!csv.ok) {
    return refuse(
      csv.problem === 'unclosed quote'
        ? PROMPT_FILE_MESSAGES.csvQuote(csv.row)
        : PROMPT_FILE_MESSAGES.csvAfterQuote(csv.row),
    )
  }
  const [header, ...records] = csv.rows
  if (!header) return refuse(PROMPT_FILE_MESSAGES.noPrompts)
  const names = header.map((name) => name.trim().toLowerCase())
  const column = Object.fromEntries(CSV_COLUMNS.map((name) => [name, names.indexOf(name)]))
  if (column.title === -1 || column.content === -1) return refuse(PROMPT_FILE_MESSAGES.csvHeader)
  if (records.length > MAX_IMPORT_PROMPTS) return refuse(PROMPT_FILE_MESSAGES.tooMany)
  const prompts: PromptFileEntry[] = []
  for (const [index, record] of records.entries()) {
    const row = index + 2
    if (record.length !== header.length) {
      return refuse(PROMPT_FILE_MESSAGES.csvFields(row, record.length, header.length))
    }
    const entry = readCsvRecord(record, column as Record<(typeof CSV_COLUMNS)[number], number>)
    if (typeof entry === 'string')
      return refuse(PROMPT_FILE_MESSAGES.entry(`CSV row ${row}`, entry))
    prompts.push(entry)
  }
  return { ok: true, source: 'csv', prompts }
}

const CsvRecord = v.object({
  title: text('has no title'),
  content: text('has no content'),
  // Blank means a user prompt; the case of the word does not matter.
  type: v.pipe(
    v.string(),
    v.trim(),
    v.toLowerCase(),
    v.transform((type) => type || 'user'),
    v.picklist(PROMPT_TYPES, TYPE_PROBLEM),
  ),
})

function readCsvRecord(
  record: string[],
  column: Record<(typeof CSV_COLUMNS)[number], number>,
): PromptFileEntry | string {
  const result = v.safeParse(CsvRecord, {
    title: record[column.title],
    content: record[column.content],
    type: column.type === -1 ? '' : record[column.type],
  })
  if (!result.success) return problemOf(result.issues, {})
  return { ...result.output, isPublic: false }
}

/** Our export of the given prompts: docs/product/prompt-files.md#our-format. */
export function writePromptFile(prompts: readonly PromptFileEntry[], exportedAt: Date): string {
  const file = {
    format: PROMPT_FILE_FORMAT,
    version: PROMPT_FILE_VERSION,
    exportedAt: exportedAt.toISOString(),
    prompts: prompts.map(({ title, content, type, isPublic }) => ({
      title,
      content,
      type,
      isPublic,
    })),
  }
  return `${JSON.stringify(file, null, 2)}\n`
}

/** `prompt-chat-prompts-2025-06-30.json`, dated in UTC. */
export function promptFileName(exportedAt: Date): string {
  return `prompt-chat-prompts-${exportedAt.toISOString().slice(0, 10)}.json`
}

/** What an import adds, and what it skips as already one of the user's own prompts. */
export interface ImportPlan {
  add: PromptFileEntry[]
  duplicates: PromptFileEntry[]
}

/**
 * A prompt is a duplicate when one of `mine` has exactly its title and content (type and
 * visibility aside), or when it repeats an earlier prompt of the same file.
 */
export function planImport(
  prompts: readonly PromptFileEntry[],
  mine: ReadonlyArray<{ title: string; content: string }>,
): ImportPlan {
  const key = (p: { title: string; content: string }) => JSON.stringify([p.title, p.content])
  const seen = new Set(mine.map(key))
  const plan: ImportPlan = { add: [], duplicates: [] }
  for (const prompt of prompts) {
    const k = key(prompt)
    if (seen.has(k)) plan.duplicates.push(prompt)
    else {
      seen.add(k)
      plan.add.push(prompt)
    }
  }
  return plan
}

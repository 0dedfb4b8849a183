import { useSelector } from '@xstate/react'
import { cx } from 'styled-system/css'
import type { ActorRefFrom } from 'xstate'
import {
  type PromptFileEntry,
  type PromptFileSource,
  SOURCE_LABELS,
} from '../../domain/prompt-files'
import type { promptImportMachine } from '../../machines/prompt-import.machine'
import { AppDialog } from '../shell/app-dialog'
import { button } from '../shell/button.recipe'
import { AlertIcon } from '../shell/session-icons'
import { badge } from './prompt-badge.recipe'
import { promptImport } from './prompt-import.recipe'
import { useLibrary } from './use-extras'

type ImportRef = ActorRefFrom<typeof promptImportMachine>

const styles = promptImport()
/** A preview list shows this many titles, then how many more there are. */
const SHOWN = 100
const ACCEPT = '.json,.csv,application/json,text/csv'

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** Import prompts: open while the library machine runs its import (prompt-import.machine.ts). */
export function PromptImportDialog() {
  const library = useLibrary()
  const importer = useSelector(
    library,
    (s) => s.children['import prompts'] as ImportRef | undefined,
  )
  return importer ? <ImportDialog importer={importer} /> : null
}

function ImportDialog({ importer }: { importer: ImportRef }) {
  const state = useSelector(importer, (s) => s)
  const busy = state.hasTag('busy')
  const preview = state.hasTag('preview')
  const failed = state.hasTag('failed')
  const { file, source, plan, error } = state.context
  const adding = plan.add.length
  const cancel = () => importer.send({ type: 'import.cancel' })
  return (
    <AppDialog
      open
      onClose={cancel}
      title="Import prompts"
      description="Imported prompts are private and inactive. Nothing is added until you confirm."
      closeLabel="Close"
      footer={
        <>
          <button
            type="button"
            className={button({ variant: 'outline' })}
            disabled={busy}
            onClick={cancel}
          >
            Cancel
          </button>
          {preview && (
            <button
              type="button"
              className={button()}
              disabled={busy || adding === 0}
              onClick={() => importer.send({ type: 'import.confirm' })}
            >
              {busy ? 'Importing…' : `Import ${plural(adding, 'prompt', 'prompts')}`}
            </button>
          )}
        </>
      }
    >
      {(state.matches('choosing') || failed) && (
        <>
          <p className={styles.formats}>
            Choose a Prompt Chat export (.json), a CSV file with the columns title,content,type, or
            a prompt export from Open WebUI or LibreChat. Up to 5 MB and 5,000 prompts.
          </p>
          {failed && error && (
            <p role="alert" className={styles.alert}>
              <AlertIcon width={16} height={16} className={styles.alertIcon} />
              <span>
                {file ? `${file.name}: ` : ''}
                {error}
              </span>
            </p>
          )}
          <input
            type="file"
            accept={ACCEPT}
            aria-label="Prompt file"
            className={styles.picker}
            onChange={(event) => {
              const chosen = event.target.files?.[0]
              // The same file may be chosen again after a refusal.
              event.target.value = ''
              if (chosen) importer.send({ type: 'import.file', file: chosen })
            }}
          />
        </>
      )}
      {state.matches('reading') && (
        <p role="status" className={styles.status}>
          Reading {file?.name ?? 'the file'}…
        </p>
      )}
      {preview && source && (
        <>
          <Preview
            fileName={file?.name ?? ''}
            source={source}
            add={plan.add}
            skip={plan.duplicates}
          />
          <button
            type="button"
            className={cx(button({ variant: 'outline', size: 'sm' }), styles.another)}
            disabled={busy}
            onClick={() => importer.send({ type: 'import.back' })}
          >
            Choose another file
          </button>
        </>
      )}
    </AppDialog>
  )
}

function Preview({
  fileName,
  source,
  add,
  skip,
}: {
  fileName: string
  source: PromptFileSource
  add: PromptFileEntry[]
  skip: PromptFileEntry[]
}) {
  return (
    <>
      <p role="status" className={styles.summary}>
        {SOURCE_LABELS[source]} file {fileName}: {plural(add.length, 'new prompt', 'new prompts')}
        {skip.length > 0 && `, ${plural(skip.length, 'duplicate', 'duplicates')} skipped`}.
        {add.length === 0 && ' Nothing to import.'}
      </p>
      {add.length > 0 && (
        <PreviewList id="import-add" title={`To add (${add.length})`} prompts={add} />
      )}
      {skip.length > 0 && (
        <PreviewList
          id="import-skip"
          title={`Duplicates, skipped (${skip.length})`}
          prompts={skip}
        />
      )}
    </>
  )
}

function PreviewList({
  id,
  title,
  prompts,
}: {
  id: string
  title: string
  prompts: PromptFileEntry[]
}) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h3 id={id} className={styles.sectionTitle}>
        {title}
      </h3>
      <ul className={styles.list} aria-labelledby={id}>
        {/* A file may repeat a title; the list's order never changes, so the index is the key. */}
        {prompts.slice(0, SHOWN).map((prompt, index) => (
          <li key={index} className={styles.item}>
            <span className={styles.itemTitle} title={prompt.title}>
              {prompt.title}
            </span>
            <span className={badge({ tone: prompt.type === 'system' ? 'accent' : 'neutral' })}>
              {prompt.type === 'system' ? 'System' : 'User'}
            </span>
          </li>
        ))}
        {prompts.length > SHOWN && (
          <li className={styles.more}>and {prompts.length - SHOWN} more</li>
        )}
      </ul>
    </section>
  )
}

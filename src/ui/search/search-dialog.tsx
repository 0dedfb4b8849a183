import { useSelector } from '@xstate/react'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { cx } from 'styled-system/css'
import { type SearchResult, snippetParts } from '../../domain/search-result'
import { useSessionActors } from '../shell/app-actors'
import { AppDialog } from '../shell/app-dialog'
import { button } from '../shell/button.recipe'
import { field } from '../shell/field.recipe'
import { searchDialog } from './search-dialog.recipe'

const styles = searchDialog()

/**
 * Search (docs/product/search.md): one box over the user's conversations and the prompts they
 * can use. The box keeps the focus; the arrows move through the results and Enter opens the
 * one they are on (a combobox with its listbox), as a click does.
 */
export function SearchDialog() {
  const search = useSearch()
  const open = useSelector(search, (s) => s.matches('open'))
  const text = useSelector(search, (s) => s.context.text)
  const results = useSelector(search, (s) => s.context.results)
  const answered = useSelector(search, (s) => s.context.answered)
  const active = useSelector(search, (s) => s.context.active)
  const searching = useSelector(search, (s) => s.hasTag('searching'))
  const failed = useSelector(search, (s) => s.hasTag('failed'))
  const box = useRef<HTMLInputElement>(null)
  const listId = useId()
  const optionId = (index: number) => `${listId}-${index}`
  // The active result stays in view as the arrows move through a long list.
  useEffect(() => {
    document.getElementById(`${listId}-${active}`)?.scrollIntoView?.({ block: 'nearest' })
  }, [listId, active])
  const blank = text.trim() === ''
  const conversations = results.filter((result) => result.kind === 'conversation')
  const prompts = results.filter((result) => result.kind === 'prompt')
  const option = (result: SearchResult, index: number) => (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the box's, which names the active option (aria-activedescendant); focus never leaves it.
    <div
      key={`${result.kind}:${result.id}`}
      id={optionId(index)}
      role="option"
      tabIndex={-1}
      aria-selected={index === active}
      data-highlighted={index === active ? '' : undefined}
      className={styles.item}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => search.send({ type: 'search.choose', index })}
    >
      <ResultText result={result} />
    </div>
  )
  return (
    <AppDialog
      open={open}
      onClose={() => search.send({ type: 'search.close' })}
      initialFocus={() => box.current}
      title="Search"
      description="Your conversations, and the prompts you can use."
      closeLabel="Close"
    >
      <input
        ref={box}
        type="search"
        role="combobox"
        aria-label="Search conversations and prompts"
        aria-expanded={results.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={results.length > 0 ? optionId(active) : undefined}
        placeholder="Search conversations and prompts..."
        value={text}
        onChange={(event) => search.send({ type: 'search.change', text: event.target.value })}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault()
            search.send({ type: 'search.move', by: event.key === 'ArrowDown' ? 1 : -1 })
          } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
            event.preventDefault()
            search.send({ type: 'search.choose' })
          }
        }}
        className={cx(field(), styles.field)}
      />
      <SearchStatus
        blank={blank}
        searching={searching}
        failed={failed}
        nothingFor={!searching && answered !== null && results.length === 0 ? answered : null}
        onRetry={() => search.send({ type: 'search.retry' })}
      />
      <div id={listId} role="listbox" aria-label="Search results">
        {conversations.length > 0 && (
          <ResultGroup label="Conversations">{conversations.map(option)}</ResultGroup>
        )}
        {prompts.length > 0 && (
          <ResultGroup label="Prompts">
            {prompts.map((result, i) => option(result, conversations.length + i))}
          </ResultGroup>
        )}
      </div>
    </AppDialog>
  )
}

/** The search actor: it starts once its code has loaded, and this dialog renders only after. */
function useSearch() {
  const { search } = useSessionActors()
  if (!search) throw new Error('Search has not started')
  return search
}

function ResultGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId()
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (ARIA), not a form's fieldset.
    <div role="group" aria-labelledby={id}>
      <div id={id} role="presentation" className={styles.group}>
        {label}
      </div>
      <div className={styles.list}>{children}</div>
    </div>
  )
}

/** What the box's state says: how to search, that it is searching, failed, or found nothing. */
function SearchStatus(props: {
  blank: boolean
  searching: boolean
  failed: boolean
  nothingFor: string | null
  onRetry: () => void
}) {
  if (props.blank)
    return (
      <p className={styles.status}>
        Search words, a "quoted phrase", or -word to leave a word out.
      </p>
    )
  if (props.failed)
    return (
      <p role="alert" className={styles.status}>
        Search failed.{' '}
        <button
          type="button"
          className={button({ variant: 'outline', size: 'sm' })}
          onClick={props.onRetry}
        >
          Try again
        </button>
      </p>
    )
  if (props.searching)
    return (
      <p role="status" className={styles.status}>
        Searching…
      </p>
    )
  if (props.nothingFor !== null)
    return (
      <p role="status" className={styles.status}>
        No results for "{props.nothingFor}"
      </p>
    )
  return null
}

/** A result's title and its snippet, the matches marked (as text: never as HTML). */
function ResultText({ result }: { result: SearchResult }) {
  const titleMatched = result.kind === 'conversation' && result.messageId === null
  return (
    <>
      <span className={styles.title}>
        <span className={styles.titleText}>
          {titleMatched ? <Marked text={result.snippet} /> : result.title}
        </span>
        {result.kind === 'prompt' && (
          <span className={styles.kind}>
            {result.promptType === 'system' ? 'System prompt' : 'User prompt'}
            {result.own ? '' : ' · Public'}
          </span>
        )}
      </span>
      {!titleMatched && (
        <span className={styles.snippet}>
          <Marked text={result.snippet} />
        </span>
      )}
    </>
  )
}

function Marked({ text }: { text: string }) {
  return snippetParts(text).map((part, i) =>
    part.match ? (
      <mark key={i} className={styles.mark}>
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  )
}

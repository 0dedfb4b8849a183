import { Tabs } from '@ark-ui/react/tabs'
import { useSelector } from '@xstate/react'
import { cx } from 'styled-system/css'
import { isFiltered, type LibraryFilter } from '../../domain/prompt-marks'
import { inRankOrder } from '../../domain/prompt-rank-order'
import { filterPrompts } from '../../domain/prompt-search'
import type { LibraryTab } from '../../domain/prompt-types'
import { AppDialog } from '../shell/app-dialog'
import { button } from '../shell/button.recipe'
import {
  CloseIcon,
  DownloadIcon,
  EyeIcon,
  EyeOffIcon,
  StarIcon,
  UploadIcon,
} from '../shell/dialog-icons'
import { lazyDialog, useWhenIdle } from '../shell/lazy-view'
import { PlusIcon, SearchIcon } from '../shell/session-icons'
import { createStyleContext } from '../shell/style-context'
import { PromptCard } from './prompt-card'
import { textField } from './prompt-field.recipe'
import { PromptImportDialog } from './prompt-import-dialog'
import { promptLibrary } from './prompt-library.recipe'
import { promptMarks } from './prompt-marks.recipe'
import { useLibrary } from './use-extras'

const { withProvider, withContext } = createStyleContext(promptLibrary)
const LibraryTabs = {
  Root: withProvider(Tabs.Root, 'root'),
  List: withContext(Tabs.List, 'list'),
  Trigger: withContext(Tabs.Trigger, 'trigger'),
  Content: withContext(Tabs.Content, 'content'),
}
const styles = promptLibrary()
const marks = promptMarks()

// The type radio and public switch of Create and Edit are Ark parts no other library view
// uses: they load with those dialogs, preloaded once the library is idle (docs/performance.md,
// "Split").
const CreateDialog = lazyDialog(
  () => import('./prompt-create-dialog').then((m) => m.PromptCreateDialog),
  () => useSelector(useLibrary(), (s) => s.hasTag('creating')),
)
const EditDialog = lazyDialog(
  () => import('./prompt-edit-dialog').then((m) => m.PromptEditDialog),
  () => useSelector(useLibrary(), (s) => s.hasTag('editing')),
)

/** The Prompt Library: Browse Public and My Prompts, search, create; open state from the machine. */
export function PromptLibraryDialog() {
  const library = useLibrary()
  useWhenIdle(() => {
    void CreateDialog.preload().catch(() => {})
    void EditDialog.preload().catch(() => {})
  })
  const open = useSelector(library, (s) => s.hasTag('open'))
  const loading = useSelector(library, (s) => s.matches({ open: 'loading' }))
  const list = useSelector(library, (s) => s.context.tab)
  const search = useSelector(library, (s) => s.context.search)
  const all = useSelector(library, (s) => s.context.prompts)
  // Ranked as the app's search ranks, once the database has ordered this very query.
  const ranked = useSelector(library, (s) => s.context.ranked)
  const matches = filterPrompts(all, search)
  const shown = ranked.query === search.trim() ? inRankOrder(matches, ranked.order) : matches
  const origin = useSelector(library, (s) => s.context.shareOrigin)
  const exporting = useSelector(library, (s) => s.matches({ open: 'exporting' }))
  const filter = useSelector(library, (s) => s.context.filter)
  const showHidden = list === 'hidden'
  // The hidden prompts are Browse Public's, shown by its toggle.
  const tab: LibraryTab = showHidden ? 'public' : list

  return (
    <>
      <AppDialog
        open={open}
        onClose={() => library.send({ type: 'library.close' })}
        title="Prompt Library"
        closeLabel="Close"
        size="xl"
        bodyAsChild
      >
        <LibraryTabs.Root
          value={tab}
          onValueChange={({ value }) =>
            library.send({ type: 'library.tab.change', tab: value as LibraryTab })
          }
        >
          <div className={styles.toolbar}>
            <LibraryTabs.List>
              <LibraryTabs.Trigger value="public">Browse Public</LibraryTabs.Trigger>
              <LibraryTabs.Trigger value="mine">My Prompts</LibraryTabs.Trigger>
            </LibraryTabs.List>
            <label className={styles.search}>
              <SearchIcon width={16} height={16} className={styles.searchIcon} />
              <input
                type="search"
                aria-label="Search prompts"
                placeholder="Search prompts..."
                value={search}
                onChange={(e) =>
                  library.send({ type: 'library.search.change', value: e.target.value })
                }
                className={cx(textField, styles.searchInput)}
              />
            </label>
            <button
              type="button"
              className={button({ size: 'sm' })}
              onClick={() => library.send({ type: 'create.open' })}
            >
              <PlusIcon width={16} height={16} /> Create
            </button>
            {/* docs/product/prompt-files.md: the user's own prompts to a file and back. */}
            <div className={styles.files}>
              <button
                type="button"
                className={button({ variant: 'outline', size: 'sm' })}
                onClick={() => library.send({ type: 'import.open' })}
              >
                <UploadIcon width={16} height={16} /> Import
              </button>
              <button
                type="button"
                className={button({ variant: 'outline', size: 'sm' })}
                disabled={exporting}
                onClick={() => library.send({ type: 'prompts.export' })}
              >
                <DownloadIcon width={16} height={16} /> Export
              </button>
            </div>
          </div>
          <LibraryTabs.Content value={tab}>
            <div className={styles.listBar}>
              {showHidden ? (
                <p className={styles.listNote}>Prompts you hid</p>
              ) : (
                <FilterBar filter={filter} />
              )}
              {/* docs/product/screens.md#prompt-library: what the user hid can be shown again. */}
              {tab === 'public' && (
                <button
                  type="button"
                  aria-pressed={showHidden}
                  className={button({ variant: 'ghost', size: 'sm' })}
                  onClick={() => library.send({ type: 'library.hidden.toggle' })}
                >
                  {showHidden ? (
                    <EyeIcon width={16} height={16} />
                  ) : (
                    <EyeOffIcon width={16} height={16} />
                  )}
                  Show hidden prompts
                </button>
              )}
            </div>
            {loading && all.length === 0 ? (
              <p role="status" className={styles.status}>
                Loading prompts…
              </p>
            ) : shown.length === 0 ? (
              <EmptyState
                mine={tab === 'mine' && all.length === 0 && !isFiltered(filter)}
                hidden={showHidden && all.length === 0}
                filter={showHidden || all.length > 0 ? null : filter}
                onCreate={() => library.send({ type: 'create.open' })}
              />
            ) : (
              <div className={styles.grid}>
                {shown.map((prompt) => (
                  <PromptCard key={prompt.id} prompt={prompt} tab={tab} origin={origin} />
                ))}
              </div>
            )}
          </LibraryTabs.Content>
        </LibraryTabs.Root>
      </AppDialog>
      <CreateDialog.Dialog />
      <EditDialog.Dialog />
      <PromptImportDialog />
    </>
  )
}

/**
 * Favourites only, and the tag chosen from a card's chip, which can be cleared
 * (docs/product/screens.md#favourites-and-tags).
 */
function FilterBar({ filter }: { filter: LibraryFilter }) {
  const library = useLibrary()
  return (
    <div className={styles.filters}>
      <button
        type="button"
        aria-pressed={filter.favourites}
        className={button({ variant: filter.favourites ? 'solid' : 'outline', size: 'sm' })}
        onClick={() => library.send({ type: 'library.filter.favourites' })}
      >
        <StarIcon width={16} height={16} /> Favourites
      </button>
      {filter.tag !== null && (
        <span className={cx(marks.chip, styles.tagFilter)}>
          Tagged #{filter.tag}
          <button
            type="button"
            aria-label="Clear tag filter"
            className={marks.chipRemove}
            onClick={() => library.send({ type: 'library.filter.tag', tag: null })}
          >
            <CloseIcon width={14} height={14} />
          </button>
        </span>
      )}
    </div>
  )
}

/** What an empty list says: nothing made yet, nothing hidden, or nothing matching. */
function emptyText(mine: boolean, hidden: boolean, filter: LibraryFilter | null): string {
  if (mine) return "You haven't created any prompts yet"
  if (hidden) return 'You have not hidden any prompts'
  if (filter?.favourites && filter.tag !== null) return `No favourite prompts tagged #${filter.tag}`
  if (filter?.favourites) return 'No favourite prompts yet. Star a prompt to find it here.'
  if (filter?.tag != null) return `No prompts tagged #${filter.tag}`
  return 'No prompts found'
}

function EmptyState({
  mine,
  hidden,
  filter,
  onCreate,
}: {
  mine: boolean
  hidden: boolean
  filter: LibraryFilter | null
  onCreate: () => void
}) {
  return (
    <div className={styles.empty}>
      <p className={styles.emptyText}>{emptyText(mine, hidden, filter)}</p>
      {mine && (
        <button type="button" className={button({ size: 'sm' })} onClick={onCreate}>
          Create Your First Prompt
        </button>
      )}
    </div>
  )
}

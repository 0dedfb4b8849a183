import { Tabs } from '@ark-ui/react/tabs'
import { useSelector } from '@xstate/react'
import { css, cx } from 'styled-system/css'
import { filterPrompts } from '../domain/prompt-search'
import type { LibraryTab } from '../domain/prompt-types'
import { useSessionActors } from './app-actors'
import { AppDialog } from './app-dialog'
import { PlusIcon, SearchIcon } from './icons'
import { PromptCard } from './prompt-card'
import { PromptCreateDialog } from './prompt-create-dialog'
import { PromptEditDialog } from './prompt-edit-dialog'
import { button } from './recipes/button'
import { textField } from './recipes/prompt-field'

const tabTrigger = css({
  px: '3',
  py: '1.5',
  fontSize: 'sm',
  fontWeight: 'medium',
  borderRadius: 'card',
  color: 'fg.muted',
  cursor: 'pointer',
  _selected: { bg: 'primary.muted', color: 'fg' },
})

/** The Prompt Library: Browse Public and My Prompts, search, create; open state from the machine. */
export function PromptLibraryDialog() {
  const { library } = useSessionActors().prompts
  const open = useSelector(library, (s) => s.hasTag('open'))
  const loading = useSelector(library, (s) => s.matches({ open: 'loading' }))
  const tab = useSelector(library, (s) => s.context.tab)
  const search = useSelector(library, (s) => s.context.search)
  const all = useSelector(library, (s) => s.context.prompts)
  const shown = filterPrompts(all, search)
  const origin = useSelector(library, (s) => s.context.shareOrigin)

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
        <Tabs.Root
          value={tab}
          onValueChange={({ value }) =>
            library.send({ type: 'library.tab.change', tab: value as LibraryTab })
          }
          className={css({ flex: 1 })}
        >
          <div
            className={css({
              display: 'flex',
              flexWrap: 'wrap',
              gap: '2',
              alignItems: 'center',
            })}
          >
            <Tabs.List className={css({ display: 'flex', gap: '1', mr: 'auto' })}>
              <Tabs.Trigger value="public" className={tabTrigger}>
                Browse Public
              </Tabs.Trigger>
              <Tabs.Trigger value="mine" className={tabTrigger}>
                My Prompts
              </Tabs.Trigger>
            </Tabs.List>
            <label className={css({ position: 'relative', flex: '1', minW: '40', maxW: '72' })}>
              <SearchIcon
                width={16}
                height={16}
                className={css({
                  position: 'absolute',
                  left: '2.5',
                  top: '2.5',
                  color: 'fg.muted',
                })}
              />
              <input
                type="search"
                aria-label="Search prompts"
                placeholder="Search prompts..."
                value={search}
                onChange={(e) =>
                  library.send({ type: 'library.search.change', value: e.target.value })
                }
                className={cx(textField, css({ pl: '8' }))}
              />
            </label>
            <button
              type="button"
              className={button({ size: 'sm' })}
              onClick={() => library.send({ type: 'create.open' })}
            >
              <PlusIcon width={16} height={16} /> Create
            </button>
          </div>
          <Tabs.Content
            value={tab}
            className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
          >
            {loading && all.length === 0 ? (
              <p
                role="status"
                className={css({
                  color: 'fg.muted',
                  fontSize: 'sm',
                  py: '8',
                  textAlign: 'center',
                })}
              >
                Loading prompts…
              </p>
            ) : shown.length === 0 ? (
              <EmptyState
                mine={tab === 'mine' && all.length === 0}
                onCreate={() => library.send({ type: 'create.open' })}
              />
            ) : (
              <div
                className={css({
                  display: 'grid',
                  gridTemplateColumns: { base: '1fr', md: '1fr 1fr' },
                  gap: '3',
                })}
              >
                {shown.map((prompt) => (
                  <PromptCard key={prompt.id} prompt={prompt} tab={tab} origin={origin} />
                ))}
              </div>
            )}
          </Tabs.Content>
        </Tabs.Root>
      </AppDialog>
      <PromptCreateDialog />
      <PromptEditDialog />
    </>
  )
}

function EmptyState({ mine, onCreate }: { mine: boolean; onCreate: () => void }) {
  return (
    <div
      className={css({
        py: '10',
        textAlign: 'center',
        display: 'grid',
        gap: '3',
        justifyItems: 'center',
      })}
    >
      <p className={css({ color: 'fg.muted' })}>
        {mine ? "You haven't created any prompts yet" : 'No prompts found'}
      </p>
      {mine && (
        <button type="button" className={button({ size: 'sm' })} onClick={onCreate}>
          Create Your First Prompt
        </button>
      )}
    </div>
  )
}

import { Tabs } from '@ark-ui/react/tabs'
import { useSelector } from '@xstate/react'
import type { StyleConfig } from '../../domain/style-config'
import { useAppActors } from '../shell/app-actors'
import { AppDialog } from '../shell/app-dialog'
import { button } from '../shell/button.recipe'
import { ShareIcon } from '../shell/dialog-icons'
import { iconTile } from '../shell/icon-tile.recipe'
import { PaletteIcon, RotateCcwIcon } from '../shell/session-icons'
import { createStyleContext } from '../shell/style-context'
import { BehaviorTab } from './behavior-tab'
import { ColorsTab } from './colors-tab'
import { LayoutTab } from './layout-tab'
import { styleDialog } from './style-dialog.recipe'
import { StylePreview } from './style-preview'
import { TextTab } from './text-tab'

const { withProvider, withContext } = createStyleContext(styleDialog)
const StyleTabs = {
  Root: withProvider(Tabs.Root, 'controls'),
  List: withContext(Tabs.List, 'tabList'),
  Trigger: withContext(Tabs.Trigger, 'tab'),
  Content: withContext(Tabs.Content, 'panel'),
}
const styles = styleDialog()

const TABS = [
  { value: 'colors', label: 'Colors', Panel: ColorsTab },
  { value: 'text', label: 'Text', Panel: TextTab },
  { value: 'layout', label: 'Layout', Panel: LayoutTab },
  { value: 'behavior', label: 'Behavior', Panel: BehaviorTab },
] as const

/**
 * Style Configuration (docs/product/screens.md#style-configuration): rendered only while the
 * style machine is editing. Every control sends an edit; the page shows it at once.
 */
export function StyleDialog() {
  const { style } = useAppActors()
  const open = useSelector(style, (s) => s.hasTag('editing'))
  const draft = useSelector(style, (s) => s.context.draft)
  const sharing = useSelector(style, (s) => s.hasTag('sharing'))
  const edit = (patch: Partial<StyleConfig>) => style.send({ type: 'editor.edit', patch })
  return (
    <AppDialog
      open={open}
      onClose={() => style.send({ type: 'editor.cancel' })}
      size="xl"
      icon={
        <span className={iconTile({ size: 'sm' })}>
          <PaletteIcon width={16} height={16} />
        </span>
      }
      title="Style Configuration"
      description="Colours, text, layout and behaviour. Changes show as you make them."
      closeLabel="Close"
      footer={
        <div className={styles.footer}>
          <div className={styles.footerStart}>
            <button
              type="button"
              className={button({ variant: 'ghost', size: 'sm' })}
              onClick={() => style.send({ type: 'editor.reset' })}
            >
              <RotateCcwIcon width={14} height={14} />
              Reset
            </button>
            <button
              type="button"
              className={button({ variant: 'ghost', size: 'sm' })}
              disabled={sharing}
              onClick={() => style.send({ type: 'editor.share' })}
            >
              <ShareIcon width={14} height={14} />
              Share theme
            </button>
          </div>
          <div className={styles.footerEnd}>
            <button
              type="button"
              className={button({ variant: 'outline', size: 'sm' })}
              onClick={() => style.send({ type: 'editor.cancel' })}
            >
              Cancel
            </button>
            <button
              type="button"
              className={button({ size: 'sm' })}
              onClick={() => style.send({ type: 'editor.save' })}
            >
              Save Changes
            </button>
          </div>
        </div>
      }
    >
      <div className={styles.layout}>
        <StyleTabs.Root defaultValue="colors" lazyMount unmountOnExit>
          <StyleTabs.List>
            {TABS.map((tab) => (
              <StyleTabs.Trigger key={tab.value} value={tab.value}>
                {tab.label}
              </StyleTabs.Trigger>
            ))}
          </StyleTabs.List>
          {TABS.map(({ value, Panel }) => (
            <StyleTabs.Content key={value} value={value}>
              <Panel draft={draft} edit={edit} />
            </StyleTabs.Content>
          ))}
        </StyleTabs.Root>
        <StylePreview draft={draft} />
      </div>
    </AppDialog>
  )
}

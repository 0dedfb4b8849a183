import { cx } from 'styled-system/css'
import { AppTooltip } from '../shell/tooltip'
import { activePromptBadge, badge } from './prompt-badge.recipe'

const styles = activePromptBadge()

/**
 * 'Active: {title}' in the header while a system prompt is active (docs/product/screens.md#signed-in).
 * A long title ends in an ellipsis; the tooltip has it whole. `data-active-prompt` tells the
 * header's layout the badge is there (header.recipe.ts).
 */
export function ActivePromptBadge({ title }: { title: string }) {
  return (
    <AppTooltip label={title}>
      <span
        data-testid="active-prompt-badge"
        data-active-prompt=""
        className={cx(badge({ tone: 'success' }), styles.root)}
      >
        <span className={styles.prefix}>Active: </span>
        <span className={styles.title}>{title}</span>
      </span>
    </AppTooltip>
  )
}

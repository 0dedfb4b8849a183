import type { MessageAlignment } from '../../domain/style-config'
import type { TabProps } from './colors-tab'
import { StyleChoice } from './style-choice'
import { StyleSwitch } from './style-switch'

const ALIGNMENTS = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Center' },
  { value: 'right', label: 'Right' },
] as const satisfies ReadonlyArray<{ value: MessageAlignment; label: string }>

/** Motion, what each message shows, and where messages sit. */
export function BehaviorTab({ draft, edit }: TabProps) {
  return (
    <>
      <div>
        <StyleSwitch
          label="Animations"
          hint="Transitions and motion across the app"
          checked={draft.animations}
          onChange={(animations) => edit({ animations })}
        />
        <StyleSwitch
          label="Show Avatars"
          hint="An icon beside each message"
          checked={draft.showAvatars}
          onChange={(showAvatars) => edit({ showAvatars })}
        />
        <StyleSwitch
          label="Show Timestamps"
          hint="The time each message was sent"
          checked={draft.showTimestamps}
          onChange={(showTimestamps) => edit({ showTimestamps })}
        />
      </div>
      <StyleChoice<MessageAlignment>
        label="Message Alignment"
        value={draft.messageAlignment}
        options={ALIGNMENTS}
        onChange={(messageAlignment) => edit({ messageAlignment })}
      />
    </>
  )
}

import { useAppActors } from '../shell/app-actors'
import { HeaderButton } from '../shell/header-layout'
import { PuzzleIcon } from '../shell/session-icons'

/** The header entry: first in the bar, after Prompt Library in the side menu. */
export function InstallExtensionButton() {
  // Through the app machine, which loads the dialog's code first if need be.
  const { app } = useAppActors()
  return (
    <HeaderButton
      icon={<PuzzleIcon width={16} height={16} />}
      label="Install Extension"
      onClick={() => app.send({ type: 'install.open' })}
    />
  )
}

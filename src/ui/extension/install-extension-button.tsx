import { useSessionActors } from '../shell/app-actors'
import { HeaderButton } from '../shell/header-layout'
import { PuzzleIcon } from '../shell/icons'

/** The header entry: first in the bar, after Prompt Library in the side menu. */
export function InstallExtensionButton() {
  const { installExtension } = useSessionActors()
  return (
    <HeaderButton
      icon={<PuzzleIcon width={16} height={16} />}
      label="Install Extension"
      onClick={() => installExtension.send({ type: 'install.open' })}
    />
  )
}

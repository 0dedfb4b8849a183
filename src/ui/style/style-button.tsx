import { useAppActors } from '../shell/app-actors'
import { HeaderButton } from '../shell/header-layout'
import { PaletteIcon } from '../shell/session-icons'

/** Opens the Style Configuration dialog: 'Style' in the bar, 'Style Editor' in the side menu. */
export function StyleButton() {
  const { style } = useAppActors()
  return (
    <HeaderButton
      icon={<PaletteIcon width={16} height={16} />}
      label="Style"
      menuLabel="Style Editor"
      onClick={() => style.send({ type: 'editor.open' })}
    />
  )
}

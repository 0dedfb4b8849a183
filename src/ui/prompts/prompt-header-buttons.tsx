import { useAppActors } from '../shell/app-actors'
import { HeaderButton } from '../shell/header-layout'
import { BookIcon, ZapIcon } from '../shell/session-icons'

/** Header entries that open the Quick Prompts panel and the Prompt Library (bar or side menu). */
export function PromptHeaderButtons({ className }: { className?: string }) {
  // Through the app machine, which loads the panel's and the library's code first if need be.
  const { app } = useAppActors()
  return (
    <div className={className}>
      <HeaderButton
        icon={<ZapIcon width={16} height={16} />}
        label="Quick Prompts"
        onClick={() => app.send({ type: 'quick.open' })}
      />
      <HeaderButton
        icon={<BookIcon width={16} height={16} />}
        label="Library"
        menuLabel="Prompt Library"
        onClick={() => app.send({ type: 'library.open' })}
      />
    </div>
  )
}

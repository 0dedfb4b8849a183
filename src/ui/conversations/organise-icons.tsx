import { Icon, type IconProps } from '../shell/icons'

// The icons of pins and folders, loaded with their code after the first paint.

export const PinIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 17v5M9 10.8a2 2 0 0 1-1.1 1.8l-1.8.9A2 2 0 0 0 5 15.2v.8h14v-.8a2 2 0 0 0-1.1-1.8l-1.8-.9a2 2 0 0 1-1.1-1.8V7a1 1 0 0 1 1-1 2 2 0 0 0 0-4H8a2 2 0 0 0 0 4 1 1 0 0 1 1 1Z" />
  </Icon>
)
const FOLDER =
  'M20 20a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-7.9a2 2 0 0 1-1.7-.9l-.8-1.2A2 2 0 0 0 7.9 3H4a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2Z'
export const FolderIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d={FOLDER} />
  </Icon>
)
export const FolderPlusIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d={`${FOLDER}M12 10v6M9 13h6`} />
  </Icon>
)
export const MoreIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 12h.01M19 12h.01M5 12h.01" strokeWidth={3} />
  </Icon>
)
export const ArchiveIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect width="20" height="5" x="2" y="3" rx="1" />
    <path d="M4 8v11a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8M10 12h4" />
  </Icon>
)
export const LinkIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
    <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  </Icon>
)

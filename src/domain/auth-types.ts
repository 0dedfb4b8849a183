// The app's session is the platform's: the machines hold the tokens and user the SDK gives them.
export type { TokenSet, User } from '../../contract/auth-session'

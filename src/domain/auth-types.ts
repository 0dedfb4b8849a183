// The app's session is the platform's: the machines hold the tokens and user the SDK gives them,
// and schedule the refresh by the SDK's own expiry rule, written once in the contract.
export type { TokenSet, User } from '../../contract/auth-session'
export { refreshDueAtMs } from '../../contract/token-expiry'

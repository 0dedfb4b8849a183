// The app's refresh schedule uses the SDK's own expiry rule, written once in the contract.
export { refreshDueAtMs } from '../../contract/token-expiry'

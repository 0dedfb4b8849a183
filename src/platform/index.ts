export {
  isTrustedParentOrigin,
  parseOriginList,
  trustedParentOrigins,
} from '../../contract/auth-origins'
export type {
  AuthClient,
  AuthClientConfig,
  RedirectResult,
  TokensListener,
} from './auth-client'
export { keysToCamel, keysToSnake, tableName, toCamelCase, toSnakeCase } from './case-conversion'
export type {
  DbClient,
  FilterOperators,
  FilterScalar,
  ListOptions,
  OrderBy,
  SortDirection,
  TableClient,
  Where,
} from './db-client'
export type { BatchStatement, SqlClient } from './db-sql-client'
export {
  AIError,
  AuthError,
  DataError,
  errorFromResponse,
  NetworkError,
  NotificationsError,
  PlatformError,
  RealtimeError,
  StorageError,
  ValidationError,
} from './errors'
export type { FetchLike, HttpClient, HttpResponse, Query, RequestOptions } from './http-client'
export {
  createPlatformClient,
  type PlatformClient,
  type PlatformClientConfig,
} from './platform-client'
export type { ChangesOptions, TableChange } from './realtime/realtime-client'
export type { KeyValueStorage, TokenSet, User } from './types'

// The start-up data of seed 000 §3 as the browser sees it (keys camelCased by lib/client/http).
import type { AuthorizationData as ServerAuthorization } from '@/lib/shell/build-authorization'
import type { AppShellData as ServerAppShell } from '@/lib/shell/build-app-shell'

export type AuthorizationData = ServerAuthorization

export type DataSeverity = 'low' | 'medium' | 'high'
export type DataStatus =
  | { placeholder: false }
  | { placeholder: true; cause: 'timeout' | 'abort' | 'network' | 'server' | 'unknown'; severity: DataSeverity }

export type AppShellData = Omit<ServerAppShell, 'dataStatus'> & { dataStatus: DataStatus }

export type AbTestValue = boolean | number | null
/** Keyed by experiment name (names are kept as they are, not camelCased). */
export type AbTestMap = Record<string, { ab_test_value: AbTestValue }>

export interface StartupData {
  authorization: AuthorizationData
  appShell: AppShellData
  abTests: AbTestMap
  locale: string
  dataStatus: DataStatus
}

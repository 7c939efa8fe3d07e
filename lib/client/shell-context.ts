// The shell's start-up data as React context, and the hooks screens read it with.
import { createContext, useContext } from 'react'
import useSWR from 'swr'
import { hasPermission } from '@/lib/auth/permissions'
import { http } from './http'
import type { AbTestValue, AppShellData, AuthorizationData, StartupData } from './shell-types'

export const ShellContext = createContext<StartupData | null>(null)

/** Hot-settings stale time (seed 000 §9): 3 minutes. */
export const HOT_SETTINGS_STALE_MS = 180_000
export const HOT_SETTINGS_URL = '/ajax/account/hot-settings'

export function useShellData(): StartupData | null {
  return useContext(ShellContext)
}

export function useAppShell(): AppShellData {
  const data = useContext(ShellContext)
  if (!data?.appShell) throw new Error('Expected appShell data to not be null.')
  return data.appShell
}

export function useAuthorization(): AuthorizationData {
  const data = useContext(ShellContext)
  if (!data?.authorization) throw new Error('Expected authentication data to not be null.')
  return data.authorization
}

/** The experiment's value, or null when the company has no assignment. */
export function useAbTest(name: string): AbTestValue {
  const data = useContext(ShellContext)
  return data?.abTests[name]?.ab_test_value ?? null
}

async function fetchFlags(url: string): Promise<Record<string, boolean>> {
  // Flag names are data, not field names: no key transformation.
  const res = await http.get<{ featureFlags?: Record<string, boolean> }>(url, { transformKeys: false })
  return res.data?.featureFlags ?? {}
}

const EMPTY_FLAGS: Record<string, boolean> = Object.freeze({}) as Record<string, boolean>

/** The company's feature-flag map, cached for 3 minutes; empty until loaded. */
export function useFeatureFlags(): Record<string, boolean> {
  const { data } = useSWR(HOT_SETTINGS_URL, fetchFlags, {
    dedupingInterval: HOT_SETTINGS_STALE_MS,
    focusThrottleInterval: HOT_SETTINGS_STALE_MS,
    refreshInterval: HOT_SETTINGS_STALE_MS,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  })
  return data ?? EMPTY_FLAGS
}

/** True when the user holds every given resource (false before start-up has finished). */
export function usePermission(resource: string | readonly string[]): boolean {
  const data = useContext(ShellContext)
  if (!data) return false
  const required = typeof resource === 'string' ? [resource] : resource
  return hasPermission(data.authorization.resources, { required })
}

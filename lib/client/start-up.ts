// Start-up (seed 000 §4 "Start-up", §7, §9): authorization, app-shell, A/B tests and locale,
// each retried 3 times (300 ms backoff, 100 ms jitter) within the per-network timeouts.
import { http, type HttpClient } from './http'
import { ABORTED, isHttpError, REDIRECT, TIMEOUT } from './http-error'
import { START_UP_RETRY, withRetry } from './retry'
import { placeholderAppShell } from './placeholder-app-shell'
import type { AbTestMap, AppShellData, AuthorizationData, DataStatus, StartupData } from './shell-types'

export const DEFAULT_LOCALE = 'en-US'

export type StartupOutcome =
  { kind: 'ready'; data: StartupData } | { kind: 'signed-out' } | { kind: 'error'; error: unknown }

/** App-shell total timeout: 20 s on 3g, 15 s on 4g, 30 s otherwise. */
export function appShellTimeoutMs(effectiveType?: string): number {
  return effectiveType === '3g' ? 20_000 : effectiveType === '4g' ? 15_000 : 30_000
}

/** A/B test timeout: 7 s on 4g, 10 s otherwise. */
export function abTestTimeoutMs(effectiveType?: string): number {
  return effectiveType === '4g' ? 7_000 : 10_000
}

/** /sms/unsubscribe and any path ending /{x}/info ask the SMS locale endpoint. */
export function localeEndpoint(pathname: string): string {
  const path = pathname.replace(/\/+$/, '')
  return path === '/sms/unsubscribe' || /\/[^/]+\/info$/.test(path)
    ? '/ajax/sms/current-locale'
    : '/ajax/current-locale'
}

const SIGNED_OUT = Symbol('signed-out')
const isSignedOutAnswer = (e: unknown) =>
  isHttpError(e) && (e.status === 401 || e.status === 403 || e.data === REDIRECT)

/** Runs fn (with retries) under one total deadline shared by all attempts. */
async function withinTotal<T>(ms: number, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), ms)
  try {
    return await withRetry(() => fn(controller.signal), { ...START_UP_RETRY, signal: controller.signal })
  } catch (e) {
    if (controller.signal.aborted && isHttpError(e) && e.data === ABORTED) throw Object.assign(e, { data: TIMEOUT })
    throw e
  } finally {
    clearTimeout(timer)
  }
}

function causeOf(e: unknown): Extract<DataStatus, { placeholder: true }>['cause'] {
  if (!isHttpError(e)) return 'unknown'
  if (e.data === TIMEOUT) return 'timeout'
  if (e.data === ABORTED) return 'abort'
  if (e.status === 0) return 'network'
  return 'server'
}

export interface StartupInput {
  pathname: string
  effectiveType?: string
  client?: HttpClient
}

export async function loadStartup({ pathname, effectiveType, client = http }: StartupInput): Promise<StartupOutcome> {
  // The start-up reads decide sign-in state themselves: no SESSION_EXPIRED conversion.
  const opts = { sessionCheck: false } as const
  const [auth, shell, ab, locale] = await Promise.allSettled([
    withinTotal(appShellTimeoutMs(effectiveType), (signal) =>
      client.get<AuthorizationData>('/ajax/authorization', { ...opts, redirect: 'manual', signal }),
    ),
    withinTotal(appShellTimeoutMs(effectiveType), (signal) =>
      client.get<AppShellData>('/ajax/app_shell', { ...opts, signal, params: { path: pathname } }),
    ),
    withinTotal(abTestTimeoutMs(effectiveType), (signal) =>
      client.get<AbTestMap>('/ajax/account/ab_tests', { ...opts, signal, transformKeys: false }),
    ),
    withinTotal(appShellTimeoutMs(effectiveType), (signal) =>
      client.get<{ locale?: string }>(localeEndpoint(pathname), { ...opts, signal }),
    ),
  ])

  if (auth.status === 'rejected' && !isSignedOutAnswer(auth.reason)) return { kind: 'error', error: auth.reason }
  const authorization = auth.status === 'fulfilled' ? auth.value.data : null
  if (!authorization) return { kind: 'signed-out' }

  let dataStatus: DataStatus = { placeholder: false }
  const appShell = settle(shell, () => {
    dataStatus = { placeholder: true, cause: causeOf((shell as PromiseRejectedResult).reason), severity: 'high' }
    return placeholderAppShell(authorization, dataStatus)
  })
  const abTests = settle(ab, () => {
    if (!dataStatus.placeholder)
      dataStatus = { placeholder: true, cause: causeOf((ab as PromiseRejectedResult).reason), severity: 'medium' }
    return {} as AbTestMap
  })
  // Authenticated only when all three are present (seed 000 §4).
  if (appShell === SIGNED_OUT || abTests === SIGNED_OUT) return { kind: 'signed-out' }

  const finalStatus: DataStatus = dataStatus
  return {
    kind: 'ready',
    data: {
      authorization,
      appShell: finalStatus.placeholder ? { ...appShell, dataStatus: finalStatus } : appShell,
      abTests,
      locale: (locale.status === 'fulfilled' && locale.value.data?.locale) || DEFAULT_LOCALE,
      dataStatus: finalStatus,
    },
  }
}

function settle<T>(r: PromiseSettledResult<{ data: T }>, degraded: () => T): T | typeof SIGNED_OUT {
  if (r.status === 'fulfilled') return r.value.data
  if (isSignedOutAnswer(r.reason)) return SIGNED_OUT
  return degraded()
}

// The device check (seed 000 §4, §7): about 10 s after start the browser's stable device id is
// posted; the server keeps the first id of a session and answers whether this one matches.
// The check never navigates (issue 30 §8): a mismatch, a failure or a slow answer is reported
// and the page stays, because leaving for /login while the session is valid bounced the user
// straight back and lost unsaved work. Only a definite "session expired" answer matters, and
// the HTTP client already turns that into the session-expiry modal, which keeps the page.
import { http as defaultHttp, type HttpClient } from './http'
import { withRetry } from './retry'
import { reportClientError } from './report-error'
import { isSessionExpired } from './http-error'

export const DEVICE_CHECK_DELAY_MS = 10_000
/** A slow server must not keep the check waiting: past this it gives up until the next page. */
export const DEVICE_CHECK_TIMEOUT_MS = 15_000
export const DEVICE_ID_KEY = 'kl_device_id'

function randomId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
}

/** The stored id, or a new one kept for later pages; null when nothing can be kept. */
export function getDeviceId(storage: Storage | null = safeStorage()): string | null {
  try {
    const existing = storage?.getItem(DEVICE_ID_KEY)
    if (existing) return existing
    if (!storage) return null
    const id = randomId()
    storage.setItem(DEVICE_ID_KEY, id)
    return id
  } catch {
    return null
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

export interface DeviceCheckDeps {
  http?: Pick<HttpClient, 'post'>
  storage?: Storage | null
  report?: (error: unknown, where: string) => void
  sleep?: (ms: number) => Promise<void>
}

export async function checkDevice(deps: DeviceCheckDeps = {}): Promise<void> {
  const http = deps.http ?? defaultHttp
  const report = deps.report ?? reportClientError
  // Without storage every page would post an id of its own, and each would look like another device.
  const deviceID = getDeviceId(deps.storage === undefined ? safeStorage() : deps.storage)
  if (!deviceID) return
  try {
    // Sent as named in the contract ({deviceID}); no key transformation.
    const res = await withRetry(
      () =>
        http.post<{ isValidSessionDeviceID?: boolean }>(
          '/ajax/device-id',
          { deviceID },
          { transformKeys: false, timeoutMs: DEVICE_CHECK_TIMEOUT_MS },
        ),
      { retries: 3, backoffMs: 300, jitterMs: 100, sleep: deps.sleep },
    )
    if (res.data?.isValidSessionDeviceID === false)
      report(new Error('The session is used from another device id'), 'device-check')
  } catch (error) {
    // An ended session is the session modal's business, not an error of the check.
    if (!isSessionExpired(error)) report(error, 'device-check')
  }
}

/** Schedules the check; returns a cancel function. */
export function scheduleDeviceCheck(delayMs: number = DEVICE_CHECK_DELAY_MS): () => void {
  const handle = setTimeout(() => void checkDevice(), delayMs)
  return () => clearTimeout(handle)
}

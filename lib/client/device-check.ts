// The device check (seed 000 §4, §7): about 10 s after start the browser's stable device id
// is posted; a reply saying the session's device id is invalid sends the user to /login.
import { http } from './http'
import { withRetry } from './retry'
import { reportClientError } from './report-error'
import { isSessionExpired } from './http-error'

export const DEVICE_CHECK_DELAY_MS = 10_000
export const DEVICE_ID_KEY = 'kl_device_id'

function randomId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
}

export function getDeviceId(storage: Storage | null = safeStorage()): string {
  const existing = storage?.getItem(DEVICE_ID_KEY)
  if (existing) return existing
  const id = randomId()
  try {
    storage?.setItem(DEVICE_ID_KEY, id)
  } catch {
    // storage unavailable: the id lives for this page only
  }
  return id
}

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

export async function checkDevice(deps: { navigate?: (url: string) => void } = {}): Promise<void> {
  try {
    // Sent as named in the contract ({deviceID}); no key transformation.
    const res = await withRetry(
      () => http.post<{ isValidSessionDeviceID?: boolean }>('/ajax/device-id', { deviceID: getDeviceId() }, { transformKeys: false }),
      { retries: 3, backoffMs: 300, jitterMs: 100 },
    )
    if (res.data?.isValidSessionDeviceID === false) {
      reportClientError(new Error('Invalid session device id'), window.location.pathname)
      ;(deps.navigate ?? ((u) => window.location.assign(u)))('/login')
    }
  } catch (error) {
    // An ended session is the session modal's business, not an error of the check.
    if (!isSessionExpired(error)) reportClientError(error, 'device-check')
  }
}

/** Schedules the check; returns a cancel function. */
export function scheduleDeviceCheck(delayMs: number = DEVICE_CHECK_DELAY_MS): () => void {
  const handle = setTimeout(() => void checkDevice(), delayMs)
  return () => clearTimeout(handle)
}

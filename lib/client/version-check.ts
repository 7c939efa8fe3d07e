// The build-version check (seed 000 §4 "Version check", §9 60000 ms): the static manifest's
// entrypoints-hash header tells whether a newer build is being served; if so, the next
// navigation becomes a full page load so the browser picks up the new code.
import { reportClientError } from './report-error'

export const VERSION_POLL_MS = 60_000
export const VERSION_MANIFEST_URL = '/build-manifest.json'
export const ENTRYPOINTS_HASH_HEADER = 'x-entrypoints-hash'
const CHECK_TIMEOUT_MS = 10_000

let stale = false

export const isBuildStale = () => stale
/** Exposed for tests and for callers that learn about a new build another way. */
export function setBuildStale(value: boolean): void {
  stale = value
}

export interface VersionCheckOptions {
  buildId?: string
  intervalMs?: number
  fetch?: typeof fetch
  report?: (error: unknown) => void
}

/** One check; resolves to true when the served build differs from the loaded one. */
export async function checkVersionOnce(opts: VersionCheckOptions = {}): Promise<boolean> {
  const buildId = opts.buildId ?? process.env.NEXT_PUBLIC_BUILD_ID
  if (!buildId) return false
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), CHECK_TIMEOUT_MS)
  try {
    const res = await (opts.fetch ?? globalThis.fetch)(VERSION_MANIFEST_URL, {
      method: 'HEAD',
      credentials: 'omit',
      cache: 'no-store',
      signal: controller.signal,
    })
    if (!res.ok) throw new Error(`Version check failed with status ${res.status}`)
    const served = res.headers.get(ENTRYPOINTS_HASH_HEADER)
    if (served && served !== buildId) stale = true
    return stale
  } catch (error) {
    // Timeouts are routine on flaky networks and are not worth an error report.
    if (!controller.signal.aborted) (opts.report ?? ((e) => reportClientError(e, 'version-check')))(error)
    return false
  } finally {
    clearTimeout(timer)
  }
}

/** Polls every 60 s; returns a stop function. */
export function startVersionCheck(opts: VersionCheckOptions = {}): () => void {
  const handle = setInterval(() => {
    if (!stale) void checkVersionOnce(opts)
  }, opts.intervalMs ?? VERSION_POLL_MS)
  return () => clearInterval(handle)
}

/**
 * Turns same-origin link clicks into full page loads once the build is stale. Captures clicks
 * before Next's router sees them; modified clicks, downloads and other targets are left alone.
 */
export function installStaleBuildNavigation(win: Window = window): () => void {
  const onClick = (e: MouseEvent) => {
    if (!stale || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null
    if (!a || a.hasAttribute('download') || (a.target && a.target !== '_self')) return
    const url = new URL(a.href, win.location.href)
    if (url.origin !== win.location.origin) return
    e.preventDefault()
    e.stopPropagation()
    win.location.assign(url.pathname + url.search + url.hash)
  }
  win.document.addEventListener('click', onClick, true)
  return () => win.document.removeEventListener('click', onClick, true)
}

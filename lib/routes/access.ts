// The access decision for one route and one viewer (seed 001 §5, seed 000 §6). The proxy,
// the server gate (guardRoute) and the navigation all ask this one function.
import { hasPermission, hasStaffPermission } from '@/lib/auth/permissions'
import type { RouteDef } from './types'

export interface Viewer {
  resources: Set<string>
  staffResources: string[]
  isStaff: boolean
}

export type AccessDecision = 'allow' | 'login' | 'dashboard' | 'forbidden' | 'not-found'

export function decideAccess(route: RouteDef, viewer: Viewer | null, flags: Record<string, boolean>): AccessDecision {
  const flagOff = route.flag !== undefined && flags[route.flag] !== true
  if (route.access === 'public') return flagOff ? 'not-found' : 'allow'
  if (route.access === 'unauthenticated') return viewer ? 'dashboard' : flagOff ? 'not-found' : 'allow'
  if (!viewer) return 'login'
  if (route.access === 'staff') {
    // Internal-only: a customer is not told the page exists.
    if (!viewer.isStaff) return 'not-found'
    if (!hasStaffPermission(viewer.staffResources, route.staffRequired ?? [])) return 'forbidden'
  }
  if (flagOff) return 'not-found'
  if (!hasPermission(viewer.resources, { required: route.required, partial: route.partial })) return 'forbidden'
  return 'allow'
}

/** Where a signed-out visitor goes: /login with the original path, query and hash in next. */
export function loginRedirectUrl(pathname: string, search = '', hash = ''): string {
  const q = search && !search.startsWith('?') ? '?' + search : search === '?' ? '' : search
  const h = hash && !hash.startsWith('#') ? '#' + hash : hash === '#' ? '' : hash
  return '/login?next=' + encodeURIComponent(pathname + q + h)
}

const FALLBACK = '/dashboard'
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

function isLocalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') && !CONTROL.test(path)
}

/**
 * The `next` target after sign-in, only if it stays on this origin: a single leading '/',
 * no '//' or backslash (browsers read '/\evil.com' as '//evil.com'), no control characters,
 * and the same once percent-decoded, so a later decode cannot turn it into another origin.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || next.length > 2048 || !isLocalPath(next)) return FALLBACK
  let decoded: string
  try {
    decoded = decodeURIComponent(next)
  } catch {
    return FALLBACK
  }
  if (!isLocalPath(decoded)) return FALLBACK
  try {
    const base = 'http://origin.invalid'
    if (new URL(next, base).origin !== base) return FALLBACK
  } catch {
    return FALLBACK
  }
  return next
}

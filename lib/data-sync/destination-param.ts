// The :destination of a /cdp/sync URL: an unknown key is a 404, a known but unavailable one
// cannot hold syncs (400), so nothing is ever written for a destination we cannot send to.
import { badRequest, notFound } from '@/lib/errors/app-error'
import { destinationOf } from './destinations'

export function knownDestination(key: string | undefined) {
  const d = destinationOf(key ?? '')
  if (!d) throw notFound('This destination does not exist.')
  return d
}

export function usableDestination(key: string | undefined) {
  const d = knownDestination(key)
  if (!d.available) throw badRequest('This destination is not available on this installation.')
  return d
}

export function syncIdParam(raw: string | undefined): number {
  const n = Number(raw)
  if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) throw notFound('This sync does not exist.')
  return n
}

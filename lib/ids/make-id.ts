// Identifiers in the vendor's style: profiles get 26-character ULIDs (time-ordered,
// Crockford base32); metrics, lists and segments get 6-character mixed-case ids.
import { randomBytes } from 'node:crypto'

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const SHORT = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789'

// Monotonic within a millisecond: ids made in the same ms increase, so "sort by created, then
// id" keeps creation order even for rows created in one burst.
let lastTime = -1
let lastRandom: number[] = []

function encodeTime(t: number): string {
  let out = ''
  for (let i = 0; i < 10; i++) {
    out = CROCKFORD[t % 32] + out
    t = Math.floor(t / 32)
  }
  return out
}

function incremented(digits: number[]): number[] | null {
  const next = [...digits]
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i]! < 31) {
      next[i]! += 1
      return next
    }
    next[i] = 0
  }
  return null // overflow: 32^16 ids in one ms
}

export function ulid(now = Date.now()): string {
  let digits: number[] | null = null
  if (now <= lastTime) {
    digits = incremented(lastRandom)
    if (digits) now = lastTime
  }
  if (!digits) {
    const bytes = randomBytes(16)
    digits = Array.from(bytes, (b) => b % 32)
    // Leave headroom so increments within this ms never overflow.
    digits[0] = digits[0]! % 16
  }
  lastTime = now
  lastRandom = digits
  return encodeTime(now) + digits.map((d) => CROCKFORD[d]).join('')
}

export function shortId(length = 6): string {
  const bytes = randomBytes(length)
  let out = ''
  for (let i = 0; i < length; i++) out += SHORT[bytes[i]! % SHORT.length]
  return out
}

export const isUlid = (v: string) => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(v)

// Identifiers in the vendor's style: profiles get 26-character ULIDs (time-ordered,
// Crockford base32); metrics, lists and segments get 6-character mixed-case ids.
import { randomBytes } from 'node:crypto'

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const SHORT = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789'

export function ulid(now = Date.now()): string {
  let time = ''
  let t = now
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time
    t = Math.floor(t / 32)
  }
  const bytes = randomBytes(16)
  let rand = ''
  for (let i = 0; i < 16; i++) rand += CROCKFORD[bytes[i]! % 32]
  return time + rand
}

export function shortId(length = 6): string {
  const bytes = randomBytes(length)
  let out = ''
  for (let i = 0; i < length; i++) out += SHORT[bytes[i]! % SHORT.length]
  return out
}

export const isUlid = (v: string) => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(v)

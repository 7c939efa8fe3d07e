// Per-attribute write times (Profile.attributeTimes): every write to a profile carries the time
// it was accepted (epoch ms, stamped at the request), and a write applies to an attribute only
// if it is not older than the write that last set that attribute, so a queued event the worker
// ingests late never replaces what a newer API call or import set. Ties: the later-applied wins.
//
// Paths: the column names of standard fields ("email", "firstName", "city" …) and
// "properties.<key>" for each top-level custom property (properties are merged key by key).
// A value is a number (the last write) or, after an append/unappend newer than the last
// replacing write, [lastSet, lastWrite]: appends commute with each other, so an older append
// still lands after a newer one, but never on a value a newer set/unset replaced; and an older
// set never replaces what a newer append produced. Rows without times count as 0 everywhere.
import { parseProps } from './profile-store'
import type { PatchProperties } from './types'

export type TimeEntry = number | [number, number]
export type AttributeTimes = Record<string, TimeEntry>

export const propertyPath = (key: string) => `properties.${key}`

let lastStamp = 0
/**
 * The acceptance time of a write (epoch ms). Strictly increasing within the process, in steps
 * of 1/1024 ms (exact in a double) when several writes share a millisecond, so an event and a
 * profile update accepted one after the other in the same millisecond still keep their order.
 */
export function acceptedNow(): number {
  const now = Date.now()
  lastStamp = now > lastStamp ? now : lastStamp + 1 / 1024
  return lastStamp
}

/** The stored JSON of a profile's attribute times (absent or unreadable: none). */
export const parseTimes = (raw: unknown): AttributeTimes => parseProps(raw) as AttributeTimes

function entry(times: AttributeTimes, path: string): TimeEntry | undefined {
  return Object.hasOwn(times, path) ? times[path] : undefined
}

const setOf = (e: unknown) => (typeof e === 'number' ? e : Array.isArray(e) ? Number(e[0]) || 0 : 0)
const writeOf = (e: unknown) => (typeof e === 'number' ? e : Array.isArray(e) ? Number(e[1]) || 0 : 0)
const makeEntry = (set: number, write: number): TimeEntry => (write === set ? set : [set, write])

/** The time of the last write of any kind (0 when never written). */
export const lastWrite = (times: AttributeTimes, path: string): number => writeOf(entry(times, path))

/** The time of the last replacing write (set or unset). */
export const lastSet = (times: AttributeTimes, path: string): number => setOf(entry(times, path))

function put(times: AttributeTimes, path: string, e: TimeEntry) {
  Object.defineProperty(times, path, { value: e, enumerable: true, writable: true, configurable: true })
}

/**
 * The gate of one profile write: `set` and `append` say whether a write accepted at `at` may
 * change the attribute, and record it. `changed` is true once a time was recorded.
 */
export class WriteClock {
  changed = false

  constructor(
    readonly times: AttributeTimes,
    readonly at: number,
  ) {}

  /** A replacing write (a value or an unset): applies unless a newer write of any kind exists. */
  set(path: string): boolean {
    if (this.at < lastWrite(this.times, path)) return false
    // Time 0 (a write with no acceptance time) is what a missing entry means already.
    if (this.at > 0 && entry(this.times, path) !== this.at) {
      put(this.times, path, this.at)
      this.changed = true
    }
    return true
  }

  /** An append or unappend: applies unless a newer replacing write exists. */
  append(path: string): boolean {
    const s = lastSet(this.times, path)
    if (this.at < s) return false
    const next = makeEntry(s, Math.max(lastWrite(this.times, path), this.at))
    const cur = entry(this.times, path)
    if (this.at > 0 && JSON.stringify(cur) !== JSON.stringify(next)) {
      put(this.times, path, next)
      this.changed = true
    }
    return true
  }

  /** The part of a patch_properties this write may apply (each key gated on its own). */
  patch(patch: PatchProperties | undefined): PatchProperties | undefined {
    if (!patch) return patch
    const keep = (ops: Record<string, unknown> | undefined) => {
      if (!ops) return ops
      const out: Record<string, unknown> = {}
      for (const [k, v] of Object.entries(ops)) {
        if (this.append(propertyPath(k)))
          Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true })
      }
      return out
    }
    const unset =
      patch.unset == null
        ? undefined
        : (Array.isArray(patch.unset) ? patch.unset : [patch.unset]).filter((k) => this.set(propertyPath(k)))
    return { append: keep(patch.append), unappend: keep(patch.unappend), unset }
  }

  json(): string {
    return JSON.stringify(this.times)
  }
}

/** The newer of two entries (each part at its maximum): what a merged profile keeps. */
export function newerEntry(a: TimeEntry | undefined, b: TimeEntry | undefined): TimeEntry | undefined {
  if (a === undefined) return b
  if (b === undefined) return a
  return makeEntry(Math.max(setOf(a), setOf(b)), Math.max(writeOf(a), writeOf(b)))
}

export function timeEntry(times: AttributeTimes, path: string): TimeEntry | undefined {
  return entry(times, path)
}

export function setTimeEntry(times: AttributeTimes, path: string, e: TimeEntry | undefined) {
  if (e !== undefined) put(times, path, e)
}

// A per-process cache for rows read on every webhook but rarely written (an SMS number's company,
// the SMS account, the inbox settings and automation rules). An entry lives for at most ttlMs:
// the code that writes those rows in this process drops it at once (forget), while a change made
// through another process (another web server, the worker, SQL by hand) is seen within ttlMs.
// Concurrent misses of one key share one load. Keys carry DATABASE_URL, so tests on separate
// databases in one Jest worker never share entries (and tests/helpers/test-db.ts drops them all).
import { databaseUrl } from '@/lib/db/client'

interface Entry<T> {
  at: number
  value: Promise<T>
  /** Set once the load resolved, so peek can answer synchronously (inside a transaction). */
  settled?: { value: T }
}

export interface TtlCache<K extends string | number, T> {
  get(key: K, load: () => Promise<T>): Promise<T>
  /** The fresh, loaded value, or undefined: for generator code that cannot await. */
  peek(key: K): { value: T } | undefined
  forget(key?: K): void
}

type Store = Map<string, Map<string, Entry<unknown>>>
const g = globalThis as unknown as { __ttlCaches?: Store }

export function ttlCache<K extends string | number, T>(name: string, ttlMs: number, max = 10_000): TtlCache<K, T> {
  const entries = (): Map<string, Entry<T>> => {
    const all = (g.__ttlCaches ??= new Map())
    let m = all.get(name)
    if (!m) all.set(name, (m = new Map()))
    return m as Map<string, Entry<T>>
  }
  const keyOf = (key: K) => `${databaseUrl()}\u0000${key}`
  const fresh = (e: Entry<T> | undefined) => (e && Date.now() - e.at < ttlMs ? e : undefined)
  return {
    get(key, load) {
      const m = entries()
      const k = keyOf(key)
      const hit = fresh(m.get(k))
      if (hit) return hit.value
      if (m.size >= max) m.clear()
      const entry: Entry<T> = { at: Date.now(), value: load() }
      m.set(k, entry)
      entry.value.then(
        (value) => (entry.settled = { value }),
        () => m.get(k) === entry && m.delete(k),
      )
      return entry.value
    },
    peek(key) {
      return fresh(entries().get(keyOf(key)))?.settled
    },
    forget(key) {
      if (key === undefined) entries().clear()
      else entries().delete(keyOf(key))
    },
  }
}

import { SessionStore, SESSION_BROADCAST_KEY, type SessionChange } from '@/lib/client/session-store'
import { parseSessionState, type SessionRecord } from '@/lib/client/session-state'

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0)

function memoryStorage(): Storage {
  const m = new Map<string, string>()
  return {
    get length() {
      return m.size
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  }
}

/** A tab: a store whose cookie is the given value, sharing localStorage with the other tabs. */
function tab(cookie: { value: string }, storage: Storage) {
  const target = new EventTarget()
  const store = new SessionStore({
    storage: () => storage,
    eventTarget: () => target as unknown as Window,
    readRawCookie: () => cookie.value,
  })
  const changes: SessionChange[] = []
  store.subscribe((c) => changes.push(c))
  return { store, changes, target }
}

/** Delivers what one tab broadcast to another, as the browser's 'storage' event would. */
function deliver(storage: Storage, to: { target: EventTarget }) {
  const event = new StorageEvent('storage', {
    key: SESSION_BROADCAST_KEY,
    newValue: storage.getItem(SESSION_BROADCAST_KEY),
  })
  to.target.dispatchEvent(event)
}

beforeEach(() => {
  jest.useFakeTimers()
  jest.setSystemTime(NOW)
})
afterEach(() => jest.useRealTimers())

describe('SessionStore timer', () => {
  it('turns authenticated into expired when the expiry time arrives', () => {
    const cookie = { value: '7;42;;60;v2' }
    const a = tab(cookie, memoryStorage())
    a.store.connect()
    expect(a.store.getState().kind).toBe('authenticated')
    cookie.value = '' // the browser drops the cookie at its max-age
    jest.advanceTimersByTime(59_999)
    expect(a.store.getState().kind).toBe('authenticated')
    jest.advanceTimersByTime(1)
    expect(a.store.getState().kind).toBe('expired')
    expect(a.changes.map((c) => c.kind)).toEqual(['authenticated', 'expired'])
    expect(a.store.isRefusingRequests()).toBe(true)
  })

  it('re-arms instead of expiring when the cookie was extended meanwhile', () => {
    const cookie = { value: '7;42;;60;v2' }
    const a = tab(cookie, memoryStorage())
    a.store.connect()
    jest.advanceTimersByTime(30_000)
    cookie.value = '7;42;;3600;v2'
    jest.advanceTimersByTime(30_000)
    expect(a.store.getState().kind).toBe('authenticated')
    expect(a.store.getState().expirationTimeUTC).toBe(NOW + 60_000 + 3_600_000)
  })

  it('re-reading an unchanged cookie on focus keeps the expiry where it was', () => {
    const cookie = { value: '7;42;;1800;v2' }
    const a = tab(cookie, memoryStorage())
    a.store.connect()
    jest.advanceTimersByTime(25 * 60_000)
    a.store.syncFromCookie() // e.g. the window regained focus
    expect(a.store.getState().expirationTimeUTC).toBe(NOW + 1_800_000)
    jest.advanceTimersByTime(5 * 60_000)
    expect(a.store.getState().kind).toBe('expired')
  })

  it('an unchanged cookie does not postpone the expiry (its seconds count from when it was set)', () => {
    const cookie = { value: '7;42;;60;v2' }
    const a = tab(cookie, memoryStorage())
    a.store.connect()
    jest.advanceTimersByTime(60_000)
    expect(a.store.getState().kind).toBe('expired')
  })
})

describe('SessionStore storage events', () => {
  function twoTabs() {
    const storage = memoryStorage()
    const cookieA = { value: '7;42;;3600;v2' }
    const cookieB = { value: '7;42;;3600;v2' }
    const a = tab(cookieA, storage)
    const b = tab(cookieB, storage)
    a.store.connect()
    b.store.connect()
    a.changes.length = 0
    return { storage, a, b, cookieB }
  }

  it('same user, other company -> authenticated-other', () => {
    const { storage, a, b, cookieB } = twoTabs()
    cookieB.value = '8;42;;3600;v2'
    b.store.adopt()
    deliver(storage, a)
    expect(a.store.getState().kind).toBe('authenticated-other')
    expect(a.changes.map((c) => c.kind)).toEqual(['authenticated-other'])
  })

  it('another user -> expired', () => {
    const { storage, a, b, cookieB } = twoTabs()
    cookieB.value = '9;99;;3600;v2'
    b.store.adopt()
    deliver(storage, a)
    expect(a.store.getState().kind).toBe('expired')
  })

  it('same user and company -> authenticated again (after an expiry)', () => {
    const { storage, a, b } = twoTabs()
    a.store.markExpired()
    expect(a.store.getState().kind).toBe('expired')
    b.store.syncFromCookie()
    deliver(storage, a)
    expect(a.store.getState().kind).toBe('authenticated')
    expect(a.changes.map((c) => c.kind)).toEqual(['expired', 'authenticated'])
  })

  it('logout in another tab -> logged-out', () => {
    const { storage, a, b } = twoTabs()
    b.store.markLoggedOut()
    deliver(storage, a)
    expect(a.store.getState().kind).toBe('logged-out')
  })

  it('a login page reading an absent cookie does not turn an expiry into a logout', () => {
    const { storage, a, b, cookieB } = twoTabs()
    a.store.markExpired()
    cookieB.value = ''
    b.store.syncFromCookie()
    deliver(storage, a)
    expect(a.store.getState().kind).toBe('expired')
  })

  it('a removed key is a logout', () => {
    const { a } = twoTabs()
    a.target.dispatchEvent(new StorageEvent('storage', { key: SESSION_BROADCAST_KEY, newValue: null }))
    expect(a.store.getState().kind).toBe('logged-out')
  })

  it('ignores other keys', () => {
    const { a } = twoTabs()
    a.target.dispatchEvent(new StorageEvent('storage', { key: 'something-else', newValue: 'x' }))
    expect(a.changes).toEqual([])
  })
})

describe('SessionStore notifications and callbacks', () => {
  it('notifies only on changes of state, company or user', () => {
    const store = new SessionStore({ storage: () => null, eventTarget: () => null, readRawCookie: () => '' })
    const kinds: string[] = []
    store.subscribe((c) => kinds.push(c.kind))
    const rec = (s: string): SessionRecord => parseSessionState(s, Date.now())
    store.apply(rec('7;42;;3600;v2'))
    store.apply(rec('7;42;;7200;v2')) // only the expiry moved: no notification
    store.apply(rec('8;42;;3600;v2'))
    store.apply(rec('7;42;;3600;v2'))
    store.markLoggedOut()
    expect(kinds).toEqual(['authenticated', 'authenticated-other', 'authenticated', 'logged-out'])
  })

  it('fires start on authenticated and end on expired, logged-out and authenticated-other', () => {
    const store = new SessionStore({ storage: () => null, eventTarget: () => null, readRawCookie: () => '' })
    const calls: string[] = []
    store.onStart((s) => calls.push(`start:${s.kind}`))
    store.onEnd((s) => calls.push(`end:${s.kind}`))
    const rec = (s: string) => parseSessionState(s, Date.now())
    store.apply(rec('7;42;;3600;v2'))
    store.markExpired()
    store.apply(rec('7;42;;3600;v2'))
    store.apply(rec('8;42;;3600;v2'))
    store.apply(rec('7;42;;3600;v2'))
    store.markLoggedOut()
    expect(calls).toEqual([
      'start:authenticated',
      'end:expired',
      'start:authenticated',
      'end:authenticated-other',
      'start:authenticated',
      'end:logged-out',
    ])
  })

  it('broadcast writes the current record to localStorage under kl_session', () => {
    const storage = memoryStorage()
    const store = new SessionStore({
      storage: () => storage,
      eventTarget: () => null,
      readRawCookie: () => '7;42;;60;v2',
    })
    store.connect()
    store.broadcast()
    expect(JSON.parse(storage.getItem('kl_session')!)).toMatchObject({
      companyId: 7,
      userProfileId: 42,
      kind: 'authenticated',
      expirationTimeUTC: NOW + 60_000,
    })
  })
})

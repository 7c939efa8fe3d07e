// The cross-tab session store (seed 000 §4 "Session transitions"): a timer at expiry,
// logout, and changes made in other tabs through localStorage 'storage' events.
import { parseSessionState, type SessionKind, type SessionRecord } from './session-state'
import { readCookie } from './cookies'

const SESSION_STATE_COOKIE = 'kl_session_state'

export type SessionChangeKind = SessionKind | 'authenticated-other'

/** The record as this tab sees it: 'authenticated-other' when another tab switched company. */
export interface SessionState extends Omit<SessionRecord, 'kind'> {
  kind: SessionChangeKind
}

export interface SessionChange {
  kind: SessionChangeKind
  previous: SessionState
  current: SessionState
}

export interface SessionClock {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface SessionStoreDeps {
  clock?: SessionClock
  storage?: () => Storage | null
  /** Where 'storage' events arrive (window in the browser). */
  eventTarget?: () => Pick<Window, 'addEventListener' | 'removeEventListener'> | null
  /** The raw kl_session_state cookie value. */
  readRawCookie?: () => string
}

export const SESSION_BROADCAST_KEY = 'kl_session'
const END_KINDS: readonly SessionChangeKind[] = ['expired', 'logged-out', 'authenticated-other']
// setTimeout overflows above 2^31-1 ms (about 24.8 days); longer timers are re-armed.
const MAX_TIMER_MS = 2 ** 31 - 1

interface BroadcastPayload extends SessionRecord {
  at: number
  /** 'logout' is an explicit sign-out; 'sync' is a cookie read (e.g. the login page). */
  reason: 'logout' | 'sync'
}

type Listener = (change: SessionChange) => void

const browserClock: SessionClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null // storage disabled (privacy mode): cross-tab updates simply do not happen
  }
}

export class SessionStore {
  private state: SessionState = { companyId: null, userProfileId: null, kind: 'logged-out' }
  /** The company and user this page was loaded for; other tabs are compared with it. */
  private identity: { companyId: number; userProfileId: number } | null = null
  private hadSession = false
  private listeners = new Set<Listener>()
  private startCallbacks = new Set<(s: SessionState) => void>()
  private endCallbacks = new Set<(s: SessionState) => void>()
  private timer: unknown = null
  private connected = false
  private readonly clock: SessionClock
  private readonly storage: () => Storage | null
  private readonly eventTarget: SessionStoreDeps['eventTarget']
  private readonly readRawCookie: () => string
  /** The cookie value last applied: its seconds-to-expiry count from when it was read. */
  private lastRawCookie: string | null = null

  constructor(deps: SessionStoreDeps = {}) {
    this.clock = deps.clock ?? browserClock
    this.storage = deps.storage ?? safeLocalStorage
    this.eventTarget = deps.eventTarget ?? (() => (typeof window === 'undefined' ? null : window))
    this.readRawCookie = deps.readRawCookie ?? (() => readCookie(SESSION_STATE_COOKIE) ?? '')
  }

  /** Reads the cookie and starts listening to other tabs. Safe to call more than once. */
  connect(): void {
    if (this.connected) return
    this.connected = true
    this.apply(this.readCookie(this.clock.now()))
    this.eventTarget?.()?.addEventListener('storage', this.onStorage)
  }

  disconnect(): void {
    this.connected = false
    this.eventTarget?.()?.removeEventListener('storage', this.onStorage)
    this.clearTimer()
  }

  getState(): SessionState {
    return this.state
  }

  /** True once this page has held a session that is no longer usable: requests are refused. */
  isRefusingRequests(): boolean {
    return this.hadSession && this.state.kind !== 'authenticated'
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  onStart(cb: (s: SessionState) => void): () => void {
    this.startCallbacks.add(cb)
    return () => this.startCallbacks.delete(cb)
  }

  onEnd(cb: (s: SessionState) => void): () => void {
    this.endCallbacks.add(cb)
    return () => this.endCallbacks.delete(cb)
  }

  /** Applies a record (this tab's cookie, or another tab's broadcast) relative to this page's identity. */
  apply(record: SessionRecord): void {
    let kind: SessionChangeKind = record.kind
    if (record.kind === 'authenticated' && record.companyId !== null && record.userProfileId !== null) {
      if (!this.identity) this.identity = { companyId: record.companyId, userProfileId: record.userProfileId }
      else if (record.userProfileId !== this.identity.userProfileId) kind = 'expired'
      else if (record.companyId !== this.identity.companyId) kind = 'authenticated-other'
    }
    this.setState({ ...record, kind })
  }

  /** Reads and parses this tab's cookie, remembering the raw value. */
  private readCookie(now: number): SessionRecord {
    const raw = this.readRawCookie()
    this.lastRawCookie = raw
    return parseSessionState(raw, now)
  }

  /** Makes the current cookie this page's identity (after this tab itself switched company). */
  adopt(): void {
    this.identity = null
    this.apply(this.readCookie(this.clock.now()))
    this.broadcast()
  }

  markLoggedOut(): void {
    this.setState({ companyId: this.state.companyId, userProfileId: this.state.userProfileId, kind: 'logged-out' })
    this.broadcast('logout')
  }

  /** The server answered 401 (or the session clock ran out). */
  markExpired(): void {
    if (this.state.kind !== 'authenticated') return
    this.setState({ ...this.state, kind: 'expired', timeLeftToExpireInMs: 0 })
  }

  /** Re-reads this tab's cookie and tells the other tabs (sign-in, company switch, logout). */
  syncFromCookie(): void {
    // An unchanged value says nothing new: its seconds-to-expiry count from when the server
    // set it, so re-reading it now would push the expiry later than the server's.
    const unchanged = this.readRawCookie() === this.lastRawCookie && this.state.kind === 'authenticated'
    if (!unchanged) this.apply(this.readCookie(this.clock.now()))
    this.broadcast()
  }

  /** Writes the current record to localStorage so other tabs receive a 'storage' event. */
  broadcast(reason: BroadcastPayload['reason'] = 'sync'): void {
    const { kind, companyId, userProfileId, expirationTimeUTC } = this.state
    const recordKind: SessionKind = kind === 'authenticated-other' ? 'authenticated' : kind
    // 'at' makes every broadcast a new value: storage events fire only on a change.
    const payload: BroadcastPayload = {
      companyId,
      userProfileId,
      kind: recordKind,
      expirationTimeUTC,
      at: this.clock.now(),
      reason,
    }
    try {
      this.storage()?.setItem(SESSION_BROADCAST_KEY, JSON.stringify(payload))
    } catch {
      // storage full or disabled: other tabs will catch up on their own cookie reads
    }
  }

  handleStorageEvent(event: { key: string | null; newValue: string | null }): void {
    if (event.key !== SESSION_BROADCAST_KEY && event.key !== null) return
    const payload = parsePayload(event.newValue)
    if (!payload || payload.kind === 'logged-out') {
      // A login page merely reading an absent cookie does not turn an expiry into a logout.
      if (payload?.reason === 'sync' && this.state.kind === 'expired') return
      this.setState({ companyId: this.state.companyId, userProfileId: this.state.userProfileId, kind: 'logged-out' })
      return
    }
    const now = this.clock.now()
    const left = payload.expirationTimeUTC !== undefined ? payload.expirationTimeUTC - now : undefined
    const record: SessionRecord = {
      companyId: payload.companyId,
      userProfileId: payload.userProfileId,
      kind: payload.kind === 'authenticated' && left !== undefined && left <= 0 ? 'expired' : payload.kind,
      ...(payload.expirationTimeUTC !== undefined
        ? { expirationTimeUTC: payload.expirationTimeUTC, timeLeftToExpireInMs: Math.max(0, left ?? 0) }
        : {}),
    }
    this.apply(record)
  }

  private onStorage = (e: Event) => {
    const se = e as StorageEvent
    this.handleStorageEvent({ key: se.key, newValue: se.newValue })
  }

  private setState(next: SessionState): void {
    const previous = this.state
    this.state = next
    if (next.kind === 'authenticated') this.hadSession = true
    this.armTimer()
    const changed =
      previous.kind !== next.kind ||
      previous.companyId !== next.companyId ||
      previous.userProfileId !== next.userProfileId
    if (!changed) return
    const change: SessionChange = { kind: next.kind, previous, current: next }
    if (next.kind === 'authenticated' && previous.kind !== 'authenticated')
      this.startCallbacks.forEach((cb) => cb(next))
    if (END_KINDS.includes(next.kind) && previous.kind !== next.kind) this.endCallbacks.forEach((cb) => cb(next))
    this.listeners.forEach((l) => l(change))
  }

  private clearTimer(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timer = null
  }

  private armTimer(): void {
    this.clearTimer()
    const { kind, expirationTimeUTC } = this.state
    if (kind !== 'authenticated' || expirationTimeUTC === undefined) return
    const delay = Math.max(0, expirationTimeUTC - this.clock.now())
    this.timer = this.clock.setTimeout(() => this.onTimer(), Math.min(delay, MAX_TIMER_MS))
  }

  private onTimer(): void {
    this.timer = null
    const now = this.clock.now()
    const { expirationTimeUTC } = this.state
    if (this.state.kind !== 'authenticated' || expirationTimeUTC === undefined) return
    if (expirationTimeUTC > now) return this.armTimer() // a re-armed long timer
    // The server may have extended the session meanwhile (a new cookie value from a request).
    // An unchanged value proves nothing: its seconds-to-expiry count from when it was set.
    const raw = this.connected ? this.readRawCookie() : null
    if (raw !== null && raw !== this.lastRawCookie) {
      const fresh = this.readCookie(now)
      if (
        fresh.kind === 'authenticated' &&
        fresh.userProfileId === this.state.userProfileId &&
        fresh.companyId === this.state.companyId &&
        (fresh.expirationTimeUTC ?? Infinity) > now
      ) {
        return this.apply(fresh)
      }
    }
    this.setState({ ...this.state, kind: 'expired', timeLeftToExpireInMs: 0 })
    this.broadcast()
  }
}

function parsePayload(value: string | null): BroadcastPayload | null {
  if (!value) return null
  try {
    const p = JSON.parse(value) as Partial<BroadcastPayload>
    if (!p || typeof p !== 'object' || !['authenticated', 'expired', 'logged-out'].includes(p.kind as string))
      return null
    return {
      companyId: typeof p.companyId === 'number' ? p.companyId : null,
      userProfileId: typeof p.userProfileId === 'number' ? p.userProfileId : null,
      kind: p.kind as SessionKind,
      expirationTimeUTC: typeof p.expirationTimeUTC === 'number' ? p.expirationTimeUTC : undefined,
      at: typeof p.at === 'number' ? p.at : 0,
      reason: p.reason === 'logout' ? 'logout' : 'sync',
    }
  } catch {
    return null
  }
}

/** The app's one store. It is inert until connect() (the shell and the broadcaster call it). */
export const sessionStore = new SessionStore()

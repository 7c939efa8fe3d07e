// The support-chat state machine (seed 000 §4 "Support chat", §9 constants). Pure apart from
// the injected clock, cookie jar and provider, so every timer and cookie is testable.
import type { ChatMeta, ChatProvider } from './chat-provider'
import type { CookieJar } from './cookies'

export const CHAT_STOP_DELAY_MS = 1_800_000 // 30 minutes after a live-agent chat ends
export const CHAT_LIVE_AGENT_COOKIE_MS = 3_600_000 // 1 hour after a live-agent chat starts
export const CHAT_OPEN_COOKIE_MS = 900_000 // 15 minutes after an open
export const CHAT_ACTIVE_COOKIE = 'kl_chat_active'
export const CHAT_STOP_AT_COOKIE = 'kl_chat_stop_at'

export type ChatStatus = 'inactive' | 'active' | 'stopped'

export interface ChatState {
  status: ChatStatus
  /** Epoch ms of a pending stop, if any. */
  stopDeadline: number | null
  startError?: string
  openError?: string
  stopError?: string
}

export interface ChatClock {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface ChatMachineDeps {
  cookies: CookieJar
  provider?: ChatProvider | null
  clock?: ChatClock
  report?: (error: unknown) => void
  meta?: Partial<Omit<ChatMeta, 'language' | 'crossWindowPersistence'>>
}

const defaultClock: ChatClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
}

/** The vendor embed throws this when started twice (e.g. from another window): harmless. */
export const isAlreadyStarted = (e: unknown) =>
  /already\s+(been\s+)?started/i.test(e instanceof Error ? e.message : String(e))

export class ChatMachine {
  private state: ChatState = { status: 'inactive', stopDeadline: null }
  private timer: unknown = null
  private listeners = new Set<(s: ChatState) => void>()
  private readonly clock: ChatClock

  constructor(private readonly deps: ChatMachineDeps) {
    this.clock = deps.clock ?? defaultClock
  }

  getState(): ChatState {
    return this.state
  }

  subscribe(listener: (s: ChatState) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** On page load: an active cookie restores the chat; a stored stop deadline is resumed or applied at once. */
  async resume(): Promise<void> {
    const stopAt = Number(this.deps.cookies.get(CHAT_STOP_AT_COOKIE))
    if (Number.isFinite(stopAt) && stopAt > 0) {
      if (stopAt > this.clock.now()) {
        this.set({ status: 'active', stopDeadline: stopAt })
        this.armStop(stopAt)
      } else {
        await this.stop()
      }
      return
    }
    if (this.deps.cookies.get(CHAT_ACTIVE_COOKIE)) this.set({ status: 'active' })
  }

  async start(): Promise<void> {
    // A new chat cancels the stop that a previous live-agent chat scheduled.
    this.clearStop()
    try {
      await this.deps.provider?.start({ ...this.deps.meta, language: 'en', crossWindowPersistence: true })
      this.set({ status: 'active', startError: undefined })
    } catch (e) {
      if (isAlreadyStarted(e)) return this.set({ status: 'active' })
      this.deps.report?.(e)
      this.set({ startError: messageOf(e) })
    }
  }

  async open(): Promise<void> {
    try {
      await this.deps.provider?.open()
      this.deps.cookies.set(CHAT_ACTIVE_COOKIE, '1', CHAT_OPEN_COOKIE_MS)
      this.set({ status: 'active', openError: undefined })
    } catch (e) {
      if (isAlreadyStarted(e)) return this.set({ status: 'active' })
      this.deps.report?.(e)
      this.set({ openError: messageOf(e) })
    }
  }

  liveAgentChatStarted(): void {
    this.clearStop()
    this.deps.cookies.set(CHAT_ACTIVE_COOKIE, '1', CHAT_LIVE_AGENT_COOKIE_MS)
    this.set({ status: 'active' })
  }

  /** The chat stays available for 30 minutes, across reloads, then stops. */
  liveAgentChatEnded(): void {
    const deadline = this.clock.now() + CHAT_STOP_DELAY_MS
    this.deps.cookies.set(CHAT_STOP_AT_COOKIE, String(deadline), CHAT_STOP_DELAY_MS)
    this.set({ stopDeadline: deadline })
    this.armStop(deadline)
  }

  async conversationEnded(): Promise<void> {
    await this.stop()
  }

  async stop(): Promise<void> {
    this.clearStop()
    this.deps.cookies.delete(CHAT_ACTIVE_COOKIE)
    try {
      await this.deps.provider?.stop()
      this.set({ status: 'stopped', stopError: undefined })
    } catch (e) {
      if (isAlreadyStarted(e)) return this.set({ status: 'stopped' })
      this.deps.report?.(e)
      this.set({ status: 'stopped', stopError: messageOf(e) })
    }
  }

  dispose(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timer = null
    this.listeners.clear()
  }

  private armStop(deadline: number): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timer = this.clock.setTimeout(
      () => {
        this.timer = null
        void this.stop()
      },
      Math.max(0, deadline - this.clock.now()),
    )
  }

  private clearStop(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timer = null
    this.deps.cookies.delete(CHAT_STOP_AT_COOKIE)
    if (this.state.stopDeadline !== null) this.set({ stopDeadline: null })
  }

  private set(patch: Partial<ChatState>): void {
    this.state = { ...this.state, ...patch }
    this.listeners.forEach((l) => l(this.state))
  }
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}

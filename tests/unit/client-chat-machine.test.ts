import {
  ChatMachine,
  CHAT_ACTIVE_COOKIE,
  CHAT_LIVE_AGENT_COOKIE_MS,
  CHAT_OPEN_COOKIE_MS,
  CHAT_STOP_AT_COOKIE,
  CHAT_STOP_DELAY_MS,
} from '@/lib/client/chat-machine'
import type { ChatProvider } from '@/lib/client/chat-provider'
import { memoryCookieJar } from '@/lib/client/cookies'

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0)
const clock = {
  now: () => Date.now(),
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (h: unknown) => clearTimeout(h as number),
}

function provider(overrides: Partial<ChatProvider> = {}): ChatProvider & { calls: string[] } {
  const calls: string[] = []
  return {
    calls,
    start: jest.fn(async (meta) => {
      calls.push(`start:${meta.language}:${meta.crossWindowPersistence}`)
    }),
    open: jest.fn(async () => {
      calls.push('open')
    }),
    stop: jest.fn(async () => {
      calls.push('stop')
    }),
    ...overrides,
  }
}

function setup(p: ChatProvider = provider(), cookies = memoryCookieJar(() => Date.now())) {
  const report = jest.fn()
  const machine = new ChatMachine({ cookies, provider: p, clock, report })
  return { machine, cookies, report, p }
}

beforeEach(() => {
  jest.useFakeTimers()
  jest.setSystemTime(NOW)
})
afterEach(() => jest.useRealTimers())

describe('ChatMachine', () => {
  it('goes from inactive to active on start and on open, with language en and cross-window persistence', async () => {
    const a = setup()
    expect(a.machine.getState().status).toBe('inactive')
    await a.machine.start()
    expect(a.machine.getState().status).toBe('active')
    expect((a.p as ReturnType<typeof provider>).calls).toEqual(['start:en:true'])
    const b = setup()
    await b.machine.open()
    expect(b.machine.getState().status).toBe('active')
  })

  it('stops on conversation end', async () => {
    const { machine } = setup()
    await machine.start()
    await machine.conversationEnded()
    expect(machine.getState().status).toBe('stopped')
  })

  it('stops 30 minutes (1,800,000 ms) after a live-agent chat ends', async () => {
    const { machine, cookies } = setup()
    await machine.start()
    machine.liveAgentChatStarted()
    machine.liveAgentChatEnded()
    expect(Number(cookies.get(CHAT_STOP_AT_COOKIE))).toBe(NOW + CHAT_STOP_DELAY_MS)
    await jest.advanceTimersByTimeAsync(CHAT_STOP_DELAY_MS - 1)
    expect(machine.getState().status).toBe('active')
    await jest.advanceTimersByTimeAsync(1)
    expect(machine.getState().status).toBe('stopped')
    expect(CHAT_STOP_DELAY_MS).toBe(1_800_000)
  })

  it('keeps the active cookie 1 hour after a live-agent chat starts and 15 minutes after an open', async () => {
    const live = setup()
    live.machine.liveAgentChatStarted()
    expect(live.cookies.expiresAt(CHAT_ACTIVE_COOKIE)).toBe(NOW + 3_600_000)
    expect(CHAT_LIVE_AGENT_COOKIE_MS).toBe(3_600_000)
    const opened = setup()
    await opened.machine.open()
    expect(opened.cookies.expiresAt(CHAT_ACTIVE_COOKIE)).toBe(NOW + 900_000)
    expect(CHAT_OPEN_COOKIE_MS).toBe(900_000)
    jest.advanceTimersByTime(900_000)
    expect(opened.cookies.get(CHAT_ACTIVE_COOKIE)).toBeUndefined()
  })

  it('resumes a stop deadline still in the future after a reload', async () => {
    const cookies = memoryCookieJar(() => Date.now())
    const first = setup(provider(), cookies)
    first.machine.liveAgentChatStarted()
    first.machine.liveAgentChatEnded()
    first.machine.dispose() // the page unloads
    await jest.advanceTimersByTimeAsync(10 * 60_000)

    const reloaded = setup(provider(), cookies)
    await reloaded.machine.resume()
    expect(reloaded.machine.getState()).toMatchObject({ status: 'active', stopDeadline: NOW + CHAT_STOP_DELAY_MS })
    await jest.advanceTimersByTimeAsync(20 * 60_000 - 1)
    expect(reloaded.machine.getState().status).toBe('active')
    await jest.advanceTimersByTimeAsync(1)
    expect(reloaded.machine.getState().status).toBe('stopped')
  })

  it('stops at once on reload when the stored deadline has passed', async () => {
    const cookies = memoryCookieJar(() => Date.now())
    // A cookie that outlived its deadline (e.g. clock skew): the deadline decides.
    cookies.set(CHAT_STOP_AT_COOKIE, String(NOW - 1), 60_000)
    const { machine, p } = setup(provider(), cookies)
    await machine.resume()
    expect(machine.getState().status).toBe('stopped')
    expect(p.stop).toHaveBeenCalled()
  })

  it('restores an active chat from the active cookie', async () => {
    const cookies = memoryCookieJar(() => Date.now())
    cookies.set(CHAT_ACTIVE_COOKIE, '1', 60_000)
    const { machine } = setup(provider(), cookies)
    await machine.resume()
    expect(machine.getState().status).toBe('active')
  })

  it('starting a new chat clears the pending stop timer', async () => {
    const { machine, cookies } = setup()
    machine.liveAgentChatStarted()
    machine.liveAgentChatEnded()
    await jest.advanceTimersByTimeAsync(60_000)
    await machine.start()
    expect(machine.getState().stopDeadline).toBeNull()
    expect(cookies.get(CHAT_STOP_AT_COOKIE)).toBeUndefined()
    await jest.advanceTimersByTimeAsync(CHAT_STOP_DELAY_MS)
    expect(machine.getState().status).toBe('active')
  })

  it('keeps start, open and stop failures, but ignores "already started"', async () => {
    const failing = setup(
      provider({
        start: async () => {
          throw new Error('network down')
        },
        open: async () => {
          throw new Error('blocked')
        },
        stop: async () => {
          throw new Error('stop failed')
        },
      }),
    )
    await failing.machine.start()
    await failing.machine.open()
    await failing.machine.stop()
    expect(failing.machine.getState()).toMatchObject({
      startError: 'network down',
      openError: 'blocked',
      stopError: 'stop failed',
    })
    expect(failing.report).toHaveBeenCalledTimes(3)

    const twice = setup(
      provider({
        start: async () => {
          throw new Error('The chat embed was already started')
        },
      }),
    )
    await twice.machine.start()
    expect(twice.machine.getState()).toMatchObject({ status: 'active' })
    expect(twice.machine.getState().startError).toBeUndefined()
    expect(twice.report).not.toHaveBeenCalled()
  })
})

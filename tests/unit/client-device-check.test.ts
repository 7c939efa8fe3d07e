// The 10-second device check (issue 30 §8): whatever it hears — another device id, a failure, a
// slow server — it never navigates; only a "session expired" answer ends the session, through
// the session store (the expiry modal keeps the page).
import { createHttpClient } from '@/lib/client/http'
import { SessionStore } from '@/lib/client/session-store'
import { checkDevice, DEVICE_ID_KEY, getDeviceId } from '@/lib/client/device-check'

function fakeResponse(body: unknown, status = 200) {
  return {
    ok: status >= 200 && status < 300,
    status,
    type: 'basic',
    redirected: false,
    url: 'http://localhost/ajax/device-id',
    headers: new Headers({ 'content-type': 'application/json' }),
    text: async () => JSON.stringify(body),
  } as unknown as Response
}

function setup(respond: (init: RequestInit) => Promise<Response>) {
  const calls: RequestInit[] = []
  const fetch = jest.fn((_url: string, init: RequestInit) => {
    calls.push(init)
    return respond(init)
  }) as unknown as typeof globalThis.fetch
  const session = new SessionStore({
    storage: () => null,
    eventTarget: () => null,
    readRawCookie: () => '7;42;;3600;v2',
  })
  session.connect()
  const http = createHttpClient({ session, fetch: () => fetch })
  const storage = window.localStorage
  storage.setItem(DEVICE_ID_KEY, 'device-a')
  const navigate = jest.fn()
  const report = jest.fn()
  // `navigate` was how the check once left for /login: it must stay unused.
  const deps = { http, storage, report, sleep: async () => {}, navigate } as Parameters<typeof checkDevice>[0]
  return { calls, session, navigate, report, deps }
}

test('another device id is reported; the page stays and the session too', async () => {
  const s = setup(async () => fakeResponse({ isValidSessionDeviceID: false }))
  await checkDevice(s.deps)
  expect(s.calls).toHaveLength(1)
  expect(JSON.parse(String(s.calls[0]!.body))).toEqual({ deviceID: 'device-a' })
  expect(s.navigate).not.toHaveBeenCalled()
  expect(s.report).toHaveBeenCalledTimes(1)
  expect(s.session.getState().kind).toBe('authenticated')
})

test('a failing server is retried, reported, and nothing else happens', async () => {
  const s = setup(async () => fakeResponse({ error: 'down' }, 503))
  await checkDevice(s.deps)
  expect(s.calls).toHaveLength(4)
  expect(s.navigate).not.toHaveBeenCalled()
  expect(s.session.getState().kind).toBe('authenticated')
})

test('a slow answer times out instead of holding the check', async () => {
  jest.useFakeTimers()
  try {
    const s = setup(
      (init) =>
        new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    )
    const done = checkDevice({ ...s.deps, sleep: async () => {} })
    for (let i = 0; i < 4; i++) await jest.advanceTimersByTimeAsync(15_000)
    await done
    expect(s.calls).toHaveLength(4)
    expect(s.navigate).not.toHaveBeenCalled()
    expect(s.session.getState().kind).toBe('authenticated')
  } finally {
    jest.useRealTimers()
  }
})

test('only a definite "session expired" answer ends the session (the modal shows), still without navigating', async () => {
  const s = setup(async () => fakeResponse({ detail: 'Authentication credentials were not provided.' }, 401))
  await checkDevice(s.deps)
  expect(s.navigate).not.toHaveBeenCalled()
  expect(s.report).not.toHaveBeenCalled()
  expect(s.session.getState().kind).toBe('expired')
})

test('without storage there is no lasting id, so no check is made', async () => {
  expect(getDeviceId(null)).toBeNull()
  const s = setup(async () => fakeResponse({ isValidSessionDeviceID: false }))
  await checkDevice({ ...s.deps, storage: null })
  expect(s.calls).toHaveLength(0)
})

import { abTestTimeoutMs, appShellTimeoutMs, loadStartup, localeEndpoint } from '@/lib/client/start-up'
import { createHttpClient } from '@/lib/client/http'
import { SessionStore } from '@/lib/client/session-store'

function json(body: unknown, status = 200) {
  return {
    ok: status >= 200 && status < 300,
    status,
    type: 'basic',
    redirected: false,
    url: '',
    headers: new Headers({ 'content-type': 'application/json' }),
    text: async () => JSON.stringify(body),
  } as unknown as Response
}

const AUTH = {
  company: 7,
  company_name: 'Demo Store',
  company_status: 0,
  user_profile_id: 42,
  resources: ['dashboard'],
  staff_resources: [],
  is_masquerade: false,
}
const SHELL = { company_name: 'Demo Store', data_status: { placeholder: false }, nav_items: [] }

type Route = (init: RequestInit) => Response | Promise<Response>
function clientFor(routes: Record<string, Route>) {
  const calls: string[] = []
  const fetchFn = (url: string, init: RequestInit) => {
    calls.push(url)
    const path = url.split('?')[0]!
    return new Promise<Response>((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      Promise.resolve((routes[path] ?? (() => json({}, 404)))(init)).then(resolve, reject)
    })
  }
  const session = new SessionStore({ storage: () => null, eventTarget: () => null })
  return { client: createHttpClient({ session, fetch: () => fetchFn as typeof fetch }), calls }
}

const ok: Record<string, Route> = {
  '/ajax/authorization': () => json(AUTH),
  '/ajax/app_shell': () => json(SHELL),
  '/ajax/account/ab_tests': () => json({ new_nav: { ab_test_value: true } }),
  '/ajax/current-locale': () => json({ locale: 'de-DE' }),
  '/ajax/sms/current-locale': () => json({ locale: 'fr-FR' }),
}

describe('start-up constants', () => {
  it('uses the per-network timeouts of seed 000 §9', () => {
    expect([appShellTimeoutMs('3g'), appShellTimeoutMs('4g'), appShellTimeoutMs('wifi'), appShellTimeoutMs()]).toEqual([
      20_000, 15_000, 30_000, 30_000,
    ])
    expect([abTestTimeoutMs('4g'), abTestTimeoutMs('3g'), abTestTimeoutMs()]).toEqual([7_000, 10_000, 10_000])
  })

  it('asks the SMS locale endpoint for /sms/unsubscribe and /{x}/info', () => {
    expect(localeEndpoint('/sms/unsubscribe')).toBe('/ajax/sms/current-locale')
    expect(localeEndpoint('/abc123/info')).toBe('/ajax/sms/current-locale')
    expect(localeEndpoint('/dashboard')).toBe('/ajax/current-locale')
    expect(localeEndpoint('/info')).toBe('/ajax/current-locale')
  })
})

describe('loadStartup', () => {
  it('loads the four calls; A/B names are kept as they are', async () => {
    const { client } = clientFor(ok)
    const out = await loadStartup({ pathname: '/dashboard', client })
    expect(out.kind).toBe('ready')
    if (out.kind !== 'ready') return
    expect(out.data.authorization).toMatchObject({ companyName: 'Demo Store', userProfileId: 42 })
    expect(out.data.abTests).toEqual({ new_nav: { ab_test_value: true } })
    expect(out.data.locale).toBe('de-DE')
    expect(out.data.dataStatus).toEqual({ placeholder: false })
  })

  it('a redirect or 401 on authorization means signed out', async () => {
    const redirected = clientFor({
      ...ok,
      '/ajax/authorization': () =>
        ({ ...json(null), ok: false, status: 0, type: 'opaqueredirect' }) as unknown as Response,
    })
    expect((await loadStartup({ pathname: '/flows', client: redirected.client })).kind).toBe('signed-out')
    const unauth = clientFor({ ...ok, '/ajax/authorization': () => json({ error: 'unauthenticated' }, 401) })
    expect((await loadStartup({ pathname: '/flows', client: unauth.client })).kind).toBe('signed-out')
  })

  it('a 403 on app-shell or A/B data means signed out', async () => {
    const a = clientFor({ ...ok, '/ajax/app_shell': () => json({}, 403) })
    expect((await loadStartup({ pathname: '/dashboard', client: a.client })).kind).toBe('signed-out')
    const b = clientFor({ ...ok, '/ajax/account/ab_tests': () => json({}, 401) })
    expect((await loadStartup({ pathname: '/dashboard', client: b.client })).kind).toBe('signed-out')
  })

  describe('with fake timers', () => {
    beforeEach(() => jest.useFakeTimers())
    afterEach(() => jest.useRealTimers())

    it('an authorization server failure is an error after 3 retries', async () => {
      const { client, calls } = clientFor({ ...ok, '/ajax/authorization': () => json({}, 500) })
      const pending = loadStartup({ pathname: '/dashboard', client })
      await jest.advanceTimersByTimeAsync(5000)
      expect((await pending).kind).toBe('error')
      expect(calls.filter((c) => c === '/ajax/authorization')).toHaveLength(4)
    })

    it('an app-shell timeout starts degraded with a high-severity placeholder', async () => {
      const { client } = clientFor({ ...ok, '/ajax/app_shell': () => new Promise<Response>(() => {}) })
      const pending = loadStartup({ pathname: '/dashboard', client, effectiveType: '4g' })
      await jest.advanceTimersByTimeAsync(15_000)
      const out = await pending
      expect(out.kind).toBe('ready')
      if (out.kind !== 'ready') return
      expect(out.data.dataStatus).toEqual({ placeholder: true, cause: 'timeout', severity: 'high' })
      expect(out.data.appShell.allowedNavItems).toEqual({
        bfcmHub: true,
        campaigns: true,
        dashboard: true,
        flows: true,
        forms: true,
      })
      expect(out.data.appShell.companyName).toBe('Demo Store')
    })

    it('an A/B failure starts degraded with an empty map; a locale failure falls back to en-US', async () => {
      const { client } = clientFor({
        ...ok,
        '/ajax/account/ab_tests': () => json({}, 502),
        '/ajax/current-locale': () => json({}, 500),
      })
      const pending = loadStartup({ pathname: '/dashboard', client })
      await jest.advanceTimersByTimeAsync(5000)
      const out = await pending
      if (out.kind !== 'ready') throw new Error(out.kind)
      expect(out.data.abTests).toEqual({})
      expect(out.data.dataStatus).toEqual({ placeholder: true, cause: 'server', severity: 'medium' })
      expect(out.data.locale).toBe('en-US')
    })
  })
})

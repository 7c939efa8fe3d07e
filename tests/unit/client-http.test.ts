import {
  createHttpClient,
  download,
  filenameFromContentDisposition,
  HttpError,
  LOGIN_REDIRECT_MESSAGE,
  withRetry,
} from '@/lib/client/http'
import { SessionStore } from '@/lib/client/session-store'

// jsdom has no fetch/Response: a fake global fetch is the browser boundary in these tests.
interface FakeInit {
  status?: number
  headers?: Record<string, string>
  redirected?: boolean
  url?: string
  type?: string
}
function fakeResponse(body: string, init: FakeInit = {}) {
  const status = init.status ?? 200
  return {
    ok: status >= 200 && status < 300,
    status,
    type: init.type ?? 'basic',
    redirected: init.redirected ?? false,
    url: init.url ?? 'http://localhost/ajax/x',
    headers: new Headers(init.headers ?? { 'content-type': 'application/json' }),
    text: async () => body,
    blob: async () => new Blob([body]),
  } as unknown as Response
}

type Call = { url: string; init: RequestInit }
function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = []
  const fn = jest.fn((url: string, init: RequestInit) => {
    const call = { url, init }
    calls.push(call)
    return new Promise<Response>((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      Promise.resolve(respond(call)).then(resolve, reject)
    })
  })
  return { fn: fn as unknown as typeof fetch, calls }
}

function sessionWith(cookie: string) {
  const store = new SessionStore({ storage: () => null, eventTarget: () => null, readRawCookie: () => cookie })
  store.connect()
  return store
}

function client(respond: (call: Call) => Response | Promise<Response>, cookie = '7;42;;3600;v2') {
  const f = fakeFetch(respond)
  const session = sessionWith(cookie)
  return { http: createHttpClient({ session, fetch: () => f.fn }), calls: f.calls, session }
}

beforeEach(() => {
  document.cookie = 'kl_csrftoken=tok123; path=/'
  document.body.lang = 'de-DE'
})

describe('request conventions', () => {
  it('sends credentials, Accept-Language and the CSRF header on mutating methods only', async () => {
    const { http, calls } = client(() => fakeResponse('{}'))
    await http.get('/ajax/a')
    await http.post('/ajax/b', { x: 1 })
    await http.delete('/ajax/c')
    const headers = calls.map((c) => c.init.headers as Headers)
    expect(calls.every((c) => c.init.credentials === 'include')).toBe(true)
    expect(headers[0].get('X-CSRFToken')).toBeNull()
    expect(headers[1].get('X-CSRFToken')).toBe('tok123')
    expect(headers[2].get('X-CSRFToken')).toBe('tok123')
    expect(headers[0].get('Accept-Language')).toBe('de-DE')
  })

  it('snake_cases request body keys and camelCases response keys', async () => {
    const { http, calls } = client(() =>
      fakeResponse(JSON.stringify({ company_name: 'Demo', nav_items: [{ is_active: true }] })),
    )
    const res = await http.post<{ companyName: string; navItems: { isActive: boolean }[] }>('/ajax/x', {
      firstName: 'A',
      nested: { lastLoginAt: 1 },
    })
    expect(JSON.parse(calls[0].init.body as string)).toEqual({ first_name: 'A', nested: { last_login_at: 1 } })
    expect(res.data).toEqual({ companyName: 'Demo', navItems: [{ isActive: true }] })
    expect(res.status).toBe(200)
  })

  it('can leave keys alone for maps keyed by names', async () => {
    const { http } = client(() => fakeResponse(JSON.stringify({ new_nav: { ab_test_value: true } })))
    const res = await http.get('/ajax/account/ab_tests', { transformKeys: false })
    expect(res.data).toEqual({ new_nav: { ab_test_value: true } })
  })

  it('parses string bodies as JSON, including a JSON string holding JSON', async () => {
    const { http } = client((c) =>
      c.url.endsWith('plain')
        ? fakeResponse('{"a_b":1}', { headers: { 'content-type': 'text/plain' } })
        : fakeResponse(JSON.stringify(JSON.stringify({ x_y: 2 }))),
    )
    expect((await http.get('/ajax/plain')).data).toEqual({ aB: 1 })
    expect((await http.get('/ajax/nested')).data).toEqual({ xY: 2 })
  })

  it('appends query params', async () => {
    const { http, calls } = client(() => fakeResponse('{}'))
    await http.get('/ajax/list?a=1', { params: { page: 2, tag: ['x', 'y'], skip: undefined } })
    expect(calls[0].url).toBe('/ajax/list?a=1&page=2&tag=x&tag=y')
  })

  it('throws HttpError with status and data on failures', async () => {
    const { http } = client(() =>
      fakeResponse(JSON.stringify({ error: 'invalid', message: 'Bad input', field_errors: { subject: ['x'] } }), {
        status: 400,
      }),
    )
    await expect(http.post('/ajax/x', {})).rejects.toMatchObject({
      status: 400,
      message: 'Bad input',
      data: { fieldErrors: { subject: ['x'] } },
    })
  })

  it('turns a per-call timeout into a TIMEOUT error', async () => {
    const { http } = client(() => new Promise<Response>(() => {}))
    await expect(http.get('/ajax/slow', { timeoutMs: 10 })).rejects.toMatchObject({ status: 0, data: 'TIMEOUT' })
  })
})

describe('login redirect', () => {
  it('throws when the response was redirected to /login', async () => {
    const { http } = client(() =>
      fakeResponse('<html></html>', {
        redirected: true,
        url: 'http://localhost/login?next=%2Fajax%2Fx',
        headers: { 'content-type': 'text/html' },
      }),
    )
    await expect(http.get('/ajax/x')).rejects.toThrow(LOGIN_REDIRECT_MESSAGE)
  })

  it('throws when the body is our login page', async () => {
    const page =
      '<!DOCTYPE html><html><body><form data-testid="login-form" method="post"><input name="email"></form></body></html>'
    const { http } = client(() => fakeResponse(page, { headers: { 'content-type': 'text/html' } }))
    await expect(http.get('/ajax/x')).rejects.toThrow('Login redirect encountered in response body')
    const { http: h2 } = client(() => fakeResponse(JSON.stringify('<form action="/login?next=/x"></form>')))
    await expect(h2.get('/ajax/x')).rejects.toThrow(LOGIN_REDIRECT_MESSAGE)
  })

  it('does not mistake ordinary text for a login page', async () => {
    const { http } = client(() => fakeResponse('see /login for details', { headers: { 'content-type': 'text/plain' } }))
    expect((await http.get('/ajax/x')).data).toBe('see /login for details')
  })
})

describe('SESSION_EXPIRED', () => {
  let info: jest.SpyInstance
  beforeEach(() => {
    info = jest.spyOn(console, 'info').mockImplementation(() => {})
  })
  afterEach(() => info.mockRestore())

  it('turns a 401 into the synthetic 401, marks the session expired and refuses later requests', async () => {
    const { http, calls, session } = client(() => fakeResponse('{"error":"unauthenticated"}', { status: 401 }))
    const err = await http.get('/ajax/x').catch((e) => e)
    expect(err).toBeInstanceOf(HttpError)
    expect(err).toMatchObject({ status: 401, data: 'SESSION_EXPIRED' })
    expect(session.getState().kind).toBe('expired')
    expect(info).toHaveBeenCalledWith('session-expired', expect.anything())
    await expect(http.get('/ajax/y')).rejects.toMatchObject({ status: 401, data: 'SESSION_EXPIRED' })
    expect(calls).toHaveLength(1)
  })

  it('turns a 403 "Authentication credentials were not provided." into the synthetic 401', async () => {
    const { http } = client(() =>
      fakeResponse(JSON.stringify({ detail: 'Authentication credentials were not provided.' }), { status: 403 }),
    )
    await expect(http.get('/ajax/x')).rejects.toMatchObject({ status: 401, data: 'SESSION_EXPIRED' })
  })

  it('keeps an ordinary 403 as it is', async () => {
    const { http, session } = client(() =>
      fakeResponse(JSON.stringify({ message: 'You do not have access.' }), { status: 403 }),
    )
    await expect(http.get('/ajax/x')).rejects.toMatchObject({ status: 403, message: 'You do not have access.' })
    expect(session.getState().kind).toBe('authenticated')
  })

  it('leaves a 401 alone when this page never had a session (e.g. a failed sign-in)', async () => {
    const { http } = client(
      () => fakeResponse(JSON.stringify({ message: 'Wrong email or password.' }), { status: 401 }),
      '',
    )
    await expect(http.post('/ajax/login', {})).rejects.toMatchObject({
      status: 401,
      message: 'Wrong email or password.',
    })
  })

  it('aborts requests in flight once the session expires', async () => {
    const { http, session } = client(() => new Promise<Response>(() => {}))
    const pending = http.get('/ajax/slow')
    session.markExpired()
    await expect(pending).rejects.toMatchObject({ status: 401, data: 'SESSION_EXPIRED' })
  })
})

describe('downloads', () => {
  it('reads the content-disposition filename, with the default "file"', () => {
    expect(filenameFromContentDisposition('attachment; filename="report.csv"')).toBe('report.csv')
    expect(filenameFromContentDisposition('attachment; filename=plain.txt')).toBe('plain.txt')
    expect(filenameFromContentDisposition("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf")).toBe('résumé.pdf')
    expect(filenameFromContentDisposition('attachment')).toBe('file')
    expect(filenameFromContentDisposition(null)).toBe('file')
  })

  it('saves the body through an object URL under that name', async () => {
    const created: string[] = []
    URL.createObjectURL = jest.fn(() => {
      created.push('blob:1')
      return 'blob:1'
    })
    URL.revokeObjectURL = jest.fn()
    const clicks: string[] = []
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download)
    })
    const f = fakeFetch(() =>
      fakeResponse('a,b', { headers: { 'content-disposition': 'attachment; filename="export.csv"' } }),
    )
    expect(await download('/ajax/export', { fetch: f.fn })).toBe('export.csv')
    const g = fakeFetch(() => fakeResponse('x', { headers: {} }))
    expect(await download('/ajax/export', { fetch: g.fn })).toBe('file')
    expect(clicks).toEqual(['export.csv', 'file'])
    expect(f.calls[0].init.credentials).toBe('include')
  })
})

describe('withRetry', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('retries 3 times with 300 ms backoff plus at most 100 ms jitter', async () => {
    const times: number[] = []
    const start = Date.now()
    const fn = jest.fn(async () => {
      times.push(Date.now() - start)
      throw new HttpError(503, null)
    })
    const result = withRetry(fn, { retries: 3, backoffMs: 300, jitterMs: 100, random: () => 0.999 }).catch((e) => e)
    await jest.advanceTimersByTimeAsync(5000)
    expect(await result).toMatchObject({ status: 503 })
    expect(fn).toHaveBeenCalledTimes(4)
    const gaps = times.slice(1).map((t, i) => t - times[i])
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(300)
      expect(gap).toBeLessThanOrEqual(400)
    }
  })

  it('waits exactly the backoff without jitter and stops on success', async () => {
    let n = 0
    const fn = jest.fn(async () => {
      if (++n < 3) throw new HttpError(0, 'NETWORK_ERROR')
      return 'ok'
    })
    const result = withRetry(fn, { random: () => 0 })
    await jest.advanceTimersByTimeAsync(299)
    expect(fn).toHaveBeenCalledTimes(1)
    await jest.advanceTimersByTimeAsync(1)
    expect(fn).toHaveBeenCalledTimes(2)
    await jest.advanceTimersByTimeAsync(300)
    expect(await result).toBe('ok')
    expect(fn).toHaveBeenCalledTimes(3)
  })

  it('does not retry client errors or SESSION_EXPIRED', async () => {
    const fn = jest.fn(async () => {
      throw new HttpError(403, null)
    })
    await expect(withRetry(fn)).rejects.toMatchObject({ status: 403 })
    expect(fn).toHaveBeenCalledTimes(1)
  })
})

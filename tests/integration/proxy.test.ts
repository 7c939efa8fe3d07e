/** @jest-environment node */
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { NextRequest } from 'next/server'
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server'
import { proxy, config } from '@/proxy'
import { db } from '@/lib/db/client'
import { matchRoute } from '@/lib/routes/match'
import { makeCompany, makeUser, signIn } from '../helpers/factory'

const ORIGIN = 'http://localhost:3000'

function request(path: string, cookie?: string) {
  return new NextRequest(new URL(path, ORIGIN), { headers: cookie ? { cookie } : {} })
}

const location = (res: Response) => {
  const l = res.headers.get('location')
  return l ? l.replace(ORIGIN, '') : null
}

let ownerCookie: string
let analystCookie: string
let staffCookie: string

beforeAll(async () => {
  const company = await makeCompany('Proxy Store')
  const owner = await makeUser({ companyId: company.id, role: 'owner' })
  const analyst = await makeUser({ companyId: company.id, role: 'analyst' })
  const staff = await makeUser({
    companyId: company.id,
    role: 'owner',
    isStaff: true,
    staffResources: ['staff_compliance'],
  })
  ownerCookie = await signIn(owner.id, company.id)
  analystCookie = await signIn(analyst.id, company.id)
  staffCookie = await signIn(staff.id, company.id)
  await db.featureFlag.create({ data: { companyId: company.id, name: 'report_builder', enabled: false } })
})

describe('fixed redirects', () => {
  test.each([
    ['/tags', '/settings/account/tags'],
    ['/feeds', '/settings/other/web-feeds'],
    ['/dashboard-templates', '/dashboard'],
    ['/cdp/intelligence/rfm', '/customer-insights/rfm'],
    ['/reviews/settings/google-shopping', '/reviews/settings/syndication'],
  ])('%s → %s, before any access check', async (from, to) => {
    const res = await proxy(request(from))
    expect(res.status).toBe(307)
    expect(location(res)).toBe(to)
  })

  test('the query string is carried along', async () => {
    const res = await proxy(request('/tags?sort=name'))
    expect(location(res)).toBe('/settings/account/tags?sort=name')
  })
})

describe('signed-out visitors', () => {
  test('an authenticated path goes to /login with next = path and query', async () => {
    const res = await proxy(request('/flows'))
    expect(res.status).toBe(307)
    expect(location(res)).toBe('/login?next=%2Fflows')
    const withQuery = await proxy(request('/list/5/embed?tab=code'))
    expect(location(withQuery)).toBe('/login?next=%2Flist%2F5%2Fembed%3Ftab%3Dcode')
  })

  test('a staff path also goes to /login', async () => {
    expect(location(await proxy(request('/staff/compliance')))).toBe('/login?next=%2Fstaff%2Fcompliance')
  })

  test('/account/deleted is an account screen (seed 001 §2.2): it needs a session', async () => {
    expect(location(await proxy(request('/account/deleted')))).toBe('/login?next=%2Faccount%2Fdeleted')
    expect((await proxy(request('/account/deleted', ownerCookie))).headers.get('x-middleware-next')).toBe('1')
  })

  test('public and unauthenticated paths pass through with x-pathname for the page', async () => {
    for (const path of ['/login', '/register?x=1', '/sms/unsubscribe', '/abc/info']) {
      const res = await proxy(request(path))
      expect(res.status).toBe(200)
      expect(res.headers.get('x-middleware-next')).toBe('1')
      expect(res.headers.get('x-middleware-request-x-pathname')).toBe(path)
    }
  })

  test('an unknown path passes through (the app renders the 404 screen)', async () => {
    const res = await proxy(request('/no/such/page'))
    expect(res.headers.get('x-middleware-next')).toBe('1')
  })

  test('a forged or stale session cookie counts as signed out', async () => {
    expect(location(await proxy(request('/flows', 'kl_session=garbage')))).toBe('/login?next=%2Fflows')
  })
})

describe('signed-in visitors', () => {
  test('/login and /register send a signed-in visitor to /dashboard', async () => {
    for (const path of ['/login', '/register', '/login/']) {
      const res = await proxy(request(path, ownerCookie))
      expect(res.status).toBe(307)
      expect(location(res)).toBe('/dashboard')
    }
  })

  test('an allowed route passes through', async () => {
    const res = await proxy(request('/flows', ownerCookie))
    expect(res.headers.get('x-middleware-next')).toBe('1')
    expect(res.headers.get('x-middleware-request-x-pathname')).toBe('/flows')
  })

  test('forbidden and not-found go through to the page, which renders 403 or 404 itself', async () => {
    // The analyst lacks user management; report_builder is off for this company; a member is not staff.
    for (const [path, cookie] of [
      ['/settings/account/users', analystCookie],
      ['/report-builder', ownerCookie],
      ['/staff/compliance', ownerCookie],
    ]) {
      const res = await proxy(request(path, cookie))
      expect([path, res.headers.get('x-middleware-next'), location(res)]).toEqual([path, '1', null])
    }
  })

  test('a revoked session is signed out', async () => {
    const company = await makeCompany()
    const user = await makeUser({ companyId: company.id })
    const cookie = await signIn(user.id, company.id)
    await db.session.updateMany({ where: { userId: user.id }, data: { revokedAt: new Date() } })
    expect(location(await proxy(request('/flows', cookie)))).toBe('/login?next=%2Fflows')
  })

  test('staff with the staff resource pass', async () => {
    const res = await proxy(request('/staff/compliance', staffCookie))
    expect(res.headers.get('x-middleware-next')).toBe('1')
  })
})

describe('unsafe search parameters', () => {
  test('are dropped with a redirect to the same path', async () => {
    const res = await proxy(request('/flows?sort=name&next=javascript:alert(1)&u=%2F%2Fevil.com', ownerCookie))
    expect(res.status).toBe(307)
    expect(location(res)).toBe('/flows?sort=name')
    const all = await proxy(request('/login?next=javascript%3Aalert(1)'))
    expect(location(all)).toBe('/login')
  })

  test('safe ones are left alone', async () => {
    const res = await proxy(request('/login?next=%2Fflows%3Fa%3D1'))
    expect(res.headers.get('x-middleware-next')).toBe('1')
  })
})

describe('the CSRF cookie', () => {
  test('is set when missing: readable, SameSite=Lax, Path=/', async () => {
    const res = await proxy(request('/login'))
    const setCookie = res.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(/kl_csrftoken=[A-Za-z0-9_-]{20,}/)
    expect(setCookie).toMatch(/Path=\//)
    expect(setCookie.toLowerCase()).toContain('samesite=lax')
    expect(setCookie.toLowerCase()).not.toContain('httponly')
  })

  test('is set on redirects too, and each visitor gets a different token', async () => {
    const a = (await proxy(request('/flows'))).headers.get('set-cookie')
    const b = (await proxy(request('/flows'))).headers.get('set-cookie')
    expect(a).toMatch(/kl_csrftoken=/)
    expect(a).not.toBe(b)
  })

  test('is left alone when present', async () => {
    const res = await proxy(request('/flows', ownerCookie))
    expect(res.headers.get('set-cookie') ?? '').not.toContain('kl_csrftoken')
  })
})

describe('the matcher', () => {
  const matches = (url: string) => unstable_doesMiddlewareMatch({ config, url })
  test.each([
    ['/flows', true],
    ['/login', true],
    ['/flow/abc.json', true],
    ['/', true],
    ['/tags', true],
    ['/lists/%ff', true],
    // The JSON endpoints go through for their headers and the undecodable-path check, whatever their last segment.
    ['/ajax/login', true],
    ['/api/profiles', true],
    ['/api/profiles/%ff', true],
    ['/api/x.png', true],
    ['/client/subscriptions', true],
    ['/_next/static/chunk.js', false],
    ['/build-manifest.json', false],
    ['/favicon.ico', false],
    ['/logo.svg', false],
  ])('%s → %s', (url, expected) => expect(matches(url)).toBe(expected))
})

describe('security headers', () => {
  const csp = (res: Response) => res.headers.get('content-security-policy') ?? ''
  const directive = (policy: string, name: string) =>
    policy
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(name + ' ')) ?? ''
  const nonceOf = (policy: string) => /'nonce-([A-Za-z0-9+/]+={0,2})'/.exec(directive(policy, 'script-src'))?.[1]

  test('a page gets a CSP whose script nonce Next.js also sees on the request, fresh each time', async () => {
    const a = await proxy(request('/login'))
    const b = await proxy(request('/login'))
    const policy = csp(a)
    expect(nonceOf(policy)).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    // Next.js takes the nonce for its own <script> tags from the request's policy header.
    expect(a.headers.get('x-middleware-request-content-security-policy')).toBe(policy)
    expect(nonceOf(csp(b))).not.toBe(nonceOf(policy))
  })

  test('the page policy: no inline or eval for scripts, nothing may frame the app', async () => {
    const policy = csp(await proxy(request('/flows', ownerCookie)))
    const script = directive(policy, 'script-src')
    expect(script).toContain("'strict-dynamic'")
    expect(script).not.toContain("'unsafe-inline'")
    expect(script).not.toContain("'unsafe-eval'")
    for (const d of [
      "default-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "connect-src 'self'",
      "img-src 'self' data: blob:",
      "style-src 'self' 'unsafe-inline'",
    ])
      expect(policy).toContain(d)
  })

  test.each(['/login', '/flows', '/tags', '/api/profiles', '/client/subscriptions', '/ajax/session'])(
    '%s: nosniff, no framing, a referrer policy',
    async (path) => {
      const res = await proxy(request(path))
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(csp(res)).toContain("frame-ancestors 'none'")
    },
  )

  test('JSON endpoints: a policy that loads nothing, no page machinery (no x-pathname, no CSRF cookie)', async () => {
    const res = await proxy(request('/api/profiles'))
    expect(res.headers.get('x-middleware-next')).toBe('1')
    expect(csp(res)).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(res.headers.get('x-middleware-request-x-pathname')).toBeNull()
    expect(res.headers.get('set-cookie')).toBeNull()
  })

  test('HSTS only when APP_URL is https', async () => {
    const before = process.env.APP_URL
    try {
      process.env.APP_URL = 'http://shop.example'
      expect((await proxy(request('/login'))).headers.get('strict-transport-security')).toBeNull()
      process.env.APP_URL = 'https://shop.example'
      for (const path of ['/login', '/flows', '/api/profiles']) {
        expect((await proxy(request(path))).headers.get('strict-transport-security')).toBe(
          'max-age=31536000; includeSubDomains',
        )
      }
    } finally {
      if (before === undefined) delete process.env.APP_URL
      else process.env.APP_URL = before
    }
  })
})

describe('paths with an invalid percent-encoding', () => {
  test.each(['/api/profiles/%ff', '/api/lists/%zz', '/api/%c3'])('%s: a JSON:API 400', async (path) => {
    const res = await proxy(request(path))
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toBe('application/vnd.api+json')
    expect(res.headers.get('x-middleware-next')).toBeNull()
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    const body = await res.json()
    expect(body.errors).toEqual([
      expect.objectContaining({
        status: 400,
        code: 'invalid',
        title: 'Invalid input.',
        detail: 'The address contains an invalid percent-encoding.',
      }),
    ])
    expect(body.errors[0].id).toEqual(expect.any(String))
  })

  test('/client: the same 400, readable from any store page (CORS)', async () => {
    const res = await proxy(request('/client/profiles/%ff?company_id=abc'))
    expect(res.status).toBe(400)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect((await res.json()).errors[0].code).toBe('invalid')
  })

  test('/ajax: a 400 in the ajax error shape', async () => {
    const res = await proxy(request('/ajax/lists/%ff'))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'invalid', message: 'The address contains an invalid percent-encoding.' })
  })

  test.each(['/lists/%ff', '/list/%ff', '/profile/%e2%82', '/%zz'])(
    'page %s: rendered as the not-found page, before any redirect',
    async (path) => {
      for (const cookie of [undefined, ownerCookie]) {
        const res = await proxy(request(path, cookie))
        const rewrite = res.headers.get('x-middleware-rewrite') ?? ''
        expect(new URL(rewrite).pathname).toBe('/_not-found')
        expect(res.headers.get('x-middleware-request-x-pathname')).toBe('/_not-found')
        expect(res.headers.get('content-security-policy')).toContain("'nonce-")
      }
      // Next's own route for app/not-found.tsx; no registered route has the name.
      expect(matchRoute('/_not-found')).toBeNull()
    },
  )

  test('valid escapes are left alone', async () => {
    expect((await proxy(request('/list/%41%42', ownerCookie))).headers.get('x-middleware-next')).toBe('1')
    expect((await proxy(request('/api/profiles/%C3%A9'))).headers.get('x-middleware-next')).toBe('1')
  })
})

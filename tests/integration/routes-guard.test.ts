/** @jest-environment node */
// The server gate with a real session against a real database. Only Next's request-scoped
// cookies()/headers() are stood in for, since no request is being rendered here.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { makeCompany, makeUser, signIn } from '../helpers/factory'

let cookieHeader = ''
let pathHeader: string | null = null
jest.mock('next/headers', () => {
  const { parseCookies } = jest.requireActual('@/lib/text/cookies')
  return {
    cookies: async () => {
      const map = parseCookies(cookieHeader) as Record<string, string>
      return { get: (name: string) => (name in map ? { name, value: map[name] } : undefined) }
    },
    headers: async () => new Headers(pathHeader === null ? {} : { 'x-pathname': pathHeader }),
  }
})

import { guardRoute, currentPathname } from '@/lib/server/guard-route'

process.env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS = 'true'

/** What the gate did: the digest of Next's interrupt (redirect, 404, 403), or 'allow'. */
async function outcome(path: string, search = ''): Promise<string> {
  try {
    await guardRoute(path, search)
    return 'allow'
  } catch (e) {
    const digest = (e as { digest?: string }).digest ?? String(e)
    if (digest.startsWith('NEXT_REDIRECT')) return 'redirect ' + digest.split(';')[2]
    if (digest.startsWith('NEXT_HTTP_ERROR_FALLBACK')) return digest.split(';')[1]
    throw e
  }
}

let owner = ''
let analyst = ''
beforeAll(async () => {
  const company = await makeCompany()
  owner = await signIn((await makeUser({ companyId: company.id, role: 'owner' })).id, company.id)
  analyst = await signIn((await makeUser({ companyId: company.id, role: 'analyst' })).id, company.id)
  await db.featureFlag.create({ data: { companyId: company.id, name: 'report_builder', enabled: false } })
})

test('signed out: authenticated routes redirect to /login with next, public ones render, unknown ones 404', async () => {
  cookieHeader = ''
  expect(await outcome('/flows', '?a=1')).toBe('redirect /login?next=%2Fflows%3Fa%3D1')
  expect(await outcome('/login')).toBe('allow')
  expect(await outcome('/sms/unsubscribe')).toBe('allow')
  expect(await outcome('/no/such/page')).toBe('404')
})

test('the analyst gets 403 on user management and billing, and opens the dashboard and flows', async () => {
  cookieHeader = analyst
  expect(await outcome('/settings/account/users')).toBe('403')
  expect(await outcome('/settings/billing/overview')).toBe('403')
  expect(await outcome('/dashboard')).toBe('allow')
  expect(await outcome('/flows')).toBe('allow')
})

test('signed in: /login redirects to /dashboard, a flag that is off is 404, staff pages are 404', async () => {
  cookieHeader = owner
  expect(await outcome('/login')).toBe('redirect /dashboard')
  expect(await outcome('/report-builder')).toBe('404')
  expect(await outcome('/staff/compliance')).toBe('404')
  const res = await guardRoute('/list/42/embed')
  expect(res.params).toEqual({ listId: '42' })
  expect(res.route.path).toBe('/list/:listId/embed')
  expect(res.principal?.role).toBe('owner')
  expect(res.flags.report_builder).toBe(false)
})

test('currentPathname splits the x-pathname header the proxy sets', async () => {
  pathHeader = '/flows?sort=name'
  expect(await currentPathname()).toEqual({ pathname: '/flows', search: '?sort=name' })
  pathHeader = '/dashboard'
  expect(await currentPathname()).toEqual({ pathname: '/dashboard', search: '' })
  pathHeader = null
  expect(await currentPathname()).toEqual({ pathname: '/', search: '' })
})

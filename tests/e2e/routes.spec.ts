// Every registered route renders for an authorised user with HTTP 200 (seed 001 §2, issue 2 §4).
import { test, expect, request as pwRequest, type APIRequestContext } from '@playwright/test'
import { ROUTES } from '@/lib/routes/registry'
import { PASSWORD } from './helpers'

const FLAGS_ON_FOR_DEMO = new Set([
  'support_ticket_dashboard_enabled',
  'identity_explorer',
  'subscriber_growth_report',
  'report_builder',
  'is_reviews_enabled',
])
// Public in the registry so a sign-in that the account's MFA requirement stopped half-way can reach
// them, but they serve a signed-in (or half-signed-in) user and send anyone else to /login.
const SIGNED_IN_PUBLIC = new Set(['/configure-mfa', '/configure-mfa-steps', '/mfa-enablement-steps'])

function concrete(pattern: string): string {
  return (
    pattern
      .split('/')
      .filter((seg) => !/^:\w+\?$/.test(seg))
      .map((seg) =>
        seg.replace(/:(\w+)/g, (_, name: string) => (/id$/i.test(name) ? '12345' : `sample-${name.toLowerCase()}`)),
      )
      .join('/') || '/'
  )
}

async function session(baseURL: string, email: string): Promise<APIRequestContext> {
  const ctx = await pwRequest.newContext({ baseURL, maxRedirects: 0 })
  await ctx.get('/login')
  const state = await ctx.storageState()
  const csrf = state.cookies.find((c) => c.name === 'kl_csrftoken')?.value ?? ''
  const res = await ctx.post('/ajax/login', { data: { email, password: PASSWORD }, headers: { 'X-CSRFToken': csrf } })
  expect(res.status()).toBe(200)
  return ctx
}

// Routes whose answer depends on a real id or a signed link: with the sample parameters they
// must refuse, not show a page (each has its own tests with real ones).
const SAMPLE_PARAMS_REFUSED: Record<string, number> = {
  '/email/pages/:pageType/:consentPageId?': 404, // no such page type
  '/list/:listId/email/pages': 400, // no signed link
  '/flow/:flowId.json': 404, // no such flow
}

test('every registered route answers 200 for an authorised user', async ({ baseURL }) => {
  test.setTimeout(240_000)
  const owner = await session(baseURL!, 'owner@demo.test')
  const staff = await session(baseURL!, 'staff@demo.test')
  const anonymous = await pwRequest.newContext({ baseURL, maxRedirects: 0 })
  const failures: string[] = []
  let checked = 0
  for (const route of ROUTES) {
    // Built screens with real ids are covered by their own tests.
    if (route.built && route.path.includes(':')) continue
    const url = concrete(route.path)
    const ctx =
      route.access === 'staff'
        ? staff
        : route.access === 'authenticated' || SIGNED_IN_PUBLIC.has(route.path)
          ? owner
          : anonymous
    const res = await ctx.get(url)
    const expected = SAMPLE_PARAMS_REFUSED[route.path] ?? (route.flag && !FLAGS_ON_FOR_DEMO.has(route.flag) ? 404 : 200)
    checked++
    if (res.status() !== expected) failures.push(`${route.path} (${url}): ${res.status()}, expected ${expected}`)
  }
  expect(failures).toEqual([])
  // Every route without parameters, and every one not built yet (none now): built routes with
  // parameters have their own tests, so the count falls as routes get built.
  expect(checked).toBe(ROUTES.filter((r) => !(r.built && r.path.includes(':'))).length)
  expect(checked).toBeGreaterThan(250)
})

test('signed-out visitors are sent to /login with next, signed-in visitors skip /login', async ({ baseURL }) => {
  const anonymous = await pwRequest.newContext({ baseURL, maxRedirects: 0 })
  const res = await anonymous.get('/campaigns/list?tab=drafts')
  expect(res.status()).toBeGreaterThanOrEqual(300)
  expect(res.status()).toBeLessThan(400)
  expect(res.headers().location).toMatch(/\/login\?next=%2Fcampaigns%2Flist%3Ftab%3Ddrafts$/)
  const owner = await session(baseURL!, 'owner@demo.test')
  const login = await owner.get('/login')
  expect(login.headers().location).toMatch(/\/dashboard$/)
})

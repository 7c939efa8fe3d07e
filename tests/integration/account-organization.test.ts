/** @jest-environment node */
// The organization (/settings/account/organization): company-timezone GET/POST, the time zone
// list, the organization details; permissions and tenancy; and a time zone change reflected at
// once in metric day buckets and in segments' day boundaries.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
// The first calls compile the routes and hash passwords (scrypt) on a shared 2-core machine.
jest.setTimeout(30_000)

import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { makeMetricsFixture } from './metrics-fixture'
import { GET as getTz, POST as postTz } from '@/app/ajax/account/company-timezone/route'
import { GET as listTz } from '@/app/ajax/account/timezones/route'
import { GET as getOrg, POST as postOrg } from '@/app/ajax/account/organization/route'
import { GET as getChart } from '@/app/ajax/data/metric/[id]/chart/route'
import { POST as previewSegment } from '@/app/ajax/segment/preview/route'
import { GET as appShell } from '@/app/ajax/app_shell/route'
import { createSegment } from '@/lib/groups/create-segment'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { register as registerSegmentJobs } from '@/lib/segments/jobs'

beforeAll(() => registerSegmentJobs())

async function call(
  handler: (r: Request, c?: never) => Promise<Response>,
  path: string,
  cookie: string | undefined,
  body?: unknown,
) {
  const res = await handler(ajaxRequest(path, { method: body === undefined ? 'GET' : 'POST', cookie, body }))
  return { status: res.status, json: await res.json() }
}

async function account(role = 'owner') {
  const company = await makeCompany(undefined, { postalAddress: false })
  const user = await makeUser({ companyId: company.id, role })
  return { company, cookie: await signIn(user.id, company.id) }
}

const ORG = {
  name: 'Acme Outfitters',
  websiteUrl: 'https://acme.example',
  industry: 'apparel_accessories',
  address: {
    line1: '1 Main Street',
    line2: 'Suite 5',
    city: 'Portland',
    region: 'OR',
    postalCode: '97201',
    country: 'us',
  },
  currency: 'eur',
  localePreferences: { language: 'fr', region: 'FR' },
}

test('the time zone list: UTC and the IANA zones with their offsets, west to east', async () => {
  const r = await call(listTz, '/ajax/account/timezones', undefined)
  expect(r.status).toBe(200)
  const zones = r.json.timezones as Array<{ value: string; label: string; offsetMinutes: number }>
  expect(zones.length).toBeGreaterThan(300)
  expect(zones.find((z) => z.value === 'UTC')).toEqual({ value: 'UTC', label: '(UTC+00:00) UTC', offsetMinutes: 0 })
  expect(zones.find((z) => z.value === 'Asia/Kathmandu')).toMatchObject({
    offsetMinutes: 345,
    label: '(UTC+05:45) Asia/Kathmandu',
  })
  const offsets = zones.map((z) => z.offsetMinutes)
  expect([...offsets].sort((a, b) => a - b)).toEqual(offsets)
})

test('company-timezone: UTC by default; a change is saved, recorded and answered by GET and the app shell', async () => {
  const { company, cookie } = await account()
  expect((await call(getTz, '/ajax/account/company-timezone', cookie)).json).toEqual({ timezone: 'UTC' })
  const r = await call(postTz, '/ajax/account/company-timezone', cookie, { timezone: 'Europe/Paris' })
  expect(r.status).toBe(200)
  expect(r.json).toMatchObject({ timezone: 'Europe/Paris', changed: true })
  expect((await call(getTz, '/ajax/account/company-timezone', cookie)).json).toEqual({ timezone: 'Europe/Paris' })
  expect((await call(appShell, '/ajax/app_shell', cookie)).json).toMatchObject({ companyTimezone: 'Europe/Paris' })
  const audit = await db.auditEntry.findMany({ where: { companyId: company.id, action: 'company.timezone_changed' } })
  expect(audit.map((a) => JSON.parse(a.details))).toEqual([{ from: 'UTC', to: 'Europe/Paris' }])
  // The same zone again changes nothing and records nothing.
  expect(
    (await call(postTz, '/ajax/account/company-timezone', cookie, { timezone: 'Europe/Paris' })).json.changed,
  ).toBe(false)
  expect(await db.auditEntry.count({ where: { companyId: company.id, action: 'company.timezone_changed' } })).toBe(1)
})

test.each(['Mars/Olympus', 'EST', '+01:00', '', 'Europe/Nowhere', 'x'.repeat(90)])(
  'an unknown time zone (%j) is a 400 field error and changes nothing',
  async (tz) => {
    const { company, cookie } = await account()
    const r = await call(postTz, '/ajax/account/company-timezone', cookie, { timezone: tz })
    expect(r.status).toBe(400)
    expect(r.json.fieldErrors.timezone).toBeDefined()
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).timezone).toBe('UTC')
    expect(await db.auditEntry.count({ where: { companyId: company.id } })).toBe(0)
  },
)

test('an older IANA spelling the browser may report is accepted under its current name', async () => {
  const { cookie } = await account()
  const r = await call(postTz, '/ajax/account/company-timezone', cookie, { timezone: 'Europe/Kiev' })
  expect(r.status).toBe(200)
  expect(r.json.timezone).toBe('Europe/Kyiv')
  expect(
    (await call(postTz, '/ajax/account/company-timezone', cookie, { timezone: 'Asia/Calcutta' })).json.timezone,
  ).toBe('Asia/Kolkata')
})

test('the change is reflected at once in metric day buckets', async () => {
  const fx = await makeMetricsFixture()
  const cookie = await signIn((await makeUser({ companyId: fx.company.id, role: 'owner' })).id, fx.company.id)
  const chart = async () => {
    const res = await getChart(
      ajaxRequest(
        `/ajax/data/metric/${fx.metricId}/chart?timeframe=custom&start=2024-03-08&end=2024-03-12&granularity=daily&measurement=c`,
        { cookie },
      ),
      params({ id: fx.metricId }),
    )
    return res.json()
  }
  const ny = await chart()
  expect(ny).toMatchObject({ timeZone: 'America/New_York' })
  expect(ny.series[0].values).toEqual([1, 2, 2, 2, 0])
  expect((await call(postTz, '/ajax/account/company-timezone', cookie, { timezone: 'Asia/Tokyo' })).status).toBe(200)
  const tokyo = await chart()
  expect(tokyo).toMatchObject({ timeZone: 'Asia/Tokyo', start: '2024-03-08T00:00:00+09:00' })
  // Tokyo's Mar 9 holds the two events of New York's Mar 8 evening and Mar 9 midnight, and so on.
  expect(tokyo.series[0].values).toEqual([0, 2, 2, 3, 0])
})

test("the change moves segments' day boundaries: live counts at once, stored members recomputed", async () => {
  const fx = await makeMetricsFixture()
  const cookie = await signIn((await makeUser({ companyId: fx.company.id, role: 'owner' })).id, fx.company.id)
  // Placed Order at least once on Mar 10 (one local day).
  const definition = {
    version: 1,
    root: {
      type: 'and',
      conditions: [
        {
          kind: 'metric',
          metricId: fx.metricId,
          comparison: 'at_least',
          count: 1,
          timeframe: { type: 'between', start: '2024-03-10', end: '2024-03-10' },
        },
      ],
    },
  }
  const segment = await createSegment(fx.company.id, { name: 'Bought on Mar 10', definition } as never)
  await runJobsUntilIdle()
  const members = async () =>
    (await db.groupMembership.findMany({ where: { groupId: segment.id, leftAt: null }, select: { profileId: true } }))
      .map((m) => m.profileId)
      .sort()
  // New York's Mar 10: e4 (p2) and e5 (p3).
  expect(await members()).toEqual([fx.profiles.p2, fx.profiles.p3].sort())
  expect((await call(previewSegment, '/ajax/segment/preview', cookie, { definition })).json).toEqual({ count: 2 })

  const r = await call(postTz, '/ajax/account/company-timezone', cookie, { timezone: 'Asia/Tokyo' })
  expect(r.json).toMatchObject({ changed: true, segmentsRecomputing: 1 })
  expect((await db.group.findUniqueOrThrow({ where: { id: segment.id } })).isProcessing).toBe(true)
  // Tokyo's Mar 10: e3 and e4, both p2.
  expect((await call(previewSegment, '/ajax/segment/preview', cookie, { definition })).json).toEqual({ count: 1 })
  await runJobsUntilIdle()
  expect(await members()).toEqual([fx.profiles.p2])
})

test('organization: saved and read back; bad fields are 400 with field errors', async () => {
  const { company, cookie } = await account()
  const empty = await call(getOrg, '/ajax/account/organization', cookie)
  expect(empty.status).toBe(200)
  expect(empty.json.organization).toMatchObject({
    name: company.name,
    hasPostalAddress: false,
    currency: 'USD',
    timezone: 'UTC',
  })
  expect(empty.json.options.industries).toContain('apparel_accessories')
  expect(empty.json.options.countries).toEqual(expect.arrayContaining([{ code: 'FR', name: 'France' }]))
  expect(empty.json.options.currencies).toEqual(expect.arrayContaining([{ code: 'EUR', name: 'Euro (EUR)' }]))

  const saved = await call(postOrg, '/ajax/account/organization', cookie, ORG)
  expect(saved.status).toBe(200)
  expect(saved.json.organization).toMatchObject({
    name: 'Acme Outfitters',
    websiteUrl: 'https://acme.example',
    industry: 'apparel_accessories',
    hasPostalAddress: true,
    address: {
      line1: '1 Main Street',
      line2: 'Suite 5',
      city: 'Portland',
      region: 'OR',
      postalCode: '97201',
      country: 'US',
    },
    currency: 'EUR',
    localePreferences: { language: 'fr', region: 'FR' },
  })
  expect(await db.auditEntry.count({ where: { companyId: company.id, action: 'company.organization_updated' } })).toBe(
    1,
  )

  const bad = await call(postOrg, '/ajax/account/organization', cookie, {
    ...ORG,
    name: ' ',
    websiteUrl: 'acme',
    industry: 'mining',
    currency: 'XYZ',
    address: { ...ORG.address, line1: '', country: 'ZZ' },
    localePreferences: { language: 'tlh', region: 'US' },
  })
  expect(bad.status).toBe(400)
  expect(Object.keys(bad.json.fieldErrors).sort()).toEqual(
    [
      'address.country',
      'address.line1',
      'currency',
      'industry',
      'localePreferences.language',
      'name',
      'websiteUrl',
    ].sort(),
  )
  // Half an address is refused.
  const half = await call(postOrg, '/ajax/account/organization', cookie, {
    ...ORG,
    address: { line1: '', line2: '', city: 'Portland', region: '', postalCode: '', country: '' },
  })
  expect(half.status).toBe(400)
  expect(Object.keys(half.json.fieldErrors).sort()).toEqual(['address.country', 'address.line1'])
  expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).name).toBe('Acme Outfitters')
})

test('permissions: analysts read but cannot change the organization or the time zone; signed out is 401', async () => {
  const { company } = await account()
  const analyst = await signIn((await makeUser({ companyId: company.id, role: 'analyst' })).id, company.id)
  const support = await signIn((await makeUser({ companyId: company.id, role: 'support' })).id, company.id)
  expect((await call(getOrg, '/ajax/account/organization', analyst)).status).toBe(200)
  expect((await call(postOrg, '/ajax/account/organization', analyst, ORG)).status).toBe(403)
  expect((await call(postTz, '/ajax/account/company-timezone', analyst, { timezone: 'Europe/Paris' })).status).toBe(403)
  expect((await call(getOrg, '/ajax/account/organization', support)).status).toBe(403)
  expect((await call(getTz, '/ajax/account/company-timezone', support)).status).toBe(200)
  expect((await call(getTz, '/ajax/account/company-timezone', undefined)).status).toBe(401)
  expect((await call(postTz, '/ajax/account/company-timezone', undefined, { timezone: 'Europe/Paris' })).status).toBe(
    401,
  )
  expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).timezone).toBe('UTC')
})

test('cross-tenant: each account reads and changes only its own organization and time zone', async () => {
  const a = await account()
  const b = await account()
  await call(postTz, '/ajax/account/company-timezone', a.cookie, { timezone: 'Asia/Tokyo' })
  await call(postOrg, '/ajax/account/organization', a.cookie, ORG)
  expect((await call(getTz, '/ajax/account/company-timezone', b.cookie)).json).toEqual({ timezone: 'UTC' })
  expect((await call(getOrg, '/ajax/account/organization', b.cookie)).json.organization.name).toBe(b.company.name)
  expect((await db.company.findUniqueOrThrow({ where: { id: b.company.id } })).timezone).toBe('UTC')
  expect(await db.auditEntry.count({ where: { companyId: b.company.id } })).toBe(0)
})

test('registration asks for the time zone: saved on the new account, unknown zones refused, UTC when left out', async () => {
  const { POST: register } = await import('@/app/ajax/register/route')
  const body = (n: string, timezone?: string) => ({
    companyName: `Tz Shop ${n}`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `tz-${n}@example.test`,
    password: 'long-password',
    ...(timezone === undefined ? {} : { timezone }),
  })
  const send = (b: unknown) =>
    register(ajaxRequest('/ajax/register', { method: 'POST', body: b, headers: { 'x-forwarded-for': '203.0.113.9' } }))
  expect((await send(body('paris', 'Europe/Paris'))).status).toBeLessThan(300)
  expect((await db.company.findFirstOrThrow({ where: { name: 'Tz Shop paris' } })).timezone).toBe('Europe/Paris')
  const bad = await send(body('mars', 'Mars/Olympus'))
  expect(bad.status).toBe(400)
  expect((await bad.json()).fieldErrors.timezone).toBeDefined()
  expect(await db.company.count({ where: { name: 'Tz Shop mars' } })).toBe(0)
  expect((await send(body('none'))).status).toBeLessThan(300)
  expect((await db.company.findFirstOrThrow({ where: { name: 'Tz Shop none' } })).timezone).toBe('UTC')
})

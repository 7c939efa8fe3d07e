/** @jest-environment node */
// Security probe, finding 3: an event accepted with profile attributes and ingested by the
// worker only after a newer profile update must not write its older values back. Every write
// carries the time it was accepted; per attribute, an older write never replaces a newer one,
// whatever order the worker runs them in. The worker is run explicitly (and held back on
// purpose), so each test controls the order: accept, update, then ingest.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import { POST as importsPost } from '@/app/ajax/list/[id]/imports/route'
import { db } from '@/lib/db/client'
import { createList } from '@/lib/groups/create-list'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { registerJobHandlers } from '@/lib/server/job-handlers'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { api, makeApiKey } from '../helpers/route-server'
import { lastQueuedJobId, setJobRunAt } from '../helpers/queued-jobs'

let company: Awaited<ReturnType<typeof makeCompany>>
let companyId: number
let key: string
let n = 0
const uniq = (name: string) => `${name}-${++n}@example.com`

type Attrs = Record<string, unknown>

function eventBody(profile: Attrs, meta?: Attrs, extra: Attrs = {}) {
  return {
    data: {
      type: 'event',
      attributes: {
        properties: { page: 'checkout' },
        metric: { data: { type: 'metric', attributes: { name: 'Viewed Page' } } },
        profile: { data: { type: 'profile', attributes: { ...profile, ...(meta ? { meta } : {}) } } },
        ...extra,
      },
    },
  }
}

async function acceptEventApi(profile: Attrs, meta?: Attrs) {
  const r = await api('POST', '/api/events', { key, body: eventBody(profile, meta) })
  expect(r.status).toBe(202)
}

async function profileImport(attributes: Attrs, meta?: Attrs) {
  const r = await api('POST', '/api/profile-import', {
    key,
    body: { data: { type: 'profile', attributes, ...(meta ? { meta } : {}) } },
  })
  expect([200, 201]).toContain(r.status)
  return r.json.data.id as string
}

const byEmail = (email: string) => db.profile.findFirstOrThrow({ where: { companyId, email } })
const propsOf = async (email: string) => JSON.parse((await byEmail(email)).properties) as Attrs

/** The id of the newest queued events.ingest job. */
const lastIngestJob = () => lastQueuedJobId('events.ingest')
const holdJob = (id: number) => setJobRunAt(id, new Date('2999-01-01T00:00:00Z'))
const releaseJob = (id: number) => setJobRunAt(id, new Date('2000-01-01T00:00:00Z'))

beforeAll(async () => {
  registerJobHandlers()
  company = await makeCompany()
  companyId = company.id
  key = await makeApiKey(companyId)
})
beforeEach(() => resetRateLimits())

describe('an event ingested after a newer profile update keeps the newer values', () => {
  test('custom property: plan stays max; a property only the event set is applied', async () => {
    const email = uniq('plan')
    await profileImport({ email, properties: { plan: 'free' } })
    await acceptEventApi({ email, properties: { plan: 'pro', source: 'ad' } }) // the worker does not run yet
    await profileImport({ email, properties: { plan: 'max' } })
    await runJobsUntilIdle()
    expect(await propsOf(email)).toEqual({ plan: 'max', source: 'ad' })
    expect(await db.event.count({ where: { companyId, profileId: (await byEmail(email)).id } })).toBe(1)
  })

  test('the same when the update creates the profile the event will find', async () => {
    const email = uniq('fresh')
    await acceptEventApi({ email, properties: { plan: 'pro', source: 'ad' } })
    await profileImport({ email, properties: { plan: 'max' } })
    await runJobsUntilIdle()
    expect(await propsOf(email)).toEqual({ plan: 'max', source: 'ad' })
  })

  test('first_name', async () => {
    const email = uniq('name')
    await profileImport({ email, first_name: 'Before' })
    await acceptEventApi({ email, first_name: 'Old', last_name: 'FromEvent' })
    await profileImport({ email, first_name: 'New' })
    await runJobsUntilIdle()
    expect(await byEmail(email)).toMatchObject({ firstName: 'New', lastName: 'FromEvent' })
  })

  test('location, field by field', async () => {
    const email = uniq('loc')
    await profileImport({ email, location: { city: 'Oslo' } })
    await acceptEventApi({ email, location: { city: 'Berlin', country: 'DE' } })
    await profileImport({ email, location: { city: 'Paris' } })
    await runJobsUntilIdle()
    expect(await byEmail(email)).toMatchObject({ city: 'Paris', country: 'DE' })
  })

  test('patch_properties: an older append or unset does not touch a value set later', async () => {
    const email = uniq('patch')
    await profileImport({ email, properties: { tags: ['a'], plan: 'free' } })
    await acceptEventApi({ email }, { patch_properties: { append: { tags: 'from-event', seen: 'x' }, unset: 'plan' } })
    await profileImport({ email, properties: { tags: ['set-later'], plan: 'max' } })
    await runJobsUntilIdle()
    expect(await propsOf(email)).toEqual({ tags: ['set-later'], plan: 'max', seen: ['x'] })
  })

  test('patch_properties: a newer append still lands, and an older append after a newer one is kept too', async () => {
    const email = uniq('append')
    await profileImport({ email, properties: { tags: ['a'] } })
    await acceptEventApi({ email }, { patch_properties: { append: { tags: 'older' } } })
    const older = await lastIngestJob()
    await holdJob(older)
    await acceptEventApi({ email }, { patch_properties: { append: { tags: 'newer' } } })
    await runJobsUntilIdle()
    await releaseJob(older)
    await runJobsUntilIdle()
    expect(await propsOf(email)).toEqual({ tags: ['a', 'newer', 'older'] })

    // An update through profile-import with unset after both: a held-back append no longer applies.
    await acceptEventApi({ email }, { patch_properties: { append: { tags: 'stale' } } })
    await profileImport({ email }, { patch_properties: { unset: 'tags' } })
    await runJobsUntilIdle()
    expect(await propsOf(email)).toEqual({})
  })

  test('/client/events (browser endpoint) is held to the same rule', async () => {
    const email = uniq('client')
    await profileImport({ email, first_name: 'Before' })
    const r = await api('POST', `/client/events?company_id=${company.publicApiKey}`, {
      body: eventBody({ email, first_name: 'Old', properties: { plan: 'pro', source: 'web' } }),
      contentType: 'application/json',
    })
    expect(r.status).toBe(202)
    await profileImport({ email, first_name: 'New', properties: { plan: 'max' } })
    await runJobsUntilIdle()
    expect(await byEmail(email)).toMatchObject({ firstName: 'New' })
    expect(await propsOf(email)).toEqual({ plan: 'max', source: 'web' })
  })

  test('out of order: two events, the older ingested last, keep the newer values', async () => {
    const email = uniq('order')
    await profileImport({ email })
    await acceptEventApi({ email, first_name: 'First', properties: { plan: 'pro', step: 1 } })
    const older = await lastIngestJob()
    await holdJob(older) // the worker is delayed on purpose for this one
    await acceptEventApi({ email, first_name: 'Second', properties: { plan: 'max' } })
    await runJobsUntilIdle()
    expect(await byEmail(email)).toMatchObject({ firstName: 'Second' })
    await releaseJob(older)
    await runJobsUntilIdle()
    expect(await byEmail(email)).toMatchObject({ firstName: 'Second' })
    expect(await propsOf(email)).toEqual({ plan: 'max', step: 1 })
    expect(await db.event.count({ where: { companyId, profileId: (await byEmail(email)).id } })).toBe(2)
  })

  test('identifiers: a stale event neither overwrites a newer email nor loses its profile', async () => {
    const externalId = `ext-${++n}`
    const id = await profileImport({ external_id: externalId, email: uniq('first') })
    const old = uniq('old')
    await acceptEventApi({ external_id: externalId, email: old, first_name: 'Event' })
    const current = uniq('current')
    await profileImport({ external_id: externalId, email: current })
    await runJobsUntilIdle()
    // Resolution: the old email names no one now; the external id finds the profile.
    const p = await db.profile.findUniqueOrThrow({ where: { id } })
    expect(p).toMatchObject({ email: current, externalId, firstName: 'Event' })
    expect(await db.profile.count({ where: { companyId, email: old } })).toBe(0)
    expect(await db.event.count({ where: { companyId, profileId: id } })).toBe(1)
  })
})

describe('imports are stamped when accepted, not when the worker runs them', () => {
  test('a bulk import job processed after a newer profile update', async () => {
    const email = uniq('bulk')
    await profileImport({ email, first_name: 'Before' })
    const r = await api('POST', '/api/profile-bulk-import-jobs', {
      key,
      body: {
        data: {
          type: 'profile-bulk-import-job',
          attributes: {
            profiles: {
              data: [
                {
                  type: 'profile',
                  attributes: { email, first_name: 'Imported', title: 'Buyer', properties: { plan: 'pro' } },
                },
              ],
            },
          },
        },
      },
    })
    expect(r.status).toBe(202)
    await new Promise((res) => setTimeout(res, 5)) // the import's time is its row's (millisecond) creation time
    await profileImport({ email, first_name: 'New', properties: { plan: 'max' } })
    await runJobsUntilIdle()
    expect(await byEmail(email)).toMatchObject({ firstName: 'New', title: 'Buyer' })
    expect(await propsOf(email)).toEqual({ plan: 'max' })
  })

  test('a CSV import (POST /ajax/list/{id}/imports) processed after a newer profile update', async () => {
    const cookie = await signIn((await makeUser({ companyId })).id, companyId)
    const list = await createList(companyId, { name: 'Imported ' + n })
    const email = uniq('csv')
    await profileImport({ email, first_name: 'Before' })
    const csv = `email,first_name,last_name,plan\n${email},Imported,FromCsv,pro\n`
    const mapping = { email: 'email', first_name: 'first_name', last_name: 'last_name', plan: 'properties.plan' }
    const res = await importsPost(
      ajaxRequest('/ajax/list/x/imports', { method: 'POST', cookie, body: { csv, mapping } }),
      params({ id: list.id }),
    )
    expect(res.status).toBe(202)
    await new Promise((r) => setTimeout(r, 5))
    await profileImport({ email, first_name: 'New', properties: { plan: 'max' } })
    await runJobsUntilIdle()
    const p = await byEmail(email)
    expect(p).toMatchObject({ firstName: 'New', lastName: 'FromCsv' })
    expect(JSON.parse(p.properties)).toEqual({ plan: 'max' })
    expect(await db.groupMembership.count({ where: { groupId: list.id, profileId: p.id, leftAt: null } })).toBe(1)
  })
})

describe('merging keeps the newest value of each attribute', () => {
  test('an anonymous visitor identified by profile-import', async () => {
    const email = uniq('merge')
    const anonymousId = `anon-${++n}`
    await profileImport({ email, first_name: 'Known', last_name: 'Kept', properties: { plan: 'free', color: 'red' } })
    // The visitor's values are newer for first_name and color …
    const visitor = await api('POST', `/client/profiles?company_id=${company.publicApiKey}`, {
      body: {
        data: {
          type: 'profile',
          attributes: {
            anonymous_id: anonymousId,
            first_name: 'Visitor',
            properties: { color: 'blue', plan: 'pro', pages: 3 },
          },
        },
      },
      contentType: 'application/json',
    })
    expect(visitor.status).toBe(202)
    // … and the known profile's plan is newer still.
    await profileImport({ email, properties: { plan: 'max' } })
    const anonId = (await db.profile.findFirstOrThrow({ where: { companyId, anonymousId } })).id
    const kept = await profileImport({ email, anonymous_id: anonymousId })
    expect(await db.profile.count({ where: { id: anonId } })).toBe(0)
    const p = await db.profile.findUniqueOrThrow({ where: { id: kept } })
    expect(p).toMatchObject({ firstName: 'Visitor', lastName: 'Kept', anonymousId })
    expect(JSON.parse(p.properties)).toEqual({ plan: 'max', color: 'blue', pages: 3 })
  })

  test('profiles written before write times existed: the kept profile wins, gaps are filled', async () => {
    const email = uniq('legacy')
    const anonymousId = `anon-legacy-${++n}`
    await db.profile.create({
      data: { id: `legacy-k-${n}`, companyId, email, firstName: 'Known', properties: JSON.stringify({ plan: 'free' }) },
    })
    await db.profile.create({
      data: {
        id: `legacy-a-${n}`,
        companyId,
        anonymousId,
        firstName: 'Anon',
        lastName: 'Filled',
        properties: JSON.stringify({ plan: 'pro', pages: 1 }),
      },
    })
    await profileImport({ email, anonymous_id: anonymousId })
    const p = await byEmail(email)
    expect(p).toMatchObject({ firstName: 'Known', lastName: 'Filled' })
    expect(JSON.parse(p.properties)).toEqual({ plan: 'free', pages: 1 })
  })
})

test('the SDK-style check, ten profiles in a row: event accepted, profile updated, then ingested', async () => {
  const emails = Array.from({ length: 10 }, (_, i) => uniq(`sdk${i}`))
  for (const email of emails) {
    await profileImport({ email, properties: { plan: 'free' } })
    await acceptEventApi({ email, first_name: 'Event', properties: { plan: 'pro' } })
    await profileImport({ email, first_name: 'Updated', properties: { plan: 'max' } })
  }
  await runJobsUntilIdle()
  const rows = await db.profile.findMany({ where: { companyId, email: { in: emails } } })
  expect(rows).toHaveLength(10)
  for (const p of rows) {
    expect(p.firstName).toBe('Updated')
    expect(JSON.parse(p.properties)).toEqual({ plan: 'max' })
  }
})

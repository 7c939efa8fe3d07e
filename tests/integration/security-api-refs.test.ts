/** @jest-environment node */
// Security probe, findings 11 and 12.
// 11: POST /ajax/account/private-api-key/create: scopes [] is a 400 on `scopes`; leaving scopes
//     out means full access (what the screen sends); an explicit list is that list.
// 12: a body that names a profile by an id of another company (or of no profile) is a 400 with
//     the JSON:API pointer to that id, before anything is queued or written: POST /api/events,
//     /client/events, /api/profile-bulk-import-jobs, /api/profile-subscription-bulk-create-jobs,
//     /client/subscriptions; list relationships answer 404 and change nothing. An accepted event
//     is stored.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { registerJobHandlers } from '@/lib/server/job-handlers'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { ulid } from '@/lib/ids/make-id'
import { createProfileBulkImport } from '@/lib/imports/create-bulk-import'
import { processBulkImport } from '@/lib/imports/process-imports'
import { loadImport } from '@/lib/imports/run-import'
import { POST as createKey } from '@/app/ajax/account/private-api-key/create/route'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { api, makeApiKey } from '../helpers/route-server'

let A: Awaited<ReturnType<typeof makeCompany>>
let B: Awaited<ReturnType<typeof makeCompany>>
let keyA: string
let ownerA: string
let mineId: string
let theirsId: string

beforeAll(async () => {
  registerJobHandlers()
  A = await makeCompany()
  B = await makeCompany()
  keyA = await makeApiKey(A.id)
  ownerA = await signIn((await makeUser({ companyId: A.id, role: 'owner' })).id, A.id)
  mineId = ulid()
  theirsId = ulid()
  await db.profile.create({ data: { id: mineId, companyId: A.id, email: 'mine@a.test' } })
  await db.profile.create({ data: { id: theirsId, companyId: B.id, email: 'theirs@b.test' } })
})
beforeEach(() => resetRateLimits())

const UNKNOWN = 'No profile with this id exists in this account.'
const queuedJobs = () => db.job.count({ where: { companyId: A.id } })

describe('finding 11: API key scopes', () => {
  const create = async (body: unknown) => {
    const res = await createKey(
      ajaxRequest('/ajax/account/private-api-key/create', { method: 'POST', cookie: ownerA, body }),
    )
    return { status: res.status, json: await res.json() }
  }

  test('an empty scope list is a 400 on scopes and creates no key', async () => {
    const before = await db.apiKey.count({ where: { companyId: A.id } })
    const r = await create({ label: 'Empty', scopes: [] })
    expect(r.status).toBe(400)
    expect(r.json.fieldErrors).toEqual({ scopes: ['Choose at least one scope, or leave scopes out for full access.'] })
    expect(await db.apiKey.count({ where: { companyId: A.id } })).toBe(before)
  })

  test('scopes left out: full access; an explicit list: exactly that list', async () => {
    const full = await create({ label: 'Full' })
    expect(full.status).toBe(201)
    expect((await api('GET', '/api/metrics', { key: full.json.key })).status).toBe(200)
    expect((await api('GET', '/api/lists', { key: full.json.key })).status).toBe(200)

    const some = await create({ label: 'Some', scopes: ['metrics:read'] })
    expect(some.status).toBe(201)
    expect(some.json.apiKey.scopes).toEqual(['metrics:read'])
    expect((await api('GET', '/api/metrics', { key: some.json.key })).status).toBe(200)
    expect((await api('GET', '/api/lists', { key: some.json.key })).status).toBe(403)
  })
})

describe('finding 12: profile ids from another company', () => {
  const eventBody = (id: string | undefined, attributes: Record<string, unknown> = {}) => ({
    data: {
      type: 'event',
      attributes: {
        properties: { Item: 'Cap' },
        metric: { data: { type: 'metric', attributes: { name: 'Viewed Product' } } },
        profile: { data: { type: 'profile', ...(id ? { id } : {}), attributes } },
      },
    },
  })
  const clientPost = (path: string, body: unknown) =>
    api('POST', `${path}?company_id=${A.publicApiKey}`, {
      body,
      contentType: 'application/json',
      headers: { origin: 'https://shop.example' },
    })

  test('POST /api/events and /client/events: 400 with the pointer to the id; nothing queued', async () => {
    const jobs = await queuedJobs()
    for (const id of [theirsId, 'no-such-profile']) {
      for (const send of [
        () => api('POST', '/api/events', { key: keyA, body: eventBody(id) }),
        () => clientPost('/client/events', eventBody(id, { email: 'x@a.test' })),
      ]) {
        const r = await send()
        expect(r.status).toBe(400)
        expect(r.json.errors).toEqual([
          expect.objectContaining({
            status: 400,
            code: 'invalid',
            detail: UNKNOWN,
            source: { pointer: '/data/attributes/profile/data/id' },
          }),
        ])
      }
    }
    expect(await queuedJobs()).toBe(jobs)
    expect(await db.event.count({ where: { profileId: theirsId } })).toBe(0)
  })

  test('an accepted event naming a profile of this company is stored', async () => {
    expect((await api('POST', '/api/events', { key: keyA, body: eventBody(mineId) })).status).toBe(202)
    expect((await clientPost('/client/events', eventBody(mineId))).status).toBe(202)
    await runJobsUntilIdle()
    expect(await db.event.count({ where: { companyId: A.id, profileId: mineId } })).toBe(2)
    expect(await db.job.count({ where: { companyId: A.id, status: { not: 'done' } } })).toBe(0)
  })

  test('POST /api/profile-bulk-import-jobs: 400 on each foreign id, no job', async () => {
    const body = (profiles: Array<{ id?: string; email: string }>) => ({
      data: {
        type: 'profile-bulk-import-job',
        attributes: {
          profiles: {
            data: profiles.map(({ id, email }) => ({ type: 'profile', ...(id ? { id } : {}), attributes: { email } })),
          },
        },
      },
    })
    const before = await db.importJob.count({ where: { companyId: A.id } })
    const r = await api('POST', '/api/profile-bulk-import-jobs', {
      key: keyA,
      body: body([
        { email: 'new@a.test' },
        { id: mineId, email: 'mine@a.test' },
        { id: theirsId, email: 'theirs@b.test' },
      ]),
    })
    expect(r.status).toBe(400)
    expect(r.json.errors).toEqual([
      expect.objectContaining({ detail: UNKNOWN, source: { pointer: '/data/attributes/profiles/data/2/id' } }),
    ])
    expect(await db.importJob.count({ where: { companyId: A.id } })).toBe(before)
    expect(await db.profile.findUniqueOrThrow({ where: { id: theirsId } })).toMatchObject({
      companyId: B.id,
      email: 'theirs@b.test',
    })

    const ok = await api('POST', '/api/profile-bulk-import-jobs', {
      key: keyA,
      body: body([{ id: mineId, email: 'mine@a.test' }]),
    })
    expect(ok.status).toBe(202)
    await runJobsUntilIdle()
    expect(
      (await api('GET', `/api/profile-bulk-import-jobs/${ok.json.data.id}`, { key: keyA })).json.data.attributes,
    ).toMatchObject({ status: 'complete', completed_count: 1 })
  })

  test('a profile deleted after the import was accepted fails that row, not the whole job', async () => {
    const gone = ulid()
    await db.profile.create({ data: { id: gone, companyId: A.id, email: 'gone@a.test' } })
    const job = await createProfileBulkImport(A.id, {
      profiles: [{ id: gone, email: 'gone@a.test' }, { email: 'kept@a.test' }],
    })
    await db.profile.delete({ where: { id: gone } })
    await processBulkImport((await loadImport(A.id, job.id))!)
    const done = await db.importJob.findUniqueOrThrow({ where: { id: job.id } })
    expect(done).toMatchObject({ status: 'complete', completedCount: 1, failedCount: 1 })
    expect(JSON.parse(done.errors)).toEqual([{ line: 1, field: 'id', message: UNKNOWN }])
  })

  test('POST /api/profile-subscription-bulk-create-jobs and /client/subscriptions: 400 with the pointer; nothing written', async () => {
    const list = (
      await api('POST', '/api/lists', { key: keyA, body: { data: { type: 'list', attributes: { name: 'Subs' } } } })
    ).json.data.id as string
    const sub = { email: { marketing: { consent: 'SUBSCRIBED' } } }
    const bulk = await api('POST', '/api/profile-subscription-bulk-create-jobs', {
      key: keyA,
      body: {
        data: {
          type: 'profile-subscription-bulk-create-job',
          attributes: {
            profiles: {
              data: [
                { type: 'profile', attributes: { email: 'ok@a.test', subscriptions: sub } },
                { type: 'profile', id: theirsId, attributes: { email: 'theirs@b.test', subscriptions: sub } },
              ],
            },
          },
          relationships: { list: { data: { type: 'list', id: list } } },
        },
      },
    })
    expect(bulk.status).toBe(400)
    expect(bulk.json.errors).toEqual([
      expect.objectContaining({ detail: UNKNOWN, source: { pointer: '/data/attributes/profiles/data/1/id' } }),
    ])

    const client = await clientPost('/client/subscriptions', {
      data: {
        type: 'subscription',
        attributes: { profile: { data: { type: 'profile', id: theirsId, attributes: { email: 'theirs@b.test' } } } },
        relationships: { list: { data: { type: 'list', id: list } } },
      },
    })
    expect(client.status).toBe(400)
    expect(client.json.errors).toEqual([
      expect.objectContaining({ detail: UNKNOWN, source: { pointer: '/data/attributes/profile/data/id' } }),
    ])

    expect(await db.groupMembership.count({ where: { groupId: list } })).toBe(0)
    expect(await db.profile.count({ where: { companyId: A.id, email: 'ok@a.test' } })).toBe(0)
    expect(await db.profileConsent.count({ where: { profileId: theirsId } })).toBe(0)
  })

  test('list relationships with a foreign profile id: 404, nothing changed', async () => {
    const list = (
      await api('POST', '/api/lists', { key: keyA, body: { data: { type: 'list', attributes: { name: 'Rel' } } } })
    ).json.data.id as string
    const body = {
      data: [
        { type: 'profile', id: mineId },
        { type: 'profile', id: theirsId },
      ],
    }
    expect((await api('POST', `/api/lists/${list}/relationships/profiles`, { key: keyA, body })).status).toBe(404)
    expect(await db.groupMembership.count({ where: { groupId: list } })).toBe(0)
  })
})

/** @jest-environment node */
// POST /api/profile-subscription-bulk-create-jobs and the profile bulk import jobs.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { suppress } from '@/lib/profiles/consent'
import { makeCompany } from '../helpers/factory'
import { api, makeApiKey } from '../helpers/route-server'
import { resetRateLimits } from '@/lib/api/rate-limit'

let companyId: number
let key: string
let otherKey: string

const newList = async (k: string, name: string, opt = 'single_opt_in') =>
  (
    await api('POST', '/api/lists', {
      key: k,
      body: { data: { type: 'list', attributes: { name, opt_in_process: opt } } },
    })
  ).json.data.id as string

function subscribeBody(profiles: Array<Record<string, unknown>>, listId?: string, extra: Record<string, unknown> = {}) {
  return {
    data: {
      type: 'profile-subscription-bulk-create-job',
      attributes: {
        custom_source: 'Checkout',
        profiles: { data: profiles.map((attributes) => ({ type: 'profile', attributes })) },
        ...extra,
      },
      ...(listId ? { relationships: { list: { data: { type: 'list', id: listId } } } } : {}),
    },
  }
}
const emailSub = (email: string, more: Record<string, unknown> = {}) => ({
  email,
  subscriptions: { email: { marketing: { consent: 'SUBSCRIBED', ...more } } },
})

beforeAll(async () => {
  companyId = (await makeCompany()).id
  key = await makeApiKey(companyId)
  otherKey = await makeApiKey((await makeCompany()).id)
})
beforeEach(() => resetRateLimits())

describe('bulk subscribe', () => {
  test('202; consent recorded, unsubscribe suppression cleared, list joined', async () => {
    const listId = await newList(key, 'Newsletter')
    const pre = await api('POST', '/api/profiles', {
      key,
      body: { data: { type: 'profile', attributes: { email: 'back@example.com' } } },
    })
    await suppress(companyId, pre.json.data.id, 'email', 'unsubscribed')
    const r = await api('POST', '/api/profile-subscription-bulk-create-jobs', {
      key,
      body: subscribeBody(
        [
          emailSub('back@example.com'),
          { phone_number: '+15005550100', subscriptions: { sms: { marketing: { consent: 'SUBSCRIBED' } } } },
        ],
        listId,
      ),
    })
    expect(r.status).toBe(202)
    expect(r.text).toBe('')
    const back = await db.profile.findFirst({ where: { companyId, email: 'back@example.com' } })
    expect(await db.suppression.count({ where: { profileId: back!.id, clearedAt: null } })).toBe(0)
    const consent = await db.profileConsent.findFirst({ where: { profileId: back!.id, channel: 'email_marketing' } })
    expect(consent!.status).toBe('subscribed')
    expect(await db.groupMembership.count({ where: { groupId: listId, leftAt: null } })).toBe(2)
    const subs = await api('GET', `/api/profiles/${back!.id}?additional-fields[profile]=subscriptions`, { key })
    expect(subs.json.data.attributes.subscriptions.email.marketing).toMatchObject({
      consent: 'SUBSCRIBED',
      can_receive_email_marketing: true,
    })
  })

  test('a double opt-in list leaves the consent pending', async () => {
    const listId = await newList(key, 'Confirmed', 'double_opt_in')
    expect(
      (
        await api('POST', '/api/profile-subscription-bulk-create-jobs', {
          key,
          body: subscribeBody([emailSub('doi@example.com')], listId),
        })
      ).status,
    ).toBe(202)
    const p = await db.profile.findFirst({ where: { companyId, email: 'doi@example.com' } })
    expect(
      (await db.profileConsent.findFirst({ where: { profileId: p!.id, channel: 'email_marketing' } }))!.status,
    ).toBe('pending')
  })

  test('bad input → 400 with pointers; more than 1000 profiles refused; nothing half-written', async () => {
    const noConsent = await api('POST', '/api/profile-subscription-bulk-create-jobs', {
      key,
      body: subscribeBody([
        emailSub('ok@example.com'),
        emailSub('x@example.com', { consented_at: '2025-01-01T00:00:00Z' }),
      ]),
    })
    expect(noConsent.status).toBe(400)
    expect(noConsent.json.errors[0].source.pointer).toBe(
      '/data/attributes/profiles/data/1/attributes/subscriptions/email/marketing/consented_at',
    )
    expect(await db.profile.count({ where: { companyId, email: 'ok@example.com' } })).toBe(0)

    const badEmail = await api('POST', '/api/profile-subscription-bulk-create-jobs', {
      key,
      body: subscribeBody([emailSub('nope')]),
    })
    expect(badEmail.json.errors[0].source.pointer).toBe('/data/attributes/profiles/data/0/attributes/email')

    const many = Array.from({ length: 1001 }, (_, i) => emailSub(`m${i}@example.com`))
    const tooMany = await api('POST', '/api/profile-subscription-bulk-create-jobs', { key, body: subscribeBody(many) })
    expect(tooMany.status).toBe(400)
    expect(tooMany.json.errors[0].source.pointer).toBe('/data/attributes/profiles/data')

    const historical = await api('POST', '/api/profile-subscription-bulk-create-jobs', {
      key,
      body: subscribeBody([emailSub('hist@example.com', { consented_at: '2025-01-01T00:00:00Z' })], undefined, {
        historical_import: true,
      }),
    })
    expect(historical.status).toBe(202)
  })

  test('another account list → 404; scopes lists:write + profiles:write + subscriptions:write', async () => {
    const theirList = await newList(otherKey, 'Theirs')
    expect(
      (
        await api('POST', '/api/profile-subscription-bulk-create-jobs', {
          key,
          body: subscribeBody([emailSub('t@example.com')], theirList),
        })
      ).status,
    ).toBe(404)
    const partial = await makeApiKey(companyId, ['lists:write', 'profiles:write'])
    expect(
      (
        await api('POST', '/api/profile-subscription-bulk-create-jobs', {
          key: partial,
          body: subscribeBody([emailSub('s@example.com')]),
        })
      ).status,
    ).toBe(403)
  })
})

describe('profile bulk import jobs', () => {
  const importBody = (profiles: Array<Record<string, unknown>>, listIds: string[] = []) => ({
    data: {
      type: 'profile-bulk-import-job',
      attributes: { profiles: { data: profiles.map((attributes) => ({ type: 'profile', attributes })) } },
      ...(listIds.length ? { relationships: { lists: { data: listIds.map((id) => ({ type: 'list', id })) } } } : {}),
    },
  })

  test('202 with the job; processed in the background; GET shows status and counts', async () => {
    const listId = await newList(key, 'Imported')
    const r = await api('POST', '/api/profile-bulk-import-jobs', {
      key,
      body: importBody(
        [{ email: 'i1@example.com', first_name: 'One' }, { email: 'i2@example.com' }, { email: 'bad-email' }],
        [listId],
      ),
    })
    expect(r.status).toBe(202)
    const job = r.json.data
    expect(job).toMatchObject({
      type: 'profile-bulk-import-job',
      id: expect.any(String),
      attributes: {
        status: 'queued',
        total_count: 3,
        completed_count: 0,
        failed_count: 0,
        created_at: expect.any(String),
        completed_at: null,
      },
      relationships: { lists: { data: [{ type: 'list', id: listId }] } },
    })
    await runJobsUntilIdle()
    const done = await api('GET', `/api/profile-bulk-import-jobs/${job.id}`, { key })
    expect(done.status).toBe(200)
    expect(done.json.data.attributes).toMatchObject({
      status: 'complete',
      total_count: 3,
      completed_count: 2,
      failed_count: 1,
      completed_at: expect.any(String),
      started_at: expect.any(String),
    })
    expect(await db.groupMembership.count({ where: { groupId: listId, leftAt: null } })).toBe(2)
    expect((await api('GET', `/api/profile-bulk-import-jobs/${job.id}/`, { key })).status).toBe(200)
  })

  test('bad input, another account list or job → 400 / 404', async () => {
    const empty = await api('POST', '/api/profile-bulk-import-jobs', { key, body: importBody([]) })
    expect(empty.status).toBe(400)
    expect(empty.json.errors[0].source.pointer).toBe('/data/attributes/profiles/data')
    const big = await api('POST', '/api/profile-bulk-import-jobs', {
      key,
      body: importBody([{ email: 'big@example.com', properties: { note: 'x'.repeat(101 * 1024) } }]),
    })
    expect(big.status).toBe(400)
    expect(big.json.errors[0].source.pointer).toBe('/data/attributes/profiles/data/0')
    const theirList = await newList(otherKey, 'Their import list')
    expect(
      (
        await api('POST', '/api/profile-bulk-import-jobs', {
          key,
          body: importBody([{ email: 'z@example.com' }], [theirList]),
        })
      ).status,
    ).toBe(404)
    const mine = await api('POST', '/api/profile-bulk-import-jobs', {
      key,
      body: importBody([{ email: 'y@example.com' }]),
    })
    expect((await api('GET', `/api/profile-bulk-import-jobs/${mine.json.data.id}`, { key: otherKey })).status).toBe(404)
    expect((await api('GET', '/api/profile-bulk-import-jobs/nope', { key })).status).toBe(404)
    await runJobsUntilIdle()
  })
})

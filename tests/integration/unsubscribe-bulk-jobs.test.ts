/** @jest-environment node */
// The /api bulk consent jobs through the real route handlers and the job queue:
// profile-suppression-bulk-create-jobs, -delete-jobs (with their job resources and listings)
// and profile-subscription-bulk-delete-jobs; bad bodies; one company cannot see or touch
// another's jobs, lists or profiles.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { setConsent, suppress } from '@/lib/profiles/consent'
import { createList } from '@/lib/groups/create-list'
import { addProfilesToList } from '@/lib/groups/list-membership'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { makeCompany } from '../helpers/factory'
import { apiRequest, makeApiKey } from '../helpers/route-server'
import { activeSuppressions, emailConsent, eventCount } from '../helpers/unsubscribe-fixtures'
import * as suppressCreate from '@/app/api/profile-suppression-bulk-create-jobs/route'
import * as suppressCreateJob from '@/app/api/profile-suppression-bulk-create-jobs/[id]/route'
import * as suppressDelete from '@/app/api/profile-suppression-bulk-delete-jobs/route'
import * as suppressDeleteJob from '@/app/api/profile-suppression-bulk-delete-jobs/[id]/route'
import * as unsubscribe from '@/app/api/profile-subscription-bulk-delete-jobs/route'

type Mod = {
  GET?: (r: Request, c?: { params: Promise<Record<string, string>> }) => Promise<Response>
  POST?: (r: Request) => Promise<Response>
}
async function call(
  mod: Mod,
  method: 'GET' | 'POST',
  path: string,
  key: string,
  body?: unknown,
  params: Record<string, string> = {},
) {
  const req = apiRequest(method, path, { key, ...(body !== undefined ? { body } : {}) })
  const res = method === 'GET' ? await mod.GET!(req, { params: Promise.resolve(params) }) : await mod.POST!(req)
  const text = await res.text()
  return { status: res.status, json: text ? JSON.parse(text) : null }
}

let a: number
let b: number
let keyA: string
let keyB: string
beforeAll(async () => {
  a = (await makeCompany()).id
  b = (await makeCompany()).id
  keyA = await makeApiKey(a)
  keyB = await makeApiKey(b)
})
beforeEach(() => resetRateLimits())

const profile = async (companyId: number, email: string, extra: Record<string, unknown> = {}) =>
  (await upsertProfile(companyId, { email, ...extra }, { mode: 'import' })).profile.id
const byEmail = (companyId: number, email: string) => db.profile.findFirst({ where: { companyId, email } })

const suppressionBody = (type: string, emails: string[], rel?: { list?: string; segment?: string }) => ({
  data: {
    type,
    attributes: { profiles: { data: emails.map((email) => ({ type: 'profile', attributes: { email } })) } },
    ...(rel
      ? {
          relationships: {
            ...(rel.list ? { list: { data: { type: 'list', id: rel.list } } } : {}),
            ...(rel.segment ? { segment: { data: { type: 'segment', id: rel.segment } } } : {}),
          },
        }
      : {}),
  },
})

describe('profile-suppression-bulk-create-jobs', () => {
  test('202 with a queued job; the worker suppresses each email (creating unknown ones), counts and completes', async () => {
    const known = await profile(a, 'known@x.test')
    await suppress(a, await profile(a, 'already@x.test'), 'email', 'manual')
    const res = await call(
      suppressCreate,
      'POST',
      '/api/profile-suppression-bulk-create-jobs',
      keyA,
      suppressionBody('profile-suppression-bulk-create-job', ['known@x.test', 'NEW@x.test', 'already@x.test']),
    )
    expect(res.status).toBe(202)
    expect(res.json.data).toMatchObject({
      type: 'profile-suppression-bulk-create-job',
      attributes: { status: 'queued', total_count: 3, completed_count: 0, skipped_count: 0, completed_at: null },
    })
    const id = res.json.data.id as string
    expect(res.json.data.links.self).toBe(`http://localhost:3000/api/profile-suppression-bulk-create-jobs/${id}/`)
    expect(await activeSuppressions(a, known)).toEqual([]) // nothing before the worker runs

    await runJobsUntilIdle()
    expect(await activeSuppressions(a, known)).toEqual(['email:manual'])
    const created = await byEmail(a, 'new@x.test')
    expect(created).not.toBeNull()
    expect(await activeSuppressions(a, created!.id)).toEqual(['email:manual'])

    const job = await call(
      suppressCreateJob,
      'GET',
      `/api/profile-suppression-bulk-create-jobs/${id}`,
      keyA,
      undefined,
      { id },
    )
    expect(job.status).toBe(200)
    expect(job.json.data.attributes).toMatchObject({
      status: 'complete',
      total_count: 3,
      completed_count: 2,
      skipped_count: 1,
    })
    expect(job.json.data.attributes.completed_at).not.toBeNull()

    // The API shows the suppression the vendor's way.
    const { getSubscriptions } = await import('@/lib/profiles/consent')
    const subs = (await getSubscriptions(a, [known])).get(known)!
    expect(subs.email.marketing).toMatchObject({
      can_receive_email_marketing: false,
      suppression: [{ reason: 'USER_SUPPRESSED' }],
    })

    // Another company cannot read the job.
    expect(
      (await call(suppressCreateJob, 'GET', `/api/profile-suppression-bulk-create-jobs/${id}`, keyB, undefined, { id }))
        .status,
    ).toBe(404)
  })

  test("a list relationship suppresses its current members; another company's list is a 404", async () => {
    const list = await createList(a, { name: 'To suppress' })
    const m1 = await profile(a, 'm1@x.test')
    const m2 = await profile(a, 'm2@x.test')
    const out = await profile(a, 'out@x.test')
    await addProfilesToList(a, list.id, [m1, m2])
    const res = await call(
      suppressCreate,
      'POST',
      '/api/profile-suppression-bulk-create-jobs',
      keyA,
      suppressionBody('profile-suppression-bulk-create-job', [], { list: list.id }),
    )
    expect(res.status).toBe(202)
    expect(res.json.data.attributes.total_count).toBe(2)
    expect(res.json.data.relationships.lists.data).toEqual([{ type: 'list', id: list.id }])
    await runJobsUntilIdle()
    expect(await activeSuppressions(a, m1)).toEqual(['email:manual'])
    expect(await activeSuppressions(a, m2)).toEqual(['email:manual'])
    expect(await activeSuppressions(a, out)).toEqual([])

    const cross = await call(
      suppressCreate,
      'POST',
      '/api/profile-suppression-bulk-create-jobs',
      keyB,
      suppressionBody('profile-suppression-bulk-create-job', [], { list: list.id }),
    )
    expect(cross.status).toBe(404)
    expect(await db.profileBulkConsentJob.count({ where: { companyId: b } })).toBe(0)
  })

  test('bad bodies are 400s with pointers, and nothing is queued', async () => {
    const before = await db.profileBulkConsentJob.count()
    const bad = await call(
      suppressCreate,
      'POST',
      '/api/profile-suppression-bulk-create-jobs',
      keyA,
      suppressionBody('profile-suppression-bulk-create-job', ['not-an-email']),
    )
    expect(bad.status).toBe(400)
    expect(bad.json.errors[0].source.pointer).toBe('/data/attributes/profiles/data/0/attributes/email')
    const none = await call(
      suppressCreate,
      'POST',
      '/api/profile-suppression-bulk-create-jobs',
      keyA,
      suppressionBody('profile-suppression-bulk-create-job', []),
    )
    expect(none.status).toBe(400)
    const many = await call(
      suppressCreate,
      'POST',
      '/api/profile-suppression-bulk-create-jobs',
      keyA,
      suppressionBody(
        'profile-suppression-bulk-create-job',
        Array.from({ length: 101 }, (_, i) => `p${i}@x.test`),
      ),
    )
    expect(many.status).toBe(400)
    const wrongType = await call(
      suppressCreate,
      'POST',
      '/api/profile-suppression-bulk-create-jobs',
      keyA,
      suppressionBody('profile-suppression-bulk-delete-job', ['a@x.test']),
    )
    expect(wrongType.status).toBe(400)
    expect(await db.profileBulkConsentJob.count()).toBe(before)
  })
})

describe('profile-suppression-bulk-delete-jobs', () => {
  test('clears manual suppressions only; unknown emails are skipped; listing with filters and sort', async () => {
    const manual = await profile(a, 'unsup@x.test')
    await suppress(a, manual, 'email', 'manual')
    const bounced = await profile(a, 'bounced@x.test')
    await suppress(a, bounced, 'email', 'bounced')
    const unsub = await profile(a, 'unsub@x.test')
    await suppress(a, unsub, 'email', 'unsubscribed')
    const res = await call(
      suppressDelete,
      'POST',
      '/api/profile-suppression-bulk-delete-jobs',
      keyA,
      suppressionBody('profile-suppression-bulk-delete-job', [
        'unsup@x.test',
        'bounced@x.test',
        'unsub@x.test',
        'nobody@x.test',
      ]),
    )
    expect(res.status).toBe(202)
    const id = res.json.data.id as string
    await runJobsUntilIdle()
    expect(await activeSuppressions(a, manual)).toEqual([])
    expect(await activeSuppressions(a, bounced)).toEqual(['email:bounced'])
    expect(await activeSuppressions(a, unsub)).toEqual(['email:unsubscribed'])
    expect(await byEmail(a, 'nobody@x.test')).toBeNull()
    const job = await call(
      suppressDeleteJob,
      'GET',
      `/api/profile-suppression-bulk-delete-jobs/${id}`,
      keyA,
      undefined,
      { id },
    )
    expect(job.json.data).toMatchObject({
      type: 'profile-suppression-bulk-delete-job',
      attributes: { status: 'complete', total_count: 4, completed_count: 1, skipped_count: 3 },
    })

    const list = await call(
      suppressDelete,
      'GET',
      '/api/profile-suppression-bulk-delete-jobs?filter=equals(status,"complete")&sort=-created&fields[profile-suppression-bulk-delete-job]=status,total_count',
      keyA,
    )
    expect(list.status).toBe(200)
    expect(list.json.data.map((j: { id: string }) => j.id)).toContain(id)
    expect(Object.keys(list.json.data[0].attributes).sort()).toEqual(['status', 'total_count'])
    expect((await call(suppressDelete, 'GET', '/api/profile-suppression-bulk-delete-jobs', keyB)).json.data).toEqual([])
    expect(
      (await call(suppressDelete, 'GET', '/api/profile-suppression-bulk-delete-jobs?sort=name', keyA)).status,
    ).toBe(400)
    // Jobs of the other kind are not listed here.
    const creates = await call(suppressCreate, 'GET', '/api/profile-suppression-bulk-create-jobs', keyA)
    expect(creates.json.data.map((j: { id: string }) => j.id)).not.toContain(id)
  })
})

describe('profile-subscription-bulk-delete-jobs', () => {
  const body = (profiles: Array<Record<string, unknown>>, listId?: string) => ({
    data: {
      type: 'profile-subscription-bulk-delete-job',
      attributes: { profiles: { data: profiles.map((attributes) => ({ type: 'profile', attributes })) } },
      ...(listId ? { relationships: { list: { data: { type: 'list', id: listId } } } } : {}),
    },
  })

  test('202 with no body; the worker unsubscribes the channels named (method API) and skips unknown profiles', async () => {
    const ann = await profile(a, 'bulk-ann@x.test', { phoneNumber: '+15005550101' })
    await setConsent(a, ann, 'sms_marketing', 'subscribed')
    const res = await call(
      unsubscribe,
      'POST',
      '/api/profile-subscription-bulk-delete-jobs',
      keyA,
      body([
        {
          email: 'bulk-ann@x.test',
          phone_number: '+15005550101',
          subscriptions: {
            email: { marketing: { consent: 'UNSUBSCRIBED' } },
            sms: { marketing: { consent: 'UNSUBSCRIBED' } },
          },
        },
        { email: 'ghost@x.test', subscriptions: { email: { marketing: { consent: 'UNSUBSCRIBED' } } } },
      ]),
    )
    expect(res.status).toBe(202)
    expect(res.json).toBeNull()
    await runJobsUntilIdle()
    expect(await emailConsent(a, ann)).toEqual({
      status: 'unsubscribed',
      method: 'API',
      source: 'profile-subscription-bulk-delete-job',
    })
    expect((await db.profileConsent.findFirst({ where: { profileId: ann, channel: 'sms_marketing' } }))?.status).toBe(
      'unsubscribed',
    )
    expect(await activeSuppressions(a, ann)).toEqual(['email:unsubscribed'])
    expect(await eventCount(a, ann, 'Unsubscribed')).toBe(1)
    expect(await byEmail(a, 'ghost@x.test')).toBeNull()
    const job = await db.profileBulkConsentJob.findFirstOrThrow({
      where: { companyId: a, kind: 'subscription_delete' },
      orderBy: { createdAt: 'desc' },
    })
    expect(job).toMatchObject({ status: 'complete', totalCount: 2, completedCount: 1, skippedCount: 1 })
  })

  test('with a list: members leave the list only, everyone else is unsubscribed globally', async () => {
    const list = await createList(a, { name: 'Weekly deals' })
    const member = await profile(a, 'member@x.test')
    const outsider = await profile(a, 'outsider@x.test')
    await addProfilesToList(a, list.id, [member])
    const unsub = { email: { marketing: { consent: 'UNSUBSCRIBED' } } }
    const res = await call(
      unsubscribe,
      'POST',
      '/api/profile-subscription-bulk-delete-jobs',
      keyA,
      body(
        [
          { email: 'member@x.test', subscriptions: unsub },
          { email: 'outsider@x.test', subscriptions: unsub },
        ],
        list.id,
      ),
    )
    expect(res.status).toBe(202)
    await runJobsUntilIdle()
    expect(await db.groupMembership.count({ where: { groupId: list.id, leftAt: null } })).toBe(0)
    expect(await emailConsent(a, member)).toBeNull()
    expect(await emailConsent(a, outsider)).toMatchObject({ status: 'unsubscribed' })
  })

  test('a profile of another company is never touched; bad bodies are 400s', async () => {
    const theirs = await profile(b, 'theirs@x.test')
    await call(
      unsubscribe,
      'POST',
      '/api/profile-subscription-bulk-delete-jobs',
      keyA,
      body([{ email: 'theirs@x.test', subscriptions: { email: { marketing: { consent: 'UNSUBSCRIBED' } } } }]),
    )
    await runJobsUntilIdle()
    expect(await emailConsent(b, theirs)).toBeNull()
    expect(await byEmail(a, 'theirs@x.test')).toBeNull()

    const noChannel = await call(
      unsubscribe,
      'POST',
      '/api/profile-subscription-bulk-delete-jobs',
      keyA,
      body([{ email: 'x@x.test', subscriptions: {} }]),
    )
    expect(noChannel.status).toBe(400)
    expect(noChannel.json.errors[0].source.pointer).toBe('/data/attributes/profiles/data/0/attributes/subscriptions')
    const smsNoPhone = await call(
      unsubscribe,
      'POST',
      '/api/profile-subscription-bulk-delete-jobs',
      keyA,
      body([{ email: 'x@x.test', subscriptions: { sms: { marketing: { consent: 'UNSUBSCRIBED' } } } }]),
    )
    expect(smsNoPhone.json.errors[0].source.pointer).toBe('/data/attributes/profiles/data/0/attributes/phone_number')
    const subscribed = await call(
      unsubscribe,
      'POST',
      '/api/profile-subscription-bulk-delete-jobs',
      keyA,
      body([{ email: 'x@x.test', subscriptions: { email: { marketing: { consent: 'SUBSCRIBED' } } } }]),
    )
    expect(subscribed.status).toBe(400)
    const otherList = await createList(b, { name: 'B only' })
    const cross = await call(
      unsubscribe,
      'POST',
      '/api/profile-subscription-bulk-delete-jobs',
      keyA,
      body([{ email: 'x@x.test', subscriptions: { email: { marketing: { consent: 'UNSUBSCRIBED' } } } }], otherList.id),
    )
    expect(cross.status).toBe(404)
  })
})

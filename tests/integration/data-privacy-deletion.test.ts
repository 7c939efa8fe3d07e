/** @jest-environment node */
// Issue 28 §1 part B: POST /api/data-privacy-deletion-jobs through the official SDK (202, then
// the job queue erases the profile and everything of it, once, in its own company only), and
// the /client geofences and IP allow list answering the vendor's shapes while the features are off.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { ApiKeySession, ClientApi, DataPrivacyApi, DataPrivacyDeletionJobEnum, ProfileEnum } from 'klaviyo-api'
import { db } from '@/lib/db/client'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { LIST } from '@/lib/groups/group-view'
import { addProfilesToList } from '@/lib/groups/list-membership'
import { setConsent } from '@/lib/profiles/consent'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { makeCompany } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'
import { callPartB, startPartBServer, type RouteServer } from './api-part-b-routes'

let server: RouteServer
let companyId: number
let otherCompanyId: number
let publicKey: string
let key: string
let otherKey: string
let privacy: DataPrivacyApi
let client: ClientApi

const profile = async (company: number, input: Record<string, unknown>) =>
  (await upsertProfile(company, input, { mode: 'create', source: 'test' })).profile.id

/** Everything of a person in the tables that carry a profile id. */
async function traces(profileId: string) {
  return {
    profile: await db.profile.count({ where: { id: profileId } }),
    events: await db.event.count({ where: { profileId } }),
    memberships: await db.groupMembership.count({ where: { profileId } }),
    consents: await db.profileConsent.count({ where: { profileId } }),
    tokens: await db.pushToken.count({ where: { profileId } }),
    sends: await db.send.count({ where: { profileId } }),
  }
}
const NONE = { profile: 0, events: 0, memberships: 0, consents: 0, tokens: 0, sends: 0 }

async function person(company: number, email: string, phone?: string) {
  const id = await profile(company, { email, ...(phone ? { phoneNumber: phone } : {}) })
  const metric = await db.metric.upsert({
    where: { companyId_name: { companyId: company, name: 'Opened Email' } },
    create: { id: `Met${company}`, companyId: company, name: 'Opened Email' },
    update: {},
  })
  await db.event.create({
    data: {
      companyId: company,
      profileId: id,
      metricId: metric.id,
      ts: 1_780_000_000,
      properties: '{}',
      uniqueId: `e-${id}`,
    },
  })
  const listId = `Lst${company}`
  await db.group.upsert({
    where: { id: listId },
    create: { id: listId, companyId: company, name: 'News', type: LIST },
    update: {},
  })
  await addProfilesToList(company, listId, [id])
  await setConsent(company, id, 'email_marketing', 'subscribed', { method: 'API' })
  await db.pushToken.create({
    data: { id: `Pt-${id}`, companyId: company, profileId: id, token: `tok-${id}`, platform: 'ios', vendor: 'apns' },
  })
  await db.send.create({
    data: {
      id: `Snd-${id}`,
      companyId: company,
      channel: 'email',
      sourceType: 'campaign',
      sourceId: 'Cmp1',
      profileId: id,
      content: '{}',
    },
  })
  return id
}

beforeAll(async () => {
  server = await startPartBServer()
  const company = await makeCompany('Privacy')
  companyId = company.id
  publicKey = company.publicApiKey
  otherCompanyId = (await makeCompany('Other privacy')).id
  key = await makeApiKey(companyId)
  otherKey = await makeApiKey(otherCompanyId)
  privacy = new DataPrivacyApi(new ApiKeySession(key))
  client = new ClientApi(new ApiKeySession(key))
  for (const api of [privacy, client]) api.basePath = server.url
})
beforeEach(() => resetRateLimits())
afterAll(async () => {
  await server.close()
})

const byEmail = (email: string) => ({
  data: {
    type: DataPrivacyDeletionJobEnum.DataPrivacyDeletionJob,
    attributes: { profile: { data: { type: ProfileEnum.Profile, attributes: { email } } } },
  },
})

test('requestProfileDeletion by email: 202 at once, then the job erases the person; the same address elsewhere stays', async () => {
  const mine = await person(companyId, 'erase.me@example.com')
  const theirs = await person(otherCompanyId, 'erase.me@example.com')
  const res = await privacy.requestProfileDeletion(byEmail('Erase.Me@example.com'))
  expect(res.response.status).toBe(202)
  // Asynchronous: nothing is gone until the queue runs it.
  expect((await traces(mine)).profile).toBe(1)
  await runJobsUntilIdle()
  expect(await traces(mine)).toEqual(NONE)
  expect((await db.group.findUniqueOrThrow({ where: { id: `Lst${companyId}` } })).memberCount).toBe(0)
  expect(await traces(theirs)).toEqual({ profile: 1, events: 1, memberships: 1, consents: 1, tokens: 1, sends: 1 })
  // The metric itself (named by no one) stays.
  expect(await db.metric.count({ where: { companyId, name: 'Opened Email' } })).toBe(1)
})

test("by id and by phone number; a repeated request is harmless; another company's id is a 404", async () => {
  const a = await person(companyId, 'by.id@example.com')
  const b = await person(companyId, 'by.phone@example.com', '+14155550123')
  const foreign = await person(otherCompanyId, 'foreign@example.com')
  const byId = (id: string) => ({
    data: {
      type: 'data-privacy-deletion-job',
      attributes: { profile: { data: { type: 'profile', id, attributes: {} } } },
    },
  })

  expect((await callPartB('POST', '/api/data-privacy-deletion-jobs', key, byId(foreign))).status).toBe(404)
  expect((await callPartB('POST', '/api/data-privacy-deletion-jobs', key, byId(a))).status).toBe(202)
  expect((await callPartB('POST', '/api/data-privacy-deletion-jobs', key, byId(a))).status).toBe(202)
  await resetRateLimits()
  expect(
    (
      await callPartB('POST', '/api/data-privacy-deletion-jobs', key, {
        data: {
          type: 'data-privacy-deletion-job',
          attributes: { profile: { data: { type: 'profile', attributes: { phone_number: '+14155550123' } } } },
        },
      })
    ).status,
  ).toBe(202)
  await runJobsUntilIdle()
  expect(await traces(a)).toEqual(NONE)
  expect(await traces(b)).toEqual(NONE)
  expect((await traces(foreign)).profile).toBe(1)
})

test('bad bodies are JSON:API 400s; a key without data-privacy:write is a 403; neither deletes anything', async () => {
  const x = await person(companyId, 'x@example.com')
  const two = await callPartB('POST', '/api/data-privacy-deletion-jobs', key, {
    data: {
      type: 'data-privacy-deletion-job',
      attributes: { profile: { data: { type: 'profile', id: 'x', attributes: { email: 'x@example.com' } } } },
    },
  })
  expect(two.status).toBe(400)
  expect(two.json.errors[0].source.pointer).toBe('/data/attributes/profile/data')
  const none = await callPartB('POST', '/api/data-privacy-deletion-jobs', key, {
    data: { type: 'data-privacy-deletion-job', attributes: { profile: { data: { type: 'profile', attributes: {} } } } },
  })
  expect(none.status).toBe(400)
  await resetRateLimits()
  const wrongType = await callPartB('POST', '/api/data-privacy-deletion-jobs', key, {
    data: { type: 'deletion', attributes: {} },
  })
  expect(wrongType.status).toBe(400)
  expect(wrongType.json.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toContain('/data/type')
  const profilesOnly = await makeApiKey(companyId, ['profiles:write'])
  expect(
    (await callPartB('POST', '/api/data-privacy-deletion-jobs', profilesOnly, byEmail('x@example.com'))).status,
  ).toBe(403)
  await runJobsUntilIdle()
  expect((await traces(x)).profile).toBe(1)
  // Another company's key cannot reach this company's person by address either.
  expect((await callPartB('POST', '/api/data-privacy-deletion-jobs', otherKey, byEmail('x@example.com'))).status).toBe(
    202,
  )
  await runJobsUntilIdle()
  expect((await traces(x)).profile).toBe(1)
})

test('/client/geofences answers an empty page; /client/ip-allowlists/integration-egress is a 404 until configured', async () => {
  const fences = await callPartB('GET', `/client/geofences?company_id=${publicKey}`, null)
  expect(fences.status).toBe(200)
  expect(fences.json).toMatchObject({ data: [], links: { next: null } })
  expect((await callPartB('GET', `/client/geofences?company_id=${publicKey}&page[size]=500`, null)).status).toBe(400)
  expect((await callPartB('GET', '/client/geofences', null)).status).toBe(400)

  const off = await callPartB('GET', `/client/ip-allowlists/integration-egress?company_id=${publicKey}`, null)
  expect(off.status).toBe(404)
  expect(off.json.errors[0].code).toBe('not_found')
  process.env.EGRESS_IP_PREFIXES = '203.0.113.0/24, 2001:db8::/32, not-an-ip'
  try {
    const on = await client.getClientIpAllowlist('integration-egress', publicKey)
    expect(on.body.data).toMatchObject({
      type: 'ip-allowlist',
      id: 'integration-egress',
      attributes: { prefixes: ['203.0.113.0/24', '2001:db8::/32'], syncToken: expect.any(String) },
    })
    expect(on.body.data.attributes.created).toBeInstanceOf(Date)
    expect((await callPartB('GET', `/client/ip-allowlists/other?company_id=${publicKey}`, null)).status).toBe(404)
  } finally {
    delete process.env.EGRESS_IP_PREFIXES
  }
})

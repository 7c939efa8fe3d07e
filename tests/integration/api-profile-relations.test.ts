/** @jest-environment node */
// Issue 28 §1 part B, profiles: the official SDK (klaviyo-api 23.x, base path changed only)
// against a profile's lists, segments and push tokens, a push token's profile, profile merge and
// the bulk import job parts; another company's ids are 404s, bad bodies JSON:API 400s.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import {
  ApiKeySession,
  ProfilesApi,
  ProfileEnum,
  ProfileMergeEnum,
  ProfileBulkImportJobEnum,
  ListEnum,
} from 'klaviyo-api'
import { db } from '@/lib/db/client'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { LIST, SEGMENT } from '@/lib/groups/group-view'
import { addProfilesToList } from '@/lib/groups/list-membership'
import { setConsent } from '@/lib/profiles/consent'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { makeCompany } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'
import { callPartB, startPartBServer, type RouteServer } from './api-part-b-routes'

let server: RouteServer
let companyId: number
let otherCompanyId: number
let key: string
let otherKey: string
let profiles: ProfilesApi
let otherProfiles: ProfilesApi

const profile = async (email: string, extra: Record<string, unknown> = {}, company = companyId) =>
  (await upsertProfile(company, { email, ...extra }, { mode: 'import', source: 'test' })).profile.id

/** The SDK throws on a non-2xx answer; this gives its status and body. */
async function failure(
  p: Promise<unknown>,
): Promise<{ status: number; body: { errors: Array<{ code: string; source?: { pointer?: string } }> } }> {
  try {
    await p
  } catch (e) {
    const err = e as { response?: { status: number; data: unknown } }
    return { status: err.response!.status, body: err.response!.data as never }
  }
  throw new Error('expected the call to fail')
}

beforeAll(async () => {
  server = await startPartBServer()
  companyId = (await makeCompany('Profiles B')).id
  otherCompanyId = (await makeCompany('Other B')).id
  key = await makeApiKey(companyId)
  otherKey = await makeApiKey(otherCompanyId)
  profiles = new ProfilesApi(new ApiKeySession(key))
  otherProfiles = new ProfilesApi(new ApiKeySession(otherKey))
  for (const api of [profiles, otherProfiles]) api.basePath = server.url
})
beforeEach(() => resetRateLimits())
afterAll(async () => {
  await server.close()
})

test("a profile's lists, segments and push tokens, and a push token's profile", async () => {
  const ada = await profile('ada@example.com', { firstName: 'Ada' })
  await db.group.createMany({
    data: [
      { id: 'LstNews', companyId, name: 'Newsletter', type: LIST },
      { id: 'LstGone', companyId, name: 'Left', type: LIST },
      { id: 'SegVip', companyId, name: 'VIP', type: SEGMENT, definition: '{"root":{"type":"and","conditions":[]}}' },
    ],
  })
  await addProfilesToList(companyId, 'LstNews', [ada])
  await db.groupMembership.createMany({
    data: [
      { companyId, groupId: 'SegVip', profileId: ada },
      { companyId, groupId: 'LstGone', profileId: ada, leftAt: new Date() },
    ],
  })
  await db.pushToken.create({
    data: { id: 'PtAda1', companyId, profileId: ada, token: 'tok-ada-1', platform: 'ios', vendor: 'apns' },
  })

  const lists = await profiles.getListsForProfile(ada, { fieldsList: ['name'] })
  expect(lists.body.data.map((l) => [l.id, l.attributes.name])).toEqual([['LstNews', 'Newsletter']])
  expect((await profiles.getListIdsForProfile(ada)).body.data).toEqual([{ type: ListEnum.List, id: 'LstNews' }])
  const segments = await profiles.getSegmentsForProfile(ada)
  expect(segments.body.data.map((s) => s.id)).toEqual(['SegVip'])
  expect((await profiles.getSegmentIdsForProfile(ada)).body.data).toEqual([{ type: 'segment', id: 'SegVip' }])
  const tokens = await profiles.getPushTokensForProfile(ada)
  expect(tokens.body.data).toHaveLength(1)
  expect(tokens.body.data[0]).toMatchObject({
    id: 'PtAda1',
    attributes: { token: 'tok-ada-1', platform: 'ios', vendor: 'apns' },
  })
  expect((await profiles.getPushTokenIdsForProfile(ada)).body.data).toEqual([{ type: 'push-token', id: 'PtAda1' }])

  const owner = await profiles.getProfileForPushToken('PtAda1')
  expect(owner.body.data).toMatchObject({ id: ada, attributes: { email: 'ada@example.com', firstName: 'Ada' } })
  expect((await profiles.getProfileIdForPushToken('PtAda1')).body.data).toEqual({ type: ProfileEnum.Profile, id: ada })

  // Another company's key sees none of it, as if it did not exist.
  for (const call of [
    () => otherProfiles.getListsForProfile(ada),
    () => otherProfiles.getSegmentIdsForProfile(ada),
    () => otherProfiles.getPushTokensForProfile(ada),
    () => otherProfiles.getProfileForPushToken('PtAda1'),
    () => otherProfiles.getProfileIdForPushToken('PtAda1'),
    () => profiles.getListsForProfile('nope'),
  ]) {
    await resetRateLimits()
    const f = await failure(call())
    expect(f.status).toBe(404)
    expect(f.body.errors[0]!.code).toBe('not_found')
  }
  const bad = await callPartB('GET', `/api/profiles/${ada}/lists?fields[list]=colour`, key)
  expect(bad.status).toBe(400)
  expect(bad.json.errors[0].source).toEqual({ parameter: 'fields[list]' })
  // A key without lists:read may not read memberships.
  const noLists = await makeApiKey(companyId, ['profiles:read'])
  expect((await callPartB('GET', `/api/profiles/${ada}/relationships/lists`, noLists)).status).toBe(403)
})

test('mergeProfiles: events, memberships, consent and push tokens move; the destination keeps its values; the source is gone', async () => {
  const keep = await profile('keep@example.com', { firstName: 'Kept', properties: { tier: 'gold' } })
  const gone = await profile('gone@example.com', {
    firstName: 'Gone',
    lastName: 'Lastname',
    properties: { tier: 'bronze', shoe: 42 },
  })
  const metric = await db.metric.create({ data: { id: 'MetMerge', companyId, name: 'Viewed Product' } })
  await db.event.create({
    data: { companyId, profileId: gone, metricId: metric.id, ts: 1_780_000_000, properties: '{}', uniqueId: 'v1' },
  })
  await db.group.create({ data: { id: 'LstMerge', companyId, name: 'Merge list', type: LIST } })
  await addProfilesToList(companyId, 'LstMerge', [gone])
  await setConsent(companyId, gone, 'email_marketing', 'subscribed', { method: 'API' })
  await db.pushToken.create({
    data: { id: 'PtGone', companyId, profileId: gone, token: 'tok-gone', platform: 'android', vendor: 'fcm' },
  })

  const res = await profiles.mergeProfiles({
    data: {
      type: ProfileMergeEnum.ProfileMerge,
      id: keep,
      relationships: { profiles: { data: [{ type: ProfileEnum.Profile, id: gone }] } },
    },
  })
  expect(res.response.status).toBe(201)
  expect(res.body.data).toMatchObject({ type: 'profile', id: keep })

  expect(await db.profile.findFirst({ where: { id: gone } })).toBeNull()
  const kept = await db.profile.findFirstOrThrow({ where: { id: keep } })
  expect(kept).toMatchObject({ email: 'keep@example.com', firstName: 'Kept', lastName: 'Lastname' })
  expect(JSON.parse(kept.properties)).toEqual({ tier: 'gold', shoe: 42 })
  expect(await db.event.count({ where: { companyId, profileId: keep, metricId: metric.id } })).toBe(1)
  expect((await profiles.getListIdsForProfile(keep)).body.data.map((l) => l.id)).toContain('LstMerge')
  expect(await db.profileConsent.findFirst({ where: { profileId: keep, channel: 'email_marketing' } })).toMatchObject({
    status: 'subscribed',
  })
  expect(await db.pushToken.findFirstOrThrow({ where: { id: 'PtGone' } })).toMatchObject({ profileId: keep })
  expect((await db.group.findUniqueOrThrow({ where: { id: 'LstMerge' } })).memberCount).toBe(1)
})

test("mergeProfiles refuses: another company's profile (404), two sources, itself, a wrong type (400 with pointers)", async () => {
  const a = await profile('a@example.com')
  const b = await profile('b@example.com')
  const foreign = await profile('foreign@example.com', {}, otherCompanyId)
  const body = (into: string, from: string[], type = 'profile-merge') => ({
    data: { type, id: into, relationships: { profiles: { data: from.map((id) => ({ type: 'profile', id })) } } },
  })

  const cross = await callPartB('POST', '/api/profile-merge', key, body(a, [foreign]))
  expect(cross.status).toBe(404)
  expect(await db.profile.count({ where: { id: foreign } })).toBe(1)
  await resetRateLimits()
  expect((await callPartB('POST', '/api/profile-merge', otherKey, body(foreign, [a]))).status).toBe(404)
  const two = await callPartB('POST', '/api/profile-merge', key, body(a, [b, foreign]))
  expect(two.status).toBe(400)
  expect(two.json.errors[0].source.pointer).toBe('/data/relationships/profiles/data')
  const self = await callPartB('POST', '/api/profile-merge', key, body(a, [a]))
  expect(self.status).toBe(400)
  expect(self.json.errors[0].source.pointer).toBe('/data/relationships/profiles/data/0/id')
  await resetRateLimits()
  const wrongType = await callPartB('POST', '/api/profile-merge', key, body(a, [b], 'profile'))
  expect(wrongType.status).toBe(400)
  expect(wrongType.json.errors[0].source.pointer).toBe('/data/type')
  expect(await db.profile.count({ where: { id: { in: [a, b] } } })).toBe(2)
})

test("bulk import jobs: the list, and a job's lists, profiles and import errors", async () => {
  await db.group.create({ data: { id: 'LstImport', companyId, name: 'Imported', type: LIST } })
  const job = await profiles.bulkImportProfiles({
    data: {
      type: ProfileBulkImportJobEnum.ProfileBulkImportJob,
      attributes: {
        profiles: {
          data: [
            { type: ProfileEnum.Profile, attributes: { email: 'imp1@example.com' } },
            { type: ProfileEnum.Profile, attributes: { email: 'imp2@example.com', phoneNumber: 'not a phone' } },
            { type: ProfileEnum.Profile, attributes: { externalId: 'ext-3' } },
          ],
        },
      },
      relationships: { lists: { data: [{ type: ListEnum.List, id: 'LstImport' }] } },
    },
  })
  const jobId = job.body.data.id
  await runJobsUntilIdle()

  const all = await profiles.getBulkImportProfilesJobs({ filter: 'equals(status,"complete")', sort: '-created_at' })
  expect(all.body.data.map((j) => j.id)).toContain(jobId)
  expect(
    (await profiles.getBulkImportProfilesJobs({ filter: 'equals(status,"queued")' })).body.data.map((j) => j.id),
  ).not.toContain(jobId)
  const one = await callPartB('GET', `/api/profile-bulk-import-jobs/${jobId}?include=lists`, key)
  expect(one.json.included.map((l: { id: string }) => l.id)).toEqual(['LstImport'])

  expect((await profiles.getListForBulkImportProfilesJob(jobId)).body.data.map((l) => l.id)).toEqual(['LstImport'])
  expect((await profiles.getListIdsForBulkImportProfilesJob(jobId)).body.data).toEqual([
    { type: 'list', id: 'LstImport' },
  ])
  const imported = await profiles.getProfilesForBulkImportProfilesJob(jobId)
  const rowsIn = await db.profile.findMany({
    where: { companyId, OR: [{ email: { in: ['imp1@example.com', 'imp2@example.com'] } }, { externalId: 'ext-3' }] },
  })
  expect(imported.body.data.map((p) => p.id).sort()).toEqual(rowsIn.map((p) => p.id).sort())
  // The row with a bad phone number was refused whole: two profiles, one a page.
  expect(imported.body.data).toHaveLength(2)
  const page = await profiles.getProfileIdsForBulkImportProfilesJob(jobId, { pageSize: 1 })
  expect(page.body.data).toHaveLength(1)
  const second = await profiles.getProfileIdsForBulkImportProfilesJob(jobId, {
    pageSize: 1,
    pageCursor: page.body.links!.next!,
  })
  expect([page.body.data[0]!.id, second.body.data[0]!.id].sort()).toEqual(imported.body.data.map((p) => p.id).sort())
  expect(second.body.links?.next).toBeNull()
  const errors = await profiles.getErrorsForBulkImportProfilesJob(jobId)
  expect(errors.body.data.length).toBeGreaterThan(0)
  expect(errors.body.data[0]).toMatchObject({
    type: 'import-error',
    attributes: {
      source: { pointer: expect.stringMatching(/^\/data\/attributes\/profiles\/data\/1/) },
      originalPayload: { email: 'imp2@example.com', phone_number: 'not a phone' },
    },
  })

  for (const path of ['lists', 'relationships/lists', 'profiles', 'relationships/profiles', 'import-errors']) {
    await resetRateLimits()
    expect((await callPartB('GET', `/api/profile-bulk-import-jobs/${jobId}/${path}`, otherKey)).status).toBe(404)
  }
  expect((await callPartB('GET', '/api/profile-bulk-import-jobs?filter=equals(status,"done")', key)).status).toBe(400)
  expect(
    (await callPartB('GET', `/api/profile-bulk-import-jobs/${jobId}/profiles?page[cursor]=garbage`, key)).status,
  ).toBe(400)
  const others = await otherProfiles.getBulkImportProfilesJobs()
  expect(others.body.data).toEqual([])
})

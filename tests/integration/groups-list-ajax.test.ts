/** @jest-environment node */
// /ajax/list/[id]/… (members, suppressed, settings, growth, imports, merge, export) and
// /ajax/people/… (subscribers, suppressed): valid input, 400 with field errors, and another
// company's list or profiles (404, nothing changed).
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
// The first calls compile the route modules; on a busy machine (and on PostgreSQL) that takes a while.
jest.setTimeout(30_000)
import { GET as membersGet, POST as membersPost, DELETE as membersDelete } from '@/app/ajax/list/[id]/members/route'
import { GET as suppressedGet } from '@/app/ajax/list/[id]/suppressed/route'
import { GET as settingsGet, POST as settingsPost } from '@/app/ajax/list/[id]/settings/route'
import { GET as growthGet } from '@/app/ajax/list/[id]/growth/route'
import { GET as importsGet, POST as importsPost } from '@/app/ajax/list/[id]/imports/route'
import { GET as importGet } from '@/app/ajax/list/[id]/imports/[importId]/route'
import { POST as mergePost } from '@/app/ajax/list/[id]/merge/route'
import { POST as exportPost } from '@/app/ajax/list/[id]/export/route'
import { GET as subscribersGet } from '@/app/ajax/people/subscribers/route'
import { GET as peopleSuppressedGet } from '@/app/ajax/people/suppressed/route'
import { db } from '@/lib/db/client'
import { createList } from '@/lib/groups/create-list'
import { createSegment } from '@/lib/groups/create-segment'
import { setSegmentClock } from '@/lib/segments/clock'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { ulid } from '@/lib/ids/make-id'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response>
let A: number, B: number, cookieA: string, cookieB: string, supportA: string
let listA: string, listB: string, profilesA: string[], profileB: string

async function call(
  h: Handler,
  path: string,
  o: { method?: string; body?: unknown; cookie?: string; p?: Record<string, string> } = {},
) {
  const res = await h(
    ajaxRequest(path, { method: o.method ?? 'GET', cookie: o.cookie ?? cookieA, body: o.body }),
    o.p ? params(o.p) : undefined,
  )
  return { status: res.status, json: await res.json() }
}
const id = (listId: string) => ({ id: listId })

beforeAll(async () => {
  A = (await makeCompany('A')).id
  B = (await makeCompany('B')).id
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  supportA = await signIn((await makeUser({ companyId: A, role: 'support' })).id, A)
  listA = (await createList(A, { name: 'Newsletter' })).id
  listB = (await createList(B, { name: 'Secret B' })).id
  profilesA = Array.from({ length: 5 }, () => ulid())
  await db.profile.createMany({
    data: profilesA.map((pid, i) => ({
      id: pid,
      companyId: A,
      email: `user${i}@a.test`,
      firstName: ['Ann', 'Bob', 'Cy', 'Dee', 'Eve'][i],
      lastName: 'Smith',
      phoneNumber: `+1555000000${i}`,
    })),
  })
  profileB = ulid()
  await db.profile.create({ data: { id: profileB, companyId: B, email: 'b@b.test' } })
})
afterEach(() => setSegmentClock(null))

describe('members', () => {
  test('POST adds by id and by email (creating unknown emails), GET pages and searches, DELETE removes', async () => {
    const add = await call(membersPost, '/ajax/list/x/members', {
      method: 'POST',
      p: id(listA),
      body: { profile_ids: profilesA.slice(0, 3) },
    })
    expect(add).toEqual({ status: 200, json: { added: 3 } })
    const byEmail = await call(membersPost, '/ajax/list/x/members', {
      method: 'POST',
      p: id(listA),
      body: { emails: ['USER3@a.test', 'new@a.test'] },
    })
    expect(byEmail.json).toEqual({ added: 2 })
    expect(await db.profile.count({ where: { companyId: A, email: 'new@a.test' } })).toBe(1)

    const page1 = await call(membersGet, '/ajax/list/x/members?page_size=2', { p: id(listA) })
    expect(page1.status).toBe(200)
    expect(page1.json.total).toBe(5)
    expect(page1.json.data).toHaveLength(2)
    expect(page1.json.nextCursor).toBe('2')
    expect(page1.json.data[0]).toEqual(
      expect.objectContaining({
        profileId: expect.any(String),
        email: expect.any(String),
        source: 'manual',
        enteredAt: expect.any(String),
      }),
    )
    const page3 = await call(membersGet, '/ajax/list/x/members?page_size=2&cursor=4', { p: id(listA) })
    expect(page3.json).toMatchObject({ nextCursor: null, data: [expect.anything()] })

    expect(
      (await call(membersGet, '/ajax/list/x/members?search=bob', { p: id(listA) })).json.data.map(
        (m: { email: string }) => m.email,
      ),
    ).toEqual(['user1@a.test'])
    expect((await call(membersGet, '/ajax/list/x/members?search=ann%20smith', { p: id(listA) })).json.total).toBe(1)
    expect((await call(membersGet, '/ajax/list/x/members?search=5550000002', { p: id(listA) })).json.total).toBe(1)
    expect((await call(membersGet, '/ajax/list/x/members?search=%25', { p: id(listA) })).json.total).toBe(0)

    const del = await call(membersDelete, '/ajax/list/x/members', {
      method: 'DELETE',
      p: id(listA),
      body: { emails: ['new@a.test'] },
    })
    expect(del.json).toEqual({ removed: 1 })
    expect((await db.group.findUniqueOrThrow({ where: { id: listA } })).memberCount).toBe(4)
  })

  test('400s: neither or both inputs, bad emails, unknown or foreign profile ids, unknown emails on delete', async () => {
    const bad = (body: unknown, method = 'POST') =>
      call(method === 'POST' ? membersPost : membersDelete, '/ajax/list/x/members', { method, p: id(listA), body })
    expect((await bad({})).status).toBe(400)
    expect((await bad({ profileIds: [profilesA[0]], emails: ['a@a.test'] })).status).toBe(400)
    expect((await bad({ emails: ['not-an-email'] })).json.fieldErrors).toHaveProperty(['emails.0'])
    const foreign = await bad({ profileIds: [profilesA[4], profileB] })
    expect(foreign.status).toBe(400)
    expect(foreign.json.fieldErrors).toHaveProperty(['profileIds'])
    expect((await bad({ emails: ['nobody@a.test'] }, 'DELETE')).json.fieldErrors).toHaveProperty(['emails'])
    expect(await db.profile.count({ where: { email: 'nobody@a.test' } })).toBe(0)
    expect((await call(membersGet, '/ajax/list/x/members?page_size=0', { p: id(listA) })).status).toBe(400)
  })

  test("another company's list: 404 on read, add and remove, and no profile is created", async () => {
    expect((await call(membersGet, '/ajax/list/x/members', { p: id(listB) })).status).toBe(404)
    expect(
      (
        await call(membersPost, '/ajax/list/x/members', {
          method: 'POST',
          p: id(listB),
          body: { emails: ['sneaky@a.test'] },
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await call(membersDelete, '/ajax/list/x/members', {
          method: 'DELETE',
          p: id(listB),
          body: { profileIds: [profileB] },
        })
      ).status,
    ).toBe(404)
    expect(await db.profile.count({ where: { email: 'sneaky@a.test' } })).toBe(0)
    expect(await db.groupMembership.count({ where: { groupId: listB } })).toBe(0)
  })

  test("a segment's members can be read but not edited; support may read but not write", async () => {
    const seg = await createSegment(A, {
      name: 'Smiths',
      definition: {
        version: 1,
        root: {
          type: 'and',
          conditions: [
            { kind: 'profile_property', field: 'last_name', valueType: 'text', operator: 'equals', value: 'smith' },
          ],
        },
      },
    })
    await runJobsUntilIdle()
    expect((await call(membersGet, '/ajax/list/x/members', { p: id(seg.id) })).json.total).toBe(5)
    expect(
      (
        await call(membersPost, '/ajax/list/x/members', {
          method: 'POST',
          p: id(seg.id),
          body: { profileIds: [profilesA[0]] },
        })
      ).status,
    ).toBe(404)
    expect((await call(membersGet, '/ajax/list/x/members', { p: id(listA), cookie: supportA })).status).toBe(200)
    expect(
      (
        await call(membersPost, '/ajax/list/x/members', {
          method: 'POST',
          p: id(listA),
          cookie: supportA,
          body: { profileIds: [profilesA[0]] },
        })
      ).status,
    ).toBe(403)
  })
})

test('suppressed members of a list, and /ajax/people/suppressed with its reason filter', async () => {
  await db.suppression.create({ data: { companyId: A, profileId: profilesA[0]!, channel: 'email', reason: 'bounced' } })
  await db.suppression.create({
    data: { companyId: A, profileId: profilesA[1]!, channel: 'email', reason: 'unsubscribed', clearedAt: new Date() },
  })
  await db.suppression.create({ data: { companyId: A, profileId: profilesA[2]!, channel: 'sms', reason: 'manual' } })
  await db.suppression.create({ data: { companyId: B, profileId: profileB, channel: 'email', reason: 'bounced' } })
  const s = await call(suppressedGet, '/ajax/list/x/suppressed', { p: id(listA) })
  expect(s.json).toMatchObject({
    total: 1,
    data: [{ profileId: profilesA[0], reason: 'bounced', email: 'user0@a.test' }],
  })
  expect((await call(suppressedGet, '/ajax/list/x/suppressed', { p: id(listB) })).status).toBe(404)
  expect((await call(suppressedGet, '/ajax/list/x/suppressed?cursor=-1', { p: id(listA) })).status).toBe(400)

  const people = await call(peopleSuppressedGet, '/ajax/people/suppressed')
  expect(people.json.total).toBe(2)
  expect(people.json.data.map((r: { profileId: string }) => r.profileId).sort()).toEqual(
    [profilesA[0], profilesA[2]].sort(),
  )
  expect((await call(peopleSuppressedGet, '/ajax/people/suppressed?reason=manual')).json.data).toEqual([
    expect.objectContaining({ profileId: profilesA[2], channel: 'sms' }),
  ])
  expect((await call(peopleSuppressedGet, '/ajax/people/suppressed?channel=email&page_size=1')).json).toMatchObject({
    total: 1,
    nextCursor: null,
  })
  expect((await call(peopleSuppressedGet, '/ajax/people/suppressed?reason=lost')).json.fieldErrors).toHaveProperty([
    'reason',
  ])
  expect((await call(peopleSuppressedGet, '/ajax/people/suppressed', { cookie: cookieB })).json.data).toEqual([
    expect.objectContaining({ profileId: profileB }),
  ])
})

test('/ajax/people/subscribers: profiles that can receive email marketing, with search and paging', async () => {
  await db.profileConsent.create({
    data: {
      companyId: A,
      profileId: profilesA[3]!,
      channel: 'email_marketing',
      status: 'subscribed',
      consentedAt: new Date(),
    },
  })
  const r = await call(subscribersGet, '/ajax/people/subscribers?page_size=100')
  const ids = r.json.data.map((x: { profileId: string }) => x.profileId)
  expect(ids).not.toContain(profilesA[0]) // suppressed (bounced)
  expect(ids).toContain(profilesA[1]) // its suppression was cleared
  expect(ids).not.toContain(profileB)
  expect(r.json.data.find((x: { profileId: string }) => x.profileId === profilesA[3])).toMatchObject({
    consent: 'subscribed',
    consentedAt: expect.any(String),
  })
  expect(
    (await call(subscribersGet, '/ajax/people/subscribers?search=eve')).json.data.map(
      (x: { email: string }) => x.email,
    ),
  ).toEqual(['user4@a.test'])
  expect((await call(subscribersGet, '/ajax/people/subscribers?page_size=abc')).status).toBe(400)
  const asB = await call(subscribersGet, '/ajax/people/subscribers', { cookie: cookieB })
  expect(asB.json.total).toBe(0) // B's only profile is suppressed
})

test('settings: read and save name and opt-in process; 400 and 404', async () => {
  expect((await call(settingsGet, '/ajax/list/x/settings', { p: id(listA) })).json.settings).toEqual({
    id: listA,
    name: 'Newsletter',
    optInProcess: 'single_opt_in',
  })
  const saved = await call(settingsPost, '/ajax/list/x/settings', {
    method: 'POST',
    p: id(listA),
    body: { opt_in_process: 'double_opt_in', name: 'Weekly' },
  })
  expect(saved.json.settings).toEqual({ id: listA, name: 'Weekly', optInProcess: 'double_opt_in' })
  expect(
    (
      await call(settingsPost, '/ajax/list/x/settings', {
        method: 'POST',
        p: id(listA),
        body: { optInProcess: 'maybe' },
      })
    ).json.fieldErrors,
  ).toHaveProperty(['optInProcess'])
  expect((await call(settingsGet, '/ajax/list/x/settings', { p: id(listB) })).status).toBe(404)
  expect(
    (await call(settingsPost, '/ajax/list/x/settings', { method: 'POST', p: id(listB), body: { name: 'Pwned' } }))
      .status,
  ).toBe(404)
  expect((await db.group.findUniqueOrThrow({ where: { id: listB } })).name).toBe('Secret B')
})

test('growth: joined and left per day with running totals', async () => {
  const list = (await createList(A, { name: 'Growth' })).id
  const day = 86400_000
  const t0 = Date.parse('2026-03-10T12:00:00Z')
  setSegmentClock(() => t0 - 2 * day)
  await call(membersPost, '/ajax/list/x/members', {
    method: 'POST',
    p: id(list),
    body: { profileIds: profilesA.slice(0, 3) },
  })
  setSegmentClock(() => t0 - day)
  await call(membersDelete, '/ajax/list/x/members', {
    method: 'DELETE',
    p: id(list),
    body: { profileIds: [profilesA[0]] },
  })
  await call(membersPost, '/ajax/list/x/members', { method: 'POST', p: id(list), body: { profileIds: [profilesA[3]] } })
  setSegmentClock(() => t0)
  const r = await call(growthGet, '/ajax/list/x/growth?days=4', { p: id(list) })
  expect(r.status).toBe(200)
  expect(r.json.days).toEqual([
    { date: '2026-03-07', joined: 0, left: 0, net: 0, total: 0 },
    { date: '2026-03-08', joined: 3, left: 0, net: 3, total: 3 },
    { date: '2026-03-09', joined: 1, left: 1, net: 0, total: 3 },
    { date: '2026-03-10', joined: 0, left: 0, net: 0, total: 3 },
  ])
  expect(r.json).toMatchObject({ joined: 4, left: 1, timezone: 'UTC' })
  expect((await call(growthGet, '/ajax/list/x/growth?days=0', { p: id(list) })).status).toBe(400)
  expect((await call(growthGet, '/ajax/list/x/growth', { p: id(listB) })).status).toBe(404)
})

describe('imports', () => {
  test('a CSV import runs with per-row errors; history and progress are per list and per company', async () => {
    const csv =
      'Email Address,First Name,favourite_colour\nok1@a.test,Ok,blue\nnot-an-email,Bad,red\nok2@a.test,Ok2,green\n'
    const r = await call(importsPost, '/ajax/list/x/imports', {
      method: 'POST',
      p: id(listA),
      body: {
        csv,
        mapping: {
          'Email Address': 'email',
          'First Name': 'first_name',
          favourite_colour: 'properties.favourite_colour',
        },
      },
    })
    expect(r.status).toBe(202)
    expect(r.json.import).toMatchObject({ status: 'queued', totalCount: 3 })
    await runJobsUntilIdle()
    const one = await call(importGet, '/ajax/list/x/imports/y', { p: { id: listA, importId: r.json.import.id } })
    expect(one.json.import).toMatchObject({
      status: 'complete',
      completedCount: 2,
      failedCount: 1,
      percentComplete: 100,
    })
    expect(one.json.import.errors).toEqual([expect.objectContaining({ line: 3 })])
    const member = await db.profile.findFirstOrThrow({ where: { companyId: A, email: 'ok1@a.test' } })
    expect(JSON.parse(member.properties)).toEqual({ favourite_colour: 'blue' })
    expect(await db.groupMembership.count({ where: { groupId: listA, profileId: member.id, leftAt: null } })).toBe(1)
    const history = await call(importsGet, '/ajax/list/x/imports', { p: id(listA) })
    expect(history.json.data.map((i: { id: string }) => i.id)).toEqual([r.json.import.id])

    expect(
      (await call(importGet, '/ajax/list/x/imports/y', { p: { id: listB, importId: r.json.import.id } })).status,
    ).toBe(404)
    expect(
      (
        await call(importGet, '/ajax/list/x/imports/y', {
          p: { id: listA, importId: r.json.import.id },
          cookie: cookieB,
        })
      ).status,
    ).toBe(404)
    expect((await call(importsGet, '/ajax/list/x/imports', { p: id(listA), cookie: cookieB })).status).toBe(404)
  })

  test("400 for a missing csv, a mapping to an unknown field or column; 404 for another company's list", async () => {
    const post = (body: unknown, listId = listA) =>
      call(importsPost, '/ajax/list/x/imports', { method: 'POST', p: id(listId), body })
    expect((await post({ mapping: { e: 'email' } })).json.fieldErrors).toHaveProperty(['csv'])
    expect((await post({ csv: 'e\nx@a.test\n', mapping: {} })).json.fieldErrors).toHaveProperty(['mapping'])
    expect((await post({ csv: 'e\nx@a.test\n', mapping: { e: 'shoe_size' } })).json.fieldErrors).toHaveProperty([
      'mapping.e',
    ])
    expect((await post({ csv: 'e\nx@a.test\n', mapping: { f: 'email' } })).status).toBe(400)
    expect((await post({ csv: 'e\nx@a.test\n', mapping: { e: 'email' } }, listB)).status).toBe(404)
    expect(await db.importJob.count({ where: { companyId: A, status: 'queued' } })).toBe(0)
  })
})

test("merge: another list's members join this one; validation and tenancy", async () => {
  const src = (await createList(A, { name: 'Source' })).id
  const dst = (await createList(A, { name: 'Target' })).id
  await call(membersPost, '/ajax/list/x/members', {
    method: 'POST',
    p: id(src),
    body: { profileIds: profilesA.slice(0, 3) },
  })
  await call(membersPost, '/ajax/list/x/members', { method: 'POST', p: id(dst), body: { profileIds: [profilesA[0]] } })
  const r = await call(mergePost, '/ajax/list/x/merge', { method: 'POST', p: id(dst), body: { source_list_id: src } })
  expect(r.status).toBe(200)
  expect(r.json.task).toMatchObject({ status: 'complete', addedCount: 2, sourceListId: src, targetListId: dst })
  expect((await db.group.findUniqueOrThrow({ where: { id: dst } })).memberCount).toBe(3)
  expect((await db.group.findUniqueOrThrow({ where: { id: src } })).memberCount).toBe(3)
  expect(
    (await call(mergePost, '/ajax/list/x/merge', { method: 'POST', p: id(dst), body: {} })).json.fieldErrors,
  ).toHaveProperty(['sourceListId'])
  expect(
    (await call(mergePost, '/ajax/list/x/merge', { method: 'POST', p: id(dst), body: { sourceListId: dst } })).status,
  ).toBe(400)
  expect(
    (await call(mergePost, '/ajax/list/x/merge', { method: 'POST', p: id(dst), body: { sourceListId: listB } })).json
      .fieldErrors,
  ).toHaveProperty(['sourceListId'])
  expect(
    (await call(mergePost, '/ajax/list/x/merge', { method: 'POST', p: id(listB), body: { sourceListId: src } })).status,
  ).toBe(404)
  expect(await db.groupMembership.count({ where: { groupId: listB } })).toBe(0)
})

test("export: the members as a CSV download; another company's list is 404", async () => {
  const list = (await createList(A, { name: 'VIP Customers!' })).id
  await call(membersPost, '/ajax/list/x/members', {
    method: 'POST',
    p: id(list),
    body: { profileIds: profilesA.slice(1, 3) },
  })
  const r = await call(exportPost, '/ajax/list/x/export', { method: 'POST', p: id(list) })
  expect(r.status).toBe(202)
  expect(r.json.download).toMatchObject({
    status: 'complete',
    rowCount: 2,
    fileName: expect.stringMatching(/^vip-customers-members-\d{4}-\d{2}-\d{2}\.csv$/),
  })
  const d = await db.download.findUniqueOrThrow({ where: { id: r.json.download.downloadId } })
  expect(d).toMatchObject({ companyId: A, type: 'list_members', status: 'complete' })
  const lines = d.content!.trim().split(/\r?\n/)
  expect(lines[0]).toBe(
    'id,email,phone_number,external_id,first_name,last_name,organization,city,region,country,zip,joined_at,source',
  )
  expect(
    lines
      .slice(1)
      .map((l) => l.split(',')[1])
      .sort(),
  ).toEqual(['user1@a.test', 'user2@a.test'])
  expect((await call(exportPost, '/ajax/list/x/export', { method: 'POST', p: id(listB) })).status).toBe(404)
  expect(
    (await call(exportPost, '/ajax/list/x/export', { method: 'POST', p: id(list), cookie: supportA })).status,
  ).toBe(403)
  expect(await db.download.count({ where: { companyId: B } })).toBe(0)
})

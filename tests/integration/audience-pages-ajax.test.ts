/** @jest-environment node */
// The /ajax endpoints of the remaining lists and people pages (issue 27 §4): valid input,
// 400 with field errors, and another company's rows (404, nothing read or changed).
import { testEngine, useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)
import { GET as runsGet } from '@/app/ajax/list/[id]/recompute-runs/route'
import { GET as inactiveGet } from '@/app/ajax/lists/inactive/route'
import { POST as clonePost } from '@/app/ajax/list/[id]/clone/route'
import { GET as identityGet } from '@/app/ajax/people/identity/route'
import { POST as exportPost } from '@/app/ajax/list/[id]/export/route'
import { buildListExport } from '@/lib/groups/export-list-members'
import { POST as suppressImportPost } from '@/app/ajax/people/suppressed/import/route'
import { POST as profileCampaignPost } from '@/app/ajax/profile/[id]/campaign/route'
import { mergeProfiles } from '@/lib/profiles/merge-profiles'
import { ulid } from '@/lib/ids/make-id'
import { db } from '@/lib/db/client'
import { createList } from '@/lib/groups/create-list'
import { createSegment } from '@/lib/groups/create-segment'
import { scheduleRecompute } from '@/lib/segments/schedule-recompute'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response>
let A: number, B: number, cookieA: string, cookieB: string
let listA: string, segA: string, segB: string

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

const DEF = {
  version: 1 as const,
  root: {
    type: 'and' as const,
    conditions: [
      {
        kind: 'profile_property' as const,
        field: 'city',
        valueType: 'text' as const,
        operator: 'equals' as const,
        value: 'Paris',
      },
    ],
  },
}

beforeAll(async () => {
  A = (await makeCompany('A')).id
  B = (await makeCompany('B')).id
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  listA = (await createList(A, { name: 'Newsletter' })).id
  segA = (await createSegment(A, { name: 'Paris', definition: DEF })).id
  segB = (await createSegment(B, { name: 'Secret', definition: DEF })).id
})

describe('GET /ajax/list/[id]/recompute-runs', () => {
  // On PostgreSQL the queue is graphile-worker's, outside the Job table: the runs list is not
  // read there yet (lib/groups/list-recompute-runs.ts), only the status.
  const sqliteOnly = testEngine() === 'sqlite' ? test : test.skip
  sqliteOnly('a segment shows its recompute jobs, newest first, and only its own', async () => {
    await scheduleRecompute(A, segA)
    await scheduleRecompute(B, segB)
    const r = await call(runsGet, '/ajax/list/x/recompute-runs', { p: { id: segA } })
    expect(r.status).toBe(200)
    expect(r.json.isProcessing).toBe(true)
    const jobs = await db.job.findMany({ where: { type: 'segments.recompute', companyId: A } })
    expect(r.json.runs.map((x: { id: number }) => x.id).sort()).toEqual(jobs.map((j) => j.id).sort())
    expect(r.json.runs.length).toBeGreaterThan(0)
  })

  test('a list is not a segment, and another company’s segment is not found', async () => {
    expect((await call(runsGet, '/ajax/list/x/recompute-runs', { p: { id: listA } })).status).toBe(404)
    expect((await call(runsGet, '/ajax/list/x/recompute-runs', { p: { id: segB } })).status).toBe(404)
    expect((await call(runsGet, '/ajax/list/x/recompute-runs', { p: { id: segA }, cookie: cookieB })).status).toBe(404)
  })
})

describe('GET /ajax/lists/inactive', () => {
  test('old lists with no joins and no campaign in the window; joined, sent-to and new ones are left out', async () => {
    const old = new Date(Date.now() - 200 * 86_400_000)
    const quiet = (await createList(A, { name: 'Quiet' })).id
    const joined = (await createList(A, { name: 'Joined' })).id
    const sentTo = (await createList(A, { name: 'Sent to' })).id
    const fresh = (await createList(A, { name: 'Fresh' })).id
    const otherCo = (await createList(B, { name: 'B quiet' })).id
    await db.group.updateMany({ where: { id: { in: [quiet, joined, sentTo, otherCo] } }, data: { createdAt: old } })
    const pid = ulid()
    await db.profile.create({ data: { id: pid, companyId: A, email: 'j@a.test' } })
    await db.groupMembership.createMany({
      data: [
        { companyId: A, groupId: joined, profileId: pid, enteredAt: new Date() },
        { companyId: A, groupId: quiet, profileId: pid, enteredAt: old },
      ],
    })
    await db.campaign.create({
      data: {
        id: ulid(),
        companyId: A,
        name: 'Sale',
        channel: 'email',
        status: 'Sent',
        sentAt: new Date(),
        audiences: JSON.stringify({ included: [sentTo], excluded: [] }),
      },
    })
    const r = await call(inactiveGet, '/ajax/lists/inactive')
    expect(r.status).toBe(200)
    const ids = r.json.data.map((g: { id: string }) => g.id)
    expect(ids).toContain(quiet)
    for (const id of [joined, sentTo, fresh, otherCo]) expect(ids).not.toContain(id)
    expect(r.json.data.find((g: { id: string }) => g.id === quiet).lastJoinedAt).toBe(old.toISOString())
    // Company B sees only its own quiet list.
    const b = await call(inactiveGet, '/ajax/lists/inactive', { cookie: cookieB })
    expect(b.json.data.map((g: { id: string }) => g.id)).toEqual([otherCo])
  })

  test('a window outside 7–365 days is a 400 with the field named', async () => {
    const r = await call(inactiveGet, '/ajax/lists/inactive?days=2')
    expect(r.status).toBe(400)
    expect(JSON.stringify(r.json)).toContain('days')
    expect((await call(inactiveGet, '/ajax/lists/inactive?days=abc')).status).toBe(400)
  })
})

describe('POST /ajax/list/[id]/clone', () => {
  async function listWithMembers(n: number) {
    const list = (await createList(A, { name: 'Source', optInProcess: 'double_opt_in', tags: ['vip'] })).id
    const ids = Array.from({ length: n }, () => ulid())
    await db.profile.createMany({ data: ids.map((id, i) => ({ id, companyId: A, email: `c${i}-${id}@a.test` })) })
    await db.groupMembership.createMany({ data: ids.map((profileId) => ({ companyId: A, groupId: list, profileId })) })
    return list
  }

  test('a list is cloned with its settings and without members unless asked', async () => {
    const src = await listWithMembers(3)
    const bare = await call(clonePost, '/ajax/list/x/clone', { method: 'POST', p: { id: src }, body: { name: 'Copy' } })
    expect(bare.status).toBe(201)
    expect(bare.json.group).toMatchObject({ name: 'Copy', type: 0, optInProcess: 'double_opt_in', tags: ['vip'] })
    expect(await db.groupMembership.count({ where: { groupId: bare.json.group.id } })).toBe(0)
    const full = await call(clonePost, '/ajax/list/x/clone', {
      method: 'POST',
      p: { id: src },
      body: { name: 'Copy 2', copy_members: true },
    })
    expect(full.status).toBe(201)
    expect(full.json.copiedMembers).toBe(3)
    expect(await db.groupMembership.count({ where: { groupId: full.json.group.id, leftAt: null } })).toBe(3)
  })

  test("a segment's conditions are copied", async () => {
    const r = await call(clonePost, '/ajax/list/x/clone', {
      method: 'POST',
      p: { id: segA },
      body: { name: 'Paris 2' },
    })
    expect(r.status).toBe(201)
    expect(r.json.group.type).toBe(1)
    const row = await db.group.findUnique({ where: { id: r.json.group.id } })
    const src = await db.group.findUnique({ where: { id: segA } })
    expect(JSON.parse(row!.definition!)).toEqual(JSON.parse(src!.definition!))
  })

  test('a blank name is a 400 naming the field; another company cannot clone (404, nothing made)', async () => {
    const bad = await call(clonePost, '/ajax/list/x/clone', { method: 'POST', p: { id: listA }, body: { name: ' ' } })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.json)).toContain('name')
    const before = await db.group.count({ where: { companyId: B } })
    const other = await call(clonePost, '/ajax/list/x/clone', {
      method: 'POST',
      p: { id: listA },
      body: { name: 'Stolen' },
      cookie: cookieB,
    })
    expect(other.status).toBe(404)
    expect(await db.group.count({ where: { companyId: B } })).toBe(before)
  })
})

describe('GET /ajax/people/identity', () => {
  test('finds a profile by each identifier and shows the profile merged into it', async () => {
    const kept = ulid()
    const anon = ulid()
    await db.profile.createMany({
      data: [
        { id: kept, companyId: A, email: 'ida@a.test', phoneNumber: '+15559990001', externalId: 'ext-ida' },
        { id: anon, companyId: A, anonymousId: 'anon-123' },
      ],
    })
    await mergeProfiles(A, anon, kept)
    for (const [identifier, kind, on] of [
      ['IDA@a.test', 'any', 'email'],
      ['+15559990001', 'phone_number', 'phone_number'],
      ['ext-ida', 'any', 'external_id'],
      [kept, 'id', 'id'],
    ] as const) {
      const r = await call(
        identityGet,
        `/ajax/people/identity?identifier=${encodeURIComponent(identifier)}&kind=${kind}`,
      )
      expect(r.status).toBe(200)
      expect(r.json.data).toHaveLength(1)
      expect(r.json.data[0].id).toBe(kept)
      expect(r.json.data[0].matchedOn).toContain(on)
      expect(r.json.data[0].merges.map((m: { mergedProfileId: string }) => m.mergedProfileId)).toEqual([anon])
    }
    // Looking only in email does not match the external id.
    const narrow = await call(identityGet, '/ajax/people/identity?identifier=ext-ida&kind=email')
    expect(narrow.json.data).toEqual([])
  })

  test('bad input is a 400 naming the field; another company sees nothing', async () => {
    const blank = await call(identityGet, '/ajax/people/identity?identifier=%20')
    expect(blank.status).toBe(400)
    expect(JSON.stringify(blank.json)).toContain('identifier')
    expect((await call(identityGet, '/ajax/people/identity?identifier=x&kind=ssn')).status).toBe(400)
    const other = await call(identityGet, '/ajax/people/identity?identifier=ida%40a.test', { cookie: cookieB })
    expect(other).toEqual({ status: 200, json: { data: [] } })
  })
})

describe('POST /ajax/list/[id]/export with chosen properties', () => {
  test('the file has the chosen columns in their usual order; no choice keeps every column', async () => {
    const list = (await createList(A, { name: 'Export me' })).id
    const pid = ulid()
    await db.profile.create({ data: { id: pid, companyId: A, email: 'x@a.test', firstName: 'Xena', city: 'Oslo' } })
    await db.groupMembership.create({ data: { companyId: A, groupId: list, profileId: pid } })
    const r = await call(exportPost, '/ajax/list/x/export', {
      method: 'POST',
      p: { id: list },
      body: { columns: ['city', 'email'] },
    })
    expect(r.status).toBe(202)
    const d = await db.download.findUnique({ where: { id: r.json.download.downloadId } })
    expect(d!.content!.trim().split(/\r?\n/)).toEqual(['email,city', 'x@a.test,Oslo'])
    // The background path (large lists) honours the same choice.
    await buildListExport(A, d!.id, list, ['first_name'])
    const again = await db.download.findUnique({ where: { id: d!.id } })
    expect(again!.content!.trim().split(/\r?\n/)).toEqual(['first_name', 'Xena'])
    const all = await call(exportPost, '/ajax/list/x/export', { method: 'POST', p: { id: list } })
    const full = await db.download.findUnique({ where: { id: all.json.download.downloadId } })
    expect(full!.content!.split(/\r?\n/)[0]).toBe(
      'id,email,phone_number,external_id,first_name,last_name,organization,city,region,country,zip,joined_at,source',
    )
  })

  test('an unknown or empty column choice is a 400 naming columns; another company is a 404', async () => {
    for (const columns of [['password'], []]) {
      const r = await call(exportPost, '/ajax/list/x/export', { method: 'POST', p: { id: listA }, body: { columns } })
      expect(r.status).toBe(400)
      expect(JSON.stringify(r.json)).toContain('columns')
    }
    const other = await call(exportPost, '/ajax/list/x/export', {
      method: 'POST',
      p: { id: listA },
      body: { columns: ['email'] },
      cookie: cookieB,
    })
    expect(other.status).toBe(404)
  })
})

describe('POST /ajax/people/suppressed/import', () => {
  test('suppresses known and new addresses once, counts the already suppressed, refuses bad rows by line', async () => {
    const known = ulid()
    await db.profile.create({ data: { id: known, companyId: A, email: 'known@sup.test' } })
    const csv = 'First name,Email\nKim,KNOWN@sup.test\nNew,new@sup.test\nBad,not-an-email\n'
    const r = await call(suppressImportPost, '/ajax/people/suppressed/import', { method: 'POST', body: { csv } })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({ suppressed: 2, alreadySuppressed: 0, createdProfiles: 1, refusedCount: 1 })
    expect(r.json.refused).toEqual([{ line: 4, message: 'Not an email address.' }])
    const rows = await db.suppression.findMany({ where: { companyId: A, channel: 'email', reason: 'manual' } })
    expect(rows.map((x) => x.profileId)).toContain(known)
    const again = await call(suppressImportPost, '/ajax/people/suppressed/import', { method: 'POST', body: { csv } })
    expect(again.json).toMatchObject({ suppressed: 0, alreadySuppressed: 2, createdProfiles: 0 })
    // Company B's profile with the same address is untouched.
    expect(await db.suppression.count({ where: { companyId: B } })).toBe(0)
  })

  test('no Email column or an empty file is a 400 naming csv; a read-only role is refused', async () => {
    for (const csv of ['Name\nKim\n', '']) {
      const r = await call(suppressImportPost, '/ajax/people/suppressed/import', { method: 'POST', body: { csv } })
      expect(r.status).toBe(400)
      expect(JSON.stringify(r.json)).toContain('csv')
    }
    const support = await signIn((await makeUser({ companyId: A, role: 'support' })).id, A)
    const denied = await call(suppressImportPost, '/ajax/people/suppressed/import', {
      method: 'POST',
      body: { csv: 'Email\nz@sup.test\n' },
      cookie: support,
    })
    expect(denied.status).toBe(403)
  })
})

describe('POST /ajax/profile/[id]/campaign', () => {
  test('a Draft campaign whose only audience is a new list holding this one profile', async () => {
    const pid = ulid()
    await db.profile.create({ data: { id: pid, companyId: A, email: 'one@a.test' } })
    const r = await call(profileCampaignPost, '/ajax/profile/x/campaign', {
      method: 'POST',
      p: { id: pid },
      body: { name: 'Just for you', channel: 'email' },
    })
    expect(r.status).toBe(201)
    const c = await db.campaign.findFirst({ where: { id: r.json.campaignId, companyId: A } })
    expect(c).toMatchObject({ name: 'Just for you', channel: 'email', status: 'Draft' })
    expect(JSON.parse(c!.audiences).included).toEqual([r.json.listId])
    const members = await db.groupMembership.findMany({ where: { groupId: r.json.listId, leftAt: null } })
    expect(members.map((m) => m.profileId)).toEqual([pid])
  })

  test('no phone for SMS or a blank name is a 400 naming the field; another company’s profile is a 404', async () => {
    const pid = ulid()
    await db.profile.create({ data: { id: pid, companyId: A, email: 'nophone@a.test' } })
    const sms = await call(profileCampaignPost, '/ajax/profile/x/campaign', {
      method: 'POST',
      p: { id: pid },
      body: { name: 'Text', channel: 'sms' },
    })
    expect(sms.status).toBe(400)
    expect(JSON.stringify(sms.json)).toContain('channel')
    const blank = await call(profileCampaignPost, '/ajax/profile/x/campaign', {
      method: 'POST',
      p: { id: pid },
      body: { name: '  ', channel: 'email' },
    })
    expect(blank.status).toBe(400)
    expect(JSON.stringify(blank.json)).toContain('name')
    const before = await db.campaign.count({ where: { companyId: B } })
    const other = await call(profileCampaignPost, '/ajax/profile/x/campaign', {
      method: 'POST',
      p: { id: pid },
      body: { name: 'Mine', channel: 'email' },
      cookie: cookieB,
    })
    expect(other.status).toBe(404)
    expect(await db.campaign.count({ where: { companyId: B } })).toBe(before)
  })
})

/** @jest-environment node */
// Cross-account clone of templates, campaigns and lists/segments (issue 27 §1, seed 001 §2.5,
// §2.7, §2.17): the accounts offered are those where the user's role can write the kind; the
// lists, segments, metrics and coupons are mapped by name with manual override, an unresolved
// one is a 400 naming it; the job makes a draft in the target; no profile or member is copied;
// the request id makes a retried start one copy; other accounts see nothing.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { LIST, SEGMENT } from '@/lib/groups/group-view'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { POST as startPost } from '@/app/ajax/cross-account-clone/[kind]/[id]/route'
import { GET as accountsGet } from '@/app/ajax/cross-account-clone/[kind]/[id]/accounts/route'
import { GET as refsGet } from '@/app/ajax/cross-account-clone/[kind]/[id]/references/route'
import { GET as jobGet } from '@/app/ajax/cross-account-clone/jobs/[jobId]/route'
import { makeCompany, makeUser, signIn } from '../helpers/factory'
import { call } from './flows-ajax-list-helpers'

let A: number, B: number, C: number, D: number, cookie: string, strangerInA: string, ownerD: string
let req = 0
const rid = () => `req-${Date.now()}-${req++}`

const TEMPLATE_HTML = `<p>Hi</p><p>{% coupon_code 'SUMMER' %}</p><p>{% coupon_code "WELCOME" %}</p>`

beforeAll(async () => {
  A = (await makeCompany('Source A')).id
  B = (await makeCompany('Target B')).id
  C = (await makeCompany('Read-only C')).id
  D = (await makeCompany('Stranger D')).id
  const u = await makeUser({ companyId: A })
  await db.membership.create({ data: { userId: u.id, companyId: B, role: 'manager' } })
  await db.membership.create({ data: { userId: u.id, companyId: C, role: 'analyst' } })
  cookie = await signIn(u.id, A)
  strangerInA = await signIn((await makeUser({ companyId: A, role: 'manager' })).id, A)
  ownerD = await signIn((await makeUser({ companyId: D })).id, D)

  // Source A: lists, a segment over a metric and a list, coupons, profiles in the list.
  await db.metric.create({ data: { id: 'MetA1', companyId: A, name: 'Placed Order' } })
  await db.metric.create({ data: { id: 'MetA2', companyId: A, name: 'Viewed Product' } })
  await db.group.create({ data: { id: 'LstA1', companyId: A, name: 'Newsletter', type: LIST } })
  await db.group.create({ data: { id: 'LstA2', companyId: A, name: 'VIP', type: LIST, optInProcess: 'double_opt_in' } })
  await db.group.create({
    data: {
      id: 'SegA1',
      companyId: A,
      name: 'Buyers',
      type: SEGMENT,
      definition: JSON.stringify({
        version: 1,
        root: {
          type: 'and',
          conditions: [
            { kind: 'metric', metricId: 'MetA1', comparison: 'at_least', count: 1, timeframe: { type: 'all_time' } },
            {
              type: 'or',
              conditions: [
                {
                  kind: 'metric',
                  metricId: 'MetA2',
                  comparison: 'at_least',
                  count: 2,
                  timeframe: { type: 'all_time' },
                },
                { kind: 'list_membership', listId: 'LstA2', operator: 'in' },
              ],
            },
          ],
        },
      }),
    },
  })
  for (let i = 0; i < 3; i++) {
    await db.profile.create({ data: { id: `PrA${i}`, companyId: A, email: `a${i}@example.test` } })
    await db.groupMembership.create({ data: { groupId: 'LstA2', profileId: `PrA${i}`, companyId: A } })
  }
  await db.coupon.create({ data: { id: 'CpA1', companyId: A, externalId: 'SUMMER' } })
  await db.coupon.create({ data: { id: 'CpA2', companyId: A, externalId: 'WELCOME' } })
  await db.template.create({
    data: {
      id: 'TplA1',
      companyId: A,
      name: 'Summer sale',
      editorType: 'CODE',
      html: TEMPLATE_HTML,
      compiledHtml: TEMPLATE_HTML,
      compiledText: 'Hi',
    },
  })
  await db.campaign.create({
    data: {
      id: 'CmpA1',
      companyId: A,
      name: 'Summer campaign',
      channel: 'email',
      status: 'Sent',
      audiences: JSON.stringify({ included: ['LstA1', 'SegA1'], excluded: ['LstA2'] }),
      sendStrategy: JSON.stringify({ method: 'static', datetime: '2026-06-01T10:00:00Z' }),
    },
  })
  await db.campaignMessage.create({
    data: {
      id: 'MsgA1',
      companyId: A,
      campaignId: 'CmpA1',
      channel: 'email',
      content: JSON.stringify({ subject: 'Sun', from_email: 'shop@a.test' }),
      templateId: 'TplA1',
    },
  })
  await db.send.create({
    data: {
      id: 'SndA1',
      companyId: A,
      channel: 'email',
      sourceType: 'campaign_message',
      sourceId: 'MsgA1',
      profileId: 'PrA0',
      status: 'sent',
      content: '{}',
    },
  })

  // Target B: a same-name list, two "VIP"-free lists, a same-name metric, a coupon named alike and one not.
  await db.group.create({ data: { id: 'LstB1', companyId: B, name: 'Newsletter', type: LIST } })
  await db.group.create({ data: { id: 'LstB2', companyId: B, name: 'Other list', type: LIST } })
  await db.group.create({ data: { id: 'SegB1', companyId: B, name: 'Buyers', type: SEGMENT } })
  await db.metric.create({ data: { id: 'MetB1', companyId: B, name: 'Placed Order' } })
  await db.coupon.create({ data: { id: 'CpB1', companyId: B, externalId: 'SUMMER' } })
  await db.coupon.create({ data: { id: 'CpB2', companyId: B, externalId: 'B-WELCOME-10' } })
})

const p = (kind: string, id: string) => ({ kind, id })
const start = (kind: string, id: string, body: Record<string, unknown>, who = cookie) =>
  call(startPost, '/x', {
    method: 'POST',
    cookie: who,
    p: p(kind, id),
    body: { requestId: rid(), name: 'Copy', ...body },
  })

async function finish(jobId: number) {
  await runJobsUntilIdle()
  const r = await call(jobGet, '/x', { cookie, p: { jobId: String(jobId) } })
  return r.json
}

test('accounts offered: only where the role can write the kind (not the analyst account, not the current one)', async () => {
  const r = await call(accountsGet, '/x', { cookie, p: p('template', 'TplA1') })
  expect(r.status).toBe(200)
  expect(r.json).toEqual({ name: 'Summer sale', accounts: [{ companyId: B, name: 'Target B' }] })
  expect((await call(accountsGet, '/x', { cookie, p: p('flow', 'TplA1') })).status).toBe(404)
  expect((await call(accountsGet, '/x', { cookie: ownerD, p: p('template', 'TplA1') })).status).toBe(404)
})

test('references with same-name suggestions; the read-only account is refused', async () => {
  const r = await call(refsGet, `/x?targetCompanyId=${B}`, { cookie, p: p('campaign', 'CmpA1') })
  expect(r.status).toBe(200)
  const by = Object.fromEntries(r.json.references.map((x: { key: string }) => [x.key, x]))
  expect(Object.keys(by).sort()).toEqual([
    'coupon:SUMMER',
    'coupon:WELCOME',
    'list:LstA1',
    'list:LstA2',
    'segment:SegA1',
  ])
  expect(by['list:LstA1']).toMatchObject({ name: 'Newsletter', suggestedTargetId: 'LstB1', canCreate: true })
  expect(by['list:LstA2']).toMatchObject({ name: 'VIP', suggestedTargetId: null, canCreate: true })
  expect(by['segment:SegA1']).toMatchObject({ suggestedTargetId: 'SegB1', canCreate: false })
  expect(by['coupon:SUMMER']).toMatchObject({ suggestedTargetId: 'SUMMER', canCreate: false })
  expect(by['coupon:WELCOME']).toMatchObject({ suggestedTargetId: null })
  expect((await call(refsGet, `/x?targetCompanyId=${C}`, { cookie, p: p('campaign', 'CmpA1') })).status).toBe(403)
  expect((await call(refsGet, `/x?targetCompanyId=abc`, { cookie, p: p('campaign', 'CmpA1') })).status).toBe(400)
})

test('template: an unmapped coupon is a 400 naming it; mapped by hand, the copy uses the target coupons', async () => {
  const bad = await start('template', 'TplA1', { targetCompanyId: B })
  expect(bad.status).toBe(400)
  expect(Object.keys(bad.json.fieldErrors)).toEqual(['mapping.coupon:WELCOME'])
  const ok = await start('template', 'TplA1', {
    targetCompanyId: B,
    name: 'Summer (B)',
    mapping: [{ key: 'coupon:WELCOME', targetId: 'B-WELCOME-10' }],
  })
  expect(ok.status).toBe(202)
  const done = await finish(ok.json.jobId)
  expect(done).toMatchObject({ status: 'done', resultId: expect.any(String) })
  const t = await db.template.findFirstOrThrow({ where: { id: done.resultId } })
  expect(t).toMatchObject({ companyId: B, name: 'Summer (B)' })
  expect(t.html).toBe(`<p>Hi</p><p>{% coupon_code 'SUMMER' %}</p><p>{% coupon_code "B-WELCOME-10" %}</p>`)
  // A coupon of another account, or of none, cannot be chosen.
  const wrong = await start('template', 'TplA1', {
    targetCompanyId: B,
    mapping: [{ key: 'coupon:WELCOME', targetId: 'WELCOME' }],
  })
  expect(wrong.status).toBe(400)
})

test('campaign: a draft in the target with mapped audiences, created list, copied template; no sends or profiles', async () => {
  const profilesBefore = await db.profile.count({ where: { companyId: B } })
  const r = await start('campaign', 'CmpA1', {
    targetCompanyId: B,
    name: 'Summer campaign (B)',
    mapping: [
      { key: 'list:LstA1', targetId: 'LstB2' }, // manual override of the same-name suggestion
      { key: 'list:LstA2', targetId: 'create' },
      { key: 'coupon:WELCOME', targetId: 'B-WELCOME-10' },
    ],
  })
  expect(r.status).toBe(202)
  const done = await finish(r.json.jobId)
  expect(done.status).toBe('done')
  const c = await db.campaign.findFirstOrThrow({ where: { id: done.resultId } })
  expect(c).toMatchObject({ companyId: B, status: 'Draft', name: 'Summer campaign (B)', scheduledAt: null })
  const made = await db.group.findFirstOrThrow({ where: { companyId: B, name: 'VIP' } })
  expect(made).toMatchObject({ type: LIST, optInProcess: 'double_opt_in' })
  expect(JSON.parse(c.audiences)).toEqual({ included: ['LstB2', 'SegB1'], excluded: [made.id] })
  const [m] = await db.campaignMessage.findMany({ where: { companyId: B, campaignId: c.id } })
  expect(JSON.parse(m!.content)).toEqual({ subject: 'Sun', from_email: 'shop@a.test' })
  expect(m!.templateId).not.toBe('TplA1')
  const t = await db.template.findFirstOrThrow({ where: { id: m!.templateId! } })
  expect(t.companyId).toBe(B)
  expect(t.html).toContain('B-WELCOME-10')
  expect(await db.groupMembership.count({ where: { companyId: B } })).toBe(0)
  expect(await db.profile.count({ where: { companyId: B } })).toBe(profilesBefore)
  expect(await db.send.count({ where: { companyId: B } })).toBe(0)
})

test('segment: the definition with metrics and lists mapped (a metric created by name), members not copied', async () => {
  const r = await start('list', 'SegA1', {
    targetCompanyId: B,
    name: 'Buyers (B)',
    mapping: [{ key: 'list:LstA2', targetId: 'LstB2' }],
  })
  expect(r.status).toBe(202)
  const done = await finish(r.json.jobId)
  expect(done).toMatchObject({ status: 'done' })
  const seg = await db.group.findFirstOrThrow({ where: { id: done.resultId } })
  expect(seg).toMatchObject({ companyId: B, type: SEGMENT, name: 'Buyers (B)' })
  const viewed = await db.metric.findFirstOrThrow({ where: { companyId: B, name: 'Viewed Product' } })
  const def = JSON.parse(seg.definition!)
  expect(def.root.conditions[0].metricId).toBe('MetB1')
  expect(def.root.conditions[1].conditions[0].metricId).toBe(viewed.id)
  expect(def.root.conditions[1].conditions[1].listId).toBe('LstB2')
  expect(await db.groupMembership.count({ where: { companyId: B, groupId: seg.id, profile: { companyId: A } } })).toBe(
    0,
  )
})

test('list: settings only, empty; the same request id twice is one copy', async () => {
  const requestId = rid()
  const body = { requestId, name: 'VIP copy', targetCompanyId: B }
  const a = await call(startPost, '/x', { method: 'POST', cookie, p: p('list', 'LstA2'), body })
  const b = await call(startPost, '/x', { method: 'POST', cookie, p: p('list', 'LstA2'), body })
  expect(b.json.jobId).toBe(a.json.jobId)
  const done = await finish(a.json.jobId)
  expect(await db.group.count({ where: { companyId: B, name: 'VIP copy' } })).toBe(1)
  const l = await db.group.findFirstOrThrow({ where: { id: done.resultId } })
  expect(l).toMatchObject({ companyId: B, type: LIST, optInProcess: 'double_opt_in', memberCount: 0 })
  expect(await db.groupMembership.count({ where: { groupId: l.id } })).toBe(0)
  // The same id for another source is refused, not answered with this job.
  const elsewhere = await call(startPost, '/x', { method: 'POST', cookie, p: p('list', 'LstA1'), body })
  expect(elsewhere.status).toBe(400)
  // Another user cannot reuse (or read) that request's job.
  const other = await call(startPost, '/x', { method: 'POST', cookie: strangerInA, p: p('list', 'LstA2'), body })
  expect(other.status).toBe(400)
  expect((await call(jobGet, '/x', { cookie: strangerInA, p: { jobId: String(a.json.jobId) } })).status).toBe(404)
})

test("tenancy and permissions: another account's source is a 404, a target without write is a 403, bad input a 400", async () => {
  expect((await start('template', 'TplA1', { targetCompanyId: B }, ownerD)).status).toBe(404)
  expect((await start('template', 'TplA1', { targetCompanyId: C })).status).toBe(403)
  expect((await start('template', 'TplA1', { targetCompanyId: D })).status).toBe(403)
  expect((await start('template', 'TplA1', { targetCompanyId: A })).status).toBe(400)
  const bad = await call(startPost, '/x', { method: 'POST', cookie, p: p('template', 'TplA1'), body: { name: '' } })
  expect(bad.status).toBe(400)
  expect(Object.keys(bad.json.fieldErrors).sort()).toEqual(['name', 'requestId', 'targetCompanyId'])
  expect(await db.template.count({ where: { companyId: C } })).toBe(0)
})

test('the job checks the role again: a target role lost after the start ends in error, nothing made', async () => {
  const u = await makeUser({ companyId: A })
  await db.membership.create({ data: { userId: u.id, companyId: B, role: 'manager' } })
  const c = await signIn(u.id, A)
  const before = await db.template.count({ where: { companyId: B } })
  const r = await start(
    'template',
    'TplA1',
    { targetCompanyId: B, mapping: [{ key: 'coupon:WELCOME', targetId: 'B-WELCOME-10' }] },
    c,
  )
  expect(r.status).toBe(202)
  await db.membership.delete({ where: { userId_companyId: { userId: u.id, companyId: B } } })
  await runJobsUntilIdle()
  const j = await call(jobGet, '/x', { cookie: c, p: { jobId: String(r.json.jobId) } })
  expect(j.json.status).toBe('error')
  expect(await db.template.count({ where: { companyId: B } })).toBe(before)
})

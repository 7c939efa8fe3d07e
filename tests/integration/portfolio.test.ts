/** @jest-environment node */
// Portfolios (issue 27 §1, seed 001 §2.18): only accounts where the user holds a role are
// shown, checked on every read (removal from an account hides it at once); another user's
// portfolio is a 404; the dashboard's figures against hand-counted fixtures; the CSV; metrics
// mapped per account (refused for a metric of another account); users and billing per account.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { LIST, SEGMENT } from '@/lib/groups/group-view'
import { GET as listGet, POST as createPost } from '@/app/ajax/portfolio/route'
import { GET as oneGet, DELETE as cancelDelete } from '@/app/ajax/portfolio/[portfolioId]/route'
import { GET as accountsGet, POST as accountsPost } from '@/app/ajax/portfolio/[portfolioId]/accounts/route'
import { DELETE as accountDelete } from '@/app/ajax/portfolio/[portfolioId]/accounts/[companyId]/route'
import { GET as dashboardGet } from '@/app/ajax/portfolio/[portfolioId]/dashboard/route'
import { GET as csvGet } from '@/app/ajax/portfolio/[portfolioId]/dashboard/csv/route'
import { GET as campaignsGet } from '@/app/ajax/portfolio/[portfolioId]/campaigns/route'
import { GET as flowsGet } from '@/app/ajax/portfolio/[portfolioId]/flows/route'
import { GET as metricsGet, POST as metricsPost } from '@/app/ajax/portfolio/[portfolioId]/metrics/route'
import { PUT as metricPut } from '@/app/ajax/portfolio/[portfolioId]/metrics/[metricId]/route'
import { GET as usersGet } from '@/app/ajax/portfolio/[portfolioId]/users/route'
import { GET as billingGet } from '@/app/ajax/portfolio/[portfolioId]/billing/route'
import { POST as invitePost } from '@/app/ajax/portfolio/[portfolioId]/invite/route'
import { makeCompany, makeUser, signIn } from '../helpers/factory'
import { call } from './flows-ajax-list-helpers'

let A: number, B: number, C: number, D: number
let agency: number, other: number, cookie: string, otherCookie: string
const NOW = Date.now()
const ago = (days: number) => new Date(NOW - days * 86_400_000)

async function figuresFixture(companyId: number, n: { orders: number[]; email: number; bounced: number; sms: number }) {
  await db.metric.create({ data: { id: `po${companyId}`, companyId, name: 'Placed Order' } })
  await db.metric.create({ data: { id: `vw${companyId}`, companyId, name: 'Viewed Product' } })
  for (let i = 0; i < 6; i++)
    await db.profile.create({ data: { id: `p${companyId}-${i}`, companyId, createdAt: i < 2 ? ago(40) : ago(3) } })
  await db.group.create({ data: { id: `l${companyId}`, companyId, name: 'Newsletter', type: LIST } })
  await db.group.create({ data: { id: `s${companyId}`, companyId, name: 'VIPs', type: SEGMENT } })
  const change = (kind: string, at: Date, groupId = `l${companyId}`) =>
    db.groupMembershipChange.create({ data: { companyId, groupId, profileId: `p${companyId}-0`, kind, at } })
  // In the last 30 days: 3 joined, 1 left the list; segment changes and older ones do not count.
  await change('entered', ago(1))
  await change('entered', ago(2))
  await change('entered', ago(10))
  await change('left', ago(5))
  await change('entered', ago(45))
  await change('entered', ago(1), `s${companyId}`)
  let sendNo = 0
  const send = (channel: string, status: string, sentAt: Date) =>
    db.send.create({
      data: {
        id: `snd${companyId}-${sendNo++}`,
        companyId,
        channel,
        sourceType: 'campaign_message',
        sourceId: `m${companyId}`,
        profileId: `r${companyId}-${sendNo}`,
        status,
        content: '{}',
        sendingAt: sentAt,
        sentAt,
      },
    })
  for (let i = 0; i < n.email; i++) await send('email', i < n.bounced ? 'bounced' : 'delivered', ago(2))
  for (let i = 0; i < n.sms; i++) await send('sms', 'sent', ago(2))
  // A spam complaint and an unsubscribe about sends of the period (message events name their send).
  await db.metric.create({ data: { id: `sp${companyId}`, companyId, name: 'Marked Email as Spam' } })
  await db.metric.create({ data: { id: `un${companyId}`, companyId, name: 'Unsubscribed' } })
  const message = (metricId: string, uniqueId: string | null, days: number) =>
    db.event.create({
      data: { companyId, profileId: `p${companyId}-2`, metricId, ts: Math.floor(ago(days).getTime() / 1000), uniqueId },
    })
  if (n.email) {
    await message(`sp${companyId}`, `snd${companyId}-0:Marked Email as Spam`, 2)
    await message(`un${companyId}`, `snd${companyId}-1:Unsubscribed`, 2)
    await message(`un${companyId}`, null, 2) // a form's unsubscribe: not about a send
    await message(`sp${companyId}`, `snd${companyId}-2:Marked Email as Spam`, 45) // before the period
  }
  await send('email', 'delivered', ago(60)) // outside the period
  await send('email', 'failed', ago(2)) // never sent
  let ev = companyId * 1000
  for (const v of n.orders)
    await db.eventAttribution.create({
      data: {
        eventId: ev++,
        companyId,
        profileId: `p${companyId}-1`,
        metricId: `po${companyId}`,
        ts: Math.floor(ago(4).getTime() / 1000),
        value: v,
        sourceType: 'campaign',
        campaignId: `c${companyId}`,
        messageId: `m${companyId}`,
        sendId: 'x',
        channel: 'email',
        touch: 'click',
        touchTs: 0,
      },
    })
  // An attribution of another metric and one older than the period are not revenue of the period.
  await db.eventAttribution.create({
    data: {
      eventId: ev++,
      companyId,
      profileId: `p${companyId}-1`,
      metricId: `vw${companyId}`,
      ts: Math.floor(ago(4).getTime() / 1000),
      value: 999,
      sourceType: 'flow',
      flowId: 'f',
      messageId: 'm',
      sendId: 'x',
      channel: 'email',
      touch: 'click',
      touchTs: 0,
    },
  })
  await db.eventAttribution.create({
    data: {
      eventId: ev++,
      companyId,
      profileId: `p${companyId}-1`,
      metricId: `po${companyId}`,
      ts: Math.floor(ago(50).getTime() / 1000),
      value: 500,
      sourceType: 'campaign',
      campaignId: `c${companyId}`,
      messageId: `m${companyId}`,
      sendId: 'x',
      channel: 'email',
      touch: 'click',
      touchTs: 0,
    },
  })
  await db.campaign.create({
    data: { id: `c${companyId}`, companyId, name: `Sale ${companyId}`, channel: 'email', status: 'Sent' },
  })
  await db.campaignMessage.create({
    data: { id: `m${companyId}`, companyId, campaignId: `c${companyId}`, channel: 'email' },
  })
  await db.flow.create({
    data: { id: `f${companyId}`, companyId, name: `Welcome ${companyId}`, status: 2, webhookSecret: 'x' },
  })
}

beforeAll(async () => {
  A = (await makeCompany('Alpha Store')).id
  B = (await makeCompany('Beta Store')).id
  C = (await makeCompany('Gamma Store')).id
  D = (await makeCompany('Not Mine')).id
  const u = await makeUser({ companyId: A })
  agency = u.id
  await db.membership.create({ data: { userId: agency, companyId: B, role: 'analyst' } })
  await db.membership.create({ data: { userId: agency, companyId: C, role: 'manager' } })
  cookie = await signIn(agency, A)
  other = (await makeUser({ companyId: D })).id
  await db.membership.create({ data: { userId: other, companyId: A, role: 'manager' } })
  otherCookie = await signIn(other, D)
  await figuresFixture(A, { orders: [10, 20.5], email: 10, bounced: 1, sms: 2 })
  await figuresFixture(B, { orders: [5], email: 4, bounced: 2, sms: 0 })
  await figuresFixture(C, { orders: [], email: 0, bounced: 0, sms: 0 })
  await figuresFixture(D, { orders: [1000], email: 3, bounced: 0, sms: 0 })
})

const p = (portfolioId: number, extra: Record<string, string> = {}) => ({ portfolioId: String(portfolioId), ...extra })

async function makePortfolio(companyIds: number[], who = cookie) {
  const r = await call(createPost, '/ajax/portfolio', {
    method: 'POST',
    cookie: who,
    body: { name: 'Agency', companyIds },
  })
  expect(r.status).toBe(201)
  return r.json.id as number
}

test('create: only accounts the user belongs to; bad input is a 400 with field errors', async () => {
  const bad = await call(createPost, '/ajax/portfolio', {
    method: 'POST',
    cookie,
    body: { name: 'X', companyIds: [A, D] },
  })
  expect(bad.status).toBe(400)
  expect(bad.json.fieldErrors.companyIds[0]).toMatch(/not a user of this account/)
  const empty = await call(createPost, '/ajax/portfolio', {
    method: 'POST',
    cookie,
    body: { name: ' ', companyIds: [] },
  })
  expect(empty.status).toBe(400)
  expect(Object.keys(empty.json.fieldErrors).sort()).toEqual(['companyIds', 'name'])
  const id = await makePortfolio([A, B])
  const list = await call(listGet, '/ajax/portfolio', { cookie })
  expect(list.json.portfolios.map((x: { id: number }) => x.id)).toContain(id)
  expect(list.json.memberAccounts.map((a: { companyId: number }) => a.companyId).sort()).toEqual([A, B, C].sort())
})

test("another user's portfolio is a 404 on every route, and a non-integer id too", async () => {
  const id = await makePortfolio([A, B])
  for (const [h, extra] of [
    [oneGet, {}],
    [dashboardGet, {}],
    [campaignsGet, {}],
    [flowsGet, {}],
    [metricsGet, {}],
    [accountsGet, {}],
  ] as const) {
    const r = await call(h, `/ajax/portfolio/${id}/x`, { cookie: otherCookie, p: p(id, extra) })
    expect(r.status).toBe(404)
  }
  const add = await call(accountsPost, `/x`, { method: 'POST', cookie: otherCookie, p: p(id), body: { companyId: A } })
  expect(add.status).toBe(404)
  const del = await call(cancelDelete, `/x`, { method: 'DELETE', cookie: otherCookie, p: p(id) })
  expect(del.status).toBe(404)
  expect(await db.portfolio.count({ where: { id } })).toBe(1)
  expect((await call(oneGet, '/x', { cookie, p: { portfolioId: 'abc' } })).status).toBe(404)
})

test('a user removed from an account no longer sees it in the portfolio, on every read', async () => {
  const u = await makeUser({ companyId: A })
  await db.membership.create({ data: { userId: u.id, companyId: B, role: 'owner' } })
  const c = await signIn(u.id, A)
  const id = await makePortfolio([A, B], c)
  const names = async () =>
    (await call(oneGet, '/x', { cookie: c, p: p(id) })).json.accounts.map((a: { companyId: number }) => a.companyId)
  expect((await names()).sort()).toEqual([A, B].sort())
  await db.membership.delete({ where: { userId_companyId: { userId: u.id, companyId: B } } })
  expect(await names()).toEqual([A])
  const dash = await call(dashboardGet, '/x?days=30', { cookie: c, p: p(id) })
  expect(dash.json.accounts.map((a: { companyId: number }) => a.companyId)).toEqual([A])
  const camps = await call(campaignsGet, '/x', { cookie: c, p: p(id) })
  expect(camps.json.accounts.map((a: { companyId: number }) => a.companyId)).toEqual([A])
  const csv = await (
    await csvGet(new Request('http://localhost/x?days=30', { headers: { cookie: c } }), {
      params: Promise.resolve(p(id)),
    })
  ).text()
  expect(csv).not.toMatch(/Beta Store/)
  // Nor can it be added back while the user has no role there.
  const add = await call(accountsPost, '/x', { method: 'POST', cookie: c, p: p(id), body: { companyId: B } })
  expect(add.status).toBe(400)
  expect(add.json.fieldErrors.companyId).toBeDefined()
})

test('dashboard figures match the hand-counted fixtures, with totals; bad days is a 400', async () => {
  const id = await makePortfolio([A, B, C])
  const r = await call(dashboardGet, '/x?days=30', { cookie, p: p(id) })
  expect(r.status).toBe(200)
  const by = new Map(r.json.accounts.map((a: { companyId: number; figures: unknown }) => [a.companyId, a.figures]))
  expect(by.get(A)).toMatchObject({
    revenue: 30.5,
    conversions: 2,
    sends: { email: 10, sms: 2, other: 0, total: 12 },
    listGrowth: { joined: 3, left: 1, net: 2 },
    profiles: 6,
    newProfiles: 4,
    deliverability: { sent: 10, delivered: 9, bounced: 1, spam: 1, unsubscribed: 1 },
  })
  expect((by.get(A) as { rates: { bounceRate: number; spamRate: number } }).rates).toMatchObject({
    bounceRate: 0.1,
    spamRate: 0.1,
  })
  expect(by.get(B)).toMatchObject({
    revenue: 5,
    sends: { email: 4, total: 4 },
    deliverability: { sent: 4, bounced: 2 },
  })
  expect(by.get(C)).toMatchObject({ revenue: 0, sends: { total: 0 }, rates: { deliveryRate: 0 } })
  expect(r.json.totals).toMatchObject({
    revenueByCurrency: { USD: 35.5 },
    sends: 16,
    listJoined: 9,
    listLeft: 3,
    listNet: 6,
    profiles: 18,
  })
  expect(r.json.totals.bounceRate).toBeCloseTo(3 / 14)
  // 90 days: the older list join and the older email and attribution count too.
  const wide = await call(dashboardGet, '/x?days=90', { cookie, p: p(id) })
  const a90 = wide.json.accounts.find((a: { companyId: number }) => a.companyId === A).figures
  expect(a90).toMatchObject({ revenue: 530.5, listGrowth: { joined: 4 }, sends: { email: 11 } })
  const bad = await call(dashboardGet, '/x?days=12', { cookie, p: p(id) })
  expect(bad.status).toBe(400)
  expect(bad.json.fieldErrors.days).toBeDefined()
})

test('the CSV has one row per account and neutralises formula-like names', async () => {
  await db.company.update({ where: { id: C }, data: { name: '=HYPERLINK("x")' } })
  const id = await makePortfolio([A, C])
  const res = await csvGet(new Request('http://localhost/x?days=30', { headers: { cookie } }), {
    params: Promise.resolve(p(id)),
  })
  expect(res.headers.get('content-type')).toMatch(/text\/csv/)
  const lines = (await res.text()).trim().split('\r\n')
  expect(lines).toHaveLength(3)
  expect(lines.find((l) => l.startsWith('Alpha'))).toMatch(
    /^Alpha Store,\d+,USD,30\.50,2,10,2,0,3,1,2,6,4,90\.00,10\.00,10\.00,10\.00$/,
  )
  expect(lines.some((l) => l.startsWith(`"'=HYPERLINK(""x"")"`))).toBe(true)
  await db.company.update({ where: { id: C }, data: { name: 'Gamma Store' } })
})

test('campaigns and flows across accounts with status and figures', async () => {
  const id = await makePortfolio([A, B])
  const r = await call(campaignsGet, '/x', { cookie, p: p(id) })
  const a = r.json.accounts.find((x: { companyId: number }) => x.companyId === A)
  expect(a.campaigns).toEqual([
    expect.objectContaining({ id: `c${A}`, status: 'Sent', recipients: 13, revenue: 530.5, conversions: 3 }),
  ])
  const f = await call(flowsGet, '/x?status=live', { cookie, p: p(id) })
  expect(f.json.accounts.map((x: { flows: Array<{ id: string; status: string }> }) => x.flows[0])).toEqual([
    expect.objectContaining({ id: `f${A}`, status: 'live' }),
    expect.objectContaining({ id: `f${B}`, status: 'live' }),
  ])
  expect((await call(flowsGet, '/x?status=nope', { cookie, p: p(id) })).status).toBe(400)
})

test("metrics: mapped per account; another account's metric or an account outside the portfolio is refused", async () => {
  const id = await makePortfolio([A, B])
  const bad = await call(metricsPost, '/x', {
    method: 'POST',
    cookie,
    p: p(id),
    body: {
      name: 'Orders',
      mappings: [
        { companyId: A, metricId: `po${B}` },
        { companyId: D, metricId: `po${D}` },
      ],
    },
  })
  expect(bad.status).toBe(400)
  expect(Object.keys(bad.json.fieldErrors).sort()).toEqual(['mappings.0.metricId', 'mappings.1.companyId'])
  const ok = await call(metricsPost, '/x', {
    method: 'POST',
    cookie,
    p: p(id),
    body: { name: 'Orders', mappings: [{ companyId: A, metricId: `po${A}` }] },
  })
  expect(ok.status).toBe(201)
  expect(ok.json.mappings).toEqual([expect.objectContaining({ companyId: A, metricName: 'Placed Order' })])
  expect(ok.json.unmappedAccounts).toEqual(['Beta Store'])
  const dup = await call(metricsPost, '/x', { method: 'POST', cookie, p: p(id), body: { name: 'Orders' } })
  expect(dup.status).toBe(400)
  const put = await call(metricPut, '/x', {
    method: 'PUT',
    cookie,
    p: p(id, { metricId: String(ok.json.id) }),
    body: {
      name: 'All orders',
      mappings: [
        { companyId: A, metricId: `vw${A}` },
        { companyId: B, metricId: `po${B}` },
      ],
    },
  })
  expect(put.status).toBe(200)
  expect(put.json.mappings.map((m: { metricId: string }) => m.metricId).sort()).toEqual([`po${B}`, `vw${A}`].sort())
  // Another user's portfolio metric id through one's own portfolio is a 404.
  const mine = await makePortfolio([D], otherCookie)
  const cross = await call(metricPut, '/x', {
    method: 'PUT',
    cookie: otherCookie,
    p: p(mine, { metricId: String(ok.json.id) }),
    body: { name: 'x' },
  })
  expect(cross.status).toBe(404)
})

test('users: roles per account, hidden where the viewer may not read users; billing usage per account', async () => {
  const id = await makePortfolio([A, B])
  const r = await call(usersGet, '/x', { cookie, p: p(id) })
  expect(r.status).toBe(200)
  expect(r.json.accounts).toEqual([
    expect.objectContaining({ companyId: A, yourRole: 'owner', usersVisible: true }),
    expect.objectContaining({ companyId: B, yourRole: 'analyst', usersVisible: false }),
  ])
  const me = r.json.users.find((u: { userId: number }) => u.userId === agency)
  expect(me.roles).toEqual({ [A]: 'owner' })
  const o = r.json.users.find((u: { userId: number }) => u.userId === other)
  expect(o.roles).toEqual({ [A]: 'manager' })
  const b = await call(billingGet, '/x', { cookie, p: p(id) })
  expect(b.status).toBe(200)
  expect(b.json.accounts.map((x: { profiles: number }) => x.profiles)).toEqual([6, 6])
  expect(b.json.totals.profiles).toBe(12)
})

test('accounts: add, remove, and cancel keeps the accounts', async () => {
  const id = await makePortfolio([A])
  const g = await call(accountsGet, '/x', { cookie, p: p(id) })
  expect(g.json.candidates.map((c: { companyId: number }) => c.companyId).sort()).toEqual([B, C].sort())
  const add = await call(accountsPost, '/x', { method: 'POST', cookie, p: p(id), body: { companyId: C } })
  expect(add.json.accounts.map((a: { companyId: number }) => a.companyId).sort()).toEqual([A, C].sort())
  const again = await call(accountsPost, '/x', { method: 'POST', cookie, p: p(id), body: { companyId: C } })
  expect(again.status).toBe(200)
  const rm = await call(accountDelete, '/x', { method: 'DELETE', cookie, p: p(id, { companyId: String(C) }) })
  expect(rm.json.accounts.map((a: { companyId: number }) => a.companyId)).toEqual([A])
  const cancel = await call(cancelDelete, '/x', { method: 'DELETE', cookie, p: p(id) })
  expect(cancel.status).toBe(200)
  expect(await db.portfolio.count({ where: { id } })).toBe(0)
  expect(await db.company.count({ where: { id: { in: [A, C] } } })).toBe(2)
})

test("invite through the account's own invitation path, as the user's role there", async () => {
  const info = jest.spyOn(console, 'info').mockImplementation(() => {})
  try {
    const id = await makePortfolio([A, B])
    const email = `new-${Date.now()}@example.test`
    const ok = await call(invitePost, '/x', {
      method: 'POST',
      cookie,
      p: p(id),
      body: { companyId: A, email, role: 'analyst' },
    })
    expect(ok.status).toBe(201)
    const inv = await db.invitation.findFirstOrThrow({ where: { companyId: A, email } })
    expect(inv).toMatchObject({ role: 'analyst', invitedById: agency })
    // An analyst in B cannot invite there; D is not in the portfolio; bad input is a 400 with fields.
    const analyst = await call(invitePost, '/x', {
      method: 'POST',
      cookie,
      p: p(id),
      body: { companyId: B, email, role: 'analyst' },
    })
    expect(analyst.status).toBe(400)
    expect(analyst.json.fieldErrors.companyId).toBeDefined()
    const outside = await call(invitePost, '/x', {
      method: 'POST',
      cookie,
      p: p(id),
      body: { companyId: D, email, role: 'analyst' },
    })
    expect(outside.status).toBe(400)
    const bad = await call(invitePost, '/x', {
      method: 'POST',
      cookie,
      p: p(id),
      body: { companyId: A, email: 'nope', role: 'king' },
    })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.json.fieldErrors).sort()).toEqual(['email', 'role'])
    expect(await db.invitation.count({ where: { companyId: { in: [B, D] }, email } })).toBe(0)
  } finally {
    info.mockRestore()
  }
})

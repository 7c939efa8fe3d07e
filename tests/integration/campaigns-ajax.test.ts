/** @jest-environment node */
// The /ajax campaign calls (lib/campaigns/ajax/README.md) against the real route handlers and a
// real database (SQLite; PostgreSQL with TEST_DB=postgres): list with filters, sorts and pages,
// create, get, update, content, templates, variations, smart sending, send time, schedule,
// cancel, revert, pause/resume refusals, archive, clone, delete, estimation, figures, the
// recipients export through the downloads worker, omnichannel campaigns, the wizard's steps and
// the library; each bad input of issue 10 §4 as 400 with field errors and nothing written; roles;
// another company's ids are 404.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(120_000)

import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import * as campaignsRoute from '@/app/ajax/campaigns/route'
import * as campaignRoute from '@/app/ajax/campaign/[id]/route'
import { POST as clonePost } from '@/app/ajax/campaign/[id]/clone/route'
import { POST as schedulePost } from '@/app/ajax/campaign/[id]/schedule/route'
import { POST as cancelPost } from '@/app/ajax/campaign/[id]/cancel/route'
import { POST as pausePost } from '@/app/ajax/campaign/[id]/pause/route'
import { POST as resumePost } from '@/app/ajax/campaign/[id]/resume/route'
import { POST as revertPost } from '@/app/ajax/campaign/[id]/revert-to-draft/route'
import { POST as archivePost } from '@/app/ajax/campaign/[id]/archive/route'
import { POST as unarchivePost } from '@/app/ajax/campaign/[id]/unarchive/route'
import * as contentRoute from '@/app/ajax/campaign/[id]/content/route'
import * as templatesRoute from '@/app/ajax/campaign/[id]/templates/route'
import * as variationsRoute from '@/app/ajax/campaign/[id]/variations/route'
import { POST as winnerPost } from '@/app/ajax/campaign/[id]/variations/winner/route'
import * as smartRoute from '@/app/ajax/campaign/[id]/smart-sending/route'
import * as stoRoute from '@/app/ajax/campaign/[id]/send-time-optimization/route'
import * as estimateRoute from '@/app/ajax/campaign/[id]/estimate-recipient-count/route'
import { GET as analyticsGet } from '@/app/ajax/campaign/[id]/analytics/route'
import { POST as exportsPost } from '@/app/ajax/campaign/[id]/exports/route'
import * as omniRoute from '@/app/ajax/omnicampaigns/route'
import { GET as omniGet } from '@/app/ajax/omnicampaigns/[id]/route'
import * as wAudience from '@/app/ajax/campaign-wizard/[id]/audience/route'
import * as wContent from '@/app/ajax/campaign-wizard/[id]/content/route'
import * as wSchedule from '@/app/ajax/campaign-wizard/[id]/schedule/route'
import { GET as wReview } from '@/app/ajax/campaign-wizard/[id]/review/route'
import { GET as libraryGet } from '@/app/ajax/campaign-library/route'
import { ajaxRequest, makeUser, params, signIn } from '../helpers/factory'
import { company, list, profiles, template } from '../helpers/campaigns-engine-fixture'

type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response>
let A: number, B: number, cookieA: string, cookieB: string, analyst: string, support: string
let listA: string, list2A: string, listB: string, tplA: string, tplB: string

beforeAll(async () => {
  A = await company()
  B = await company()
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  analyst = await signIn((await makeUser({ companyId: A, role: 'analyst' })).id, A)
  support = await signIn((await makeUser({ companyId: A, role: 'support' })).id, A)
  listA = await list(A, 'Newsletter')
  list2A = await list(A, 'VIP')
  listB = await list(B, 'Theirs')
  await profiles(A, 4, [listA])
  tplA = await template(A, '<p>Hello</p>')
  tplB = await template(B)
})

async function call(h: Handler, method: string, id: string | null, body?: unknown, cookie = cookieA, query = '') {
  const res = await h(ajaxRequest(`/ajax/campaign/x${query}`, { method, cookie, body }), params(id ? { id } : {}))
  const text = await res.text()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  return { status: res.status, json: (text ? JSON.parse(text) : null) as any }
}
const get = (h: Handler, id: string | null, cookie = cookieA, query = '') =>
  call(h, 'GET', id, undefined, cookie, query)
const post = (h: Handler, id: string | null, body: unknown = {}, cookie = cookieA) => call(h, 'POST', id, body, cookie)

async function create(body: Record<string, unknown> = {}, cookie = cookieA) {
  const r = await post(
    campaignsRoute.POST,
    null,
    { name: 'Weekly news', channel: 'email', audiences: { included: [listA], excluded: [] }, ...body },
    cookie,
  )
  expect(r.status).toBe(201)
  return r.json.campaign as { id: string; messages: Array<{ id: string }>; [k: string]: unknown }
}

test('create, get, list with filters, sorts and pages; update; content and templates; smart sending; send time; archive; clone; delete', async () => {
  const c = await create({ messages: [{ label: 'Main', content: { subject: 'News', preview_text: 'This week' } }] })
  expect(c).toMatchObject({
    name: 'Weekly news',
    channel: 'email',
    status: 'Draft',
    archived: false,
    audiences: { included: [listA], excluded: [] },
    sendStrategy: { method: 'immediate' },
    sendOptions: { use_smart_sending: true },
  })
  expect(c.messages).toHaveLength(1)
  expect(c.messages[0]).toMatchObject({
    channel: 'email',
    label: 'Main',
    content: { subject: 'News', preview_text: 'This week' },
    templateId: null,
  })
  const mid = c.messages[0]!.id

  const sms = await create({ name: 'Flash SMS', channel: 'sms' })
  expect((sms.messages[0] as unknown as { channel: string }).channel).toBe('sms')
  expect((await get(campaignRoute.GET, c.id)).json.campaign.id).toBe(c.id)

  // List: channel, q, sort, page
  const all = await get(campaignsRoute.GET, null, cookieA, '?sort=first_modified')
  expect(all.json.campaigns.map((x: { id: string }) => x.id)).toEqual([c.id, sms.id])
  expect(all.json).toMatchObject({ totalCount: 2, page: 1, pageSize: 25 })
  expect(
    (await get(campaignsRoute.GET, null, cookieA, '?channel=sms')).json.campaigns.map((x: { id: string }) => x.id),
  ).toEqual([sms.id])
  expect(
    (await get(campaignsRoute.GET, null, cookieA, '?q=weekly')).json.campaigns.map((x: { id: string }) => x.id),
  ).toEqual([c.id])
  const page2 = await get(campaignsRoute.GET, null, cookieA, '?sort=last_modified&pageSize=1&page=2')
  expect(page2.json.campaigns.map((x: { id: string }) => x.id)).toEqual([c.id])
  expect((await get(campaignsRoute.GET, null, cookieA, '?sort=newest')).status).toBe(400)
  expect((await get(campaignsRoute.GET, null, cookieA, '?channel=fax')).status).toBe(400)
  expect((await get(campaignsRoute.GET, null, cookieA, '?pageSize=1000')).status).toBe(400)

  // Update (snake_case top-level keys are accepted; audiences replace)
  const up = await call(campaignRoute.PATCH, 'PATCH', c.id, {
    name: 'Weekly news #2',
    audiences: { included: [list2A] },
    tracking_options: { is_tracking_opens: false },
  })
  expect(up.status).toBe(200)
  expect(up.json.campaign).toMatchObject({
    name: 'Weekly news #2',
    audiences: { included: [list2A], excluded: [] },
    trackingOptions: { is_tracking_opens: false },
  })

  // Content: merged fields; templates: a non-reusable copy; the picker lists only reusable ones
  const ct = await post(contentRoute.POST, c.id, {
    messageId: mid,
    content: { from_email: 'news@shop.test', from_label: 'Shop' },
  })
  expect(ct.json.message.content).toEqual({
    subject: 'News',
    preview_text: 'This week',
    from_email: 'news@shop.test',
    from_label: 'Shop',
  })
  expect((await get(contentRoute.GET, c.id)).json.messages.map((m: { id: string }) => m.id)).toEqual([mid])
  const as = await post(templatesRoute.POST, c.id, { messageId: mid, templateId: tplA })
  expect(as.status).toBe(200)
  const copyId = as.json.message.templateId
  expect(copyId).not.toBe(tplA)
  const picker = await get(templatesRoute.GET, c.id)
  expect(picker.json.templates.map((t: { id: string }) => t.id)).toEqual([tplA])
  expect((await post(templatesRoute.POST, c.id, { messageId: sms.messages[0]!.id, templateId: tplA })).status).toBe(400) // not this campaign's message

  // Smart sending and send time
  expect((await get(smartRoute.GET, c.id)).json).toEqual({ enabled: true })
  expect((await post(smartRoute.POST, c.id, { enabled: false })).json).toEqual({ enabled: false })
  expect((await get(smartRoute.GET, c.id)).json).toEqual({ enabled: false })
  const st = await post(stoRoute.POST, c.id, {
    sendStrategy: { method: 'throttled', datetime: '2031-03-01T09:00:00Z', throttle_percentage: 25 },
  })
  expect(st.json.sendStrategy).toEqual({
    method: 'throttled',
    datetime: '2031-03-01T09:00:00Z',
    throttle_percentage: 25,
  })
  expect((await get(stoRoute.GET, c.id)).json.sendStrategy.method).toBe('throttled')

  // Archive / unarchive; the archived filter
  expect((await post(archivePost, c.id)).json.campaign.archived).toBe(true)
  expect(
    (await get(campaignsRoute.GET, null, cookieA, '?archived=true')).json.campaigns.map((x: { id: string }) => x.id),
  ).toEqual([c.id])
  expect((await post(unarchivePost, c.id)).json.campaign.archived).toBe(false)

  // Clone (201): copies of the message and its template
  const cl = await post(clonePost, c.id, { name: 'Weekly news (copy)' })
  expect(cl.status).toBe(201)
  expect(cl.json.campaign).toMatchObject({
    name: 'Weekly news (copy)',
    status: 'Draft',
    audiences: { included: [list2A] },
  })
  expect(cl.json.campaign.messages[0].templateId).not.toBe(copyId)
  expect(cl.json.campaign.messages[0].content.subject).toBe('News')
  expect((await post(clonePost, c.id, {})).json.campaign.name).toBe('Copy of Weekly news #2')

  // Delete
  expect((await call(campaignRoute.DELETE, 'DELETE', sms.id)).json).toEqual({ ok: true })
  expect((await get(campaignRoute.GET, sms.id)).status).toBe(404)
})

test('schedule, cancel, revert; pause/resume refused when not sending; estimation; figures; the recipients export', async () => {
  const c = await create({ name: 'Sale', messages: [{ content: { subject: 'Sale' }, templateId: tplA }] })
  const s = await post(schedulePost, c.id, { sendStrategy: { method: 'static', datetime: '2031-01-01T10:00:00Z' } })
  expect(s.status).toBe(200)
  expect(s.json.campaign).toMatchObject({ status: 'Scheduled', scheduledAt: '2031-01-01T10:00:00.000Z' })
  expect((await post(pausePost, c.id)).status).toBe(409)
  expect((await post(schedulePost, c.id, {})).status).toBe(409)
  expect((await post(cancelPost, c.id)).json.campaign.status).toBe('Cancelled')
  expect((await post(resumePost, c.id)).status).toBe(409)
  expect((await post(revertPost, c.id)).json.campaign.status).toBe('Draft')

  // Estimation: null, then queued, then the job's count
  expect((await get(estimateRoute.GET, c.id)).json).toEqual({ estimation: null })
  const e = await post(estimateRoute.POST, c.id)
  expect(e.status).toBe(202)
  expect(e.json.estimation.status).toBe('queued')
  await runJobsUntilIdle()
  const done = await get(estimateRoute.GET, c.id)
  expect(done.json.estimation).toMatchObject({ status: 'complete', count: 4 })

  // Figures and the recipients export over a fixed recipient list
  const pids = (await db.groupMembership.findMany({ where: { groupId: listA }, orderBy: { profileId: 'asc' } })).map(
    (m) => m.profileId,
  )
  const mid = c.messages[0]!.id
  const at = new Date('2031-01-01T10:00:00Z')
  await db.campaignRecipient.createMany({
    data: pids.map((profileId, i) => ({
      campaignId: c.id,
      profileId,
      companyId: A,
      messageId: mid,
      sendAt: at,
      status: i < 2 ? 'released' : i === 2 ? 'skipped' : 'held_out',
      reason: i === 2 ? 'late_window' : null,
      cohort: i === 3 ? 'holdout' : 'all',
    })),
  })
  const fig = await get(analyticsGet, c.id)
  expect(fig.json.summary).toEqual({
    recipients: 4,
    released: 2,
    pending: 0,
    heldOut: 1,
    skipped: 1,
    skipReasons: { late_window: 1 },
    sends: {},
    delivered: 0,
    uniqueOpens: 0,
    uniqueClicks: 0,
    openRate: 0,
    clickRate: 0,
  })
  const ex = await post(exportsPost, c.id, { kind: 'recipients' })
  expect(ex.status).toBe(202)
  await runJobsUntilIdle()
  const dl = await db.download.findUniqueOrThrow({ where: { id: ex.json.downloadId } })
  expect(dl).toMatchObject({
    companyId: A,
    status: 'complete',
    rowCount: 4,
    type: 'campaign_recipients',
    fileName: 'sale-recipients.csv',
  })
  const lines = dl.content!.trim().split('\r\n')
  expect(lines[0]).toBe('profile_id,email,phone_number,status,reason,cohort,variation_id,send_at,released_at')
  expect(lines.slice(1).map((l) => l.split(',').slice(0, 1)[0])).toEqual(pids)
  expect(lines[3]).toContain(',skipped,late_window,all,,2031-01-01T10:00:00.000Z,')
  expect((await post(exportsPost, c.id, { kind: 'opens' })).status).toBe(400)
})

test('variations: A/B config and variations replaced; one variation refused; the winner only while sending', async () => {
  const c = await create({ name: 'AB', messages: [{ content: { subject: 'Base' }, templateId: tplA }] })
  const mid = c.messages[0]!.id
  const one = await call(variationsRoute.PUT, 'PUT', c.id, {
    abTest: { variable: 'subject', testPercent: 20, metric: 'open_rate', windowHours: 4 },
    variations: [{ messageId: mid, name: 'A', weight: 50, content: { subject: 'A' } }],
  })
  expect(one.status).toBe(400)
  expect(one.json.fieldErrors).toEqual({ variations: ['An A/B test needs at least two variations.'] })
  expect(await db.campaignVariation.count({ where: { campaignId: c.id } })).toBe(0)

  const two = await call(variationsRoute.PUT, 'PUT', c.id, {
    abTest: { variable: 'subject', testPercent: 20, metric: 'open_rate', windowHours: 4 },
    variations: [
      { messageId: mid, name: 'A', weight: 50, content: { subject: 'Subject A' } },
      { messageId: mid, name: 'B', weight: 50, content: { subject: 'Subject B' } },
    ],
  })
  expect(two.status).toBe(200)
  expect(two.json.abTest).toEqual({ variable: 'subject', testPercent: 20, metric: 'open_rate', windowHours: 4 })
  expect(two.json.variations.map((v: { name: string }) => v.name)).toEqual(['A', 'B'])
  // The app's http client snake_cases keys at every level: the same call in that form
  const snake = await call(variationsRoute.PUT, 'PUT', c.id, {
    ab_test: { variable: 'subject', test_percent: 20, metric: 'open_rate', window_hours: 4 },
    variations: [
      { message_id: mid, name: 'A', weight: 50, content: { subject: 'Subject A', preview_text: 'Pa' } },
      { message_id: mid, name: 'B', weight: 50, content: { subject: 'Subject B' } },
    ],
  })
  expect(snake.status).toBe(200)
  expect(snake.json.abTest).toEqual({ variable: 'subject', testPercent: 20, metric: 'open_rate', windowHours: 4 })
  expect(snake.json.variations[0].content).toEqual({ subject: 'Subject A', preview_text: 'Pa' })
  // …and camelCase inside content (a client that camelized the answer) comes back snake_case
  const camel = await post(contentRoute.POST, c.id, { messageId: mid, content: { previewText: 'Camel preview' } })
  expect(camel.json.message.content.preview_text).toBe('Camel preview')
  const [va, vb] = snake.json.variations as Array<{ id: string }>
  // Keep A (by id), drop B, add C
  const three = await call(variationsRoute.PUT, 'PUT', c.id, {
    abTest: { variable: 'subject', metric: 'click_rate' },
    variations: [
      { id: va!.id, messageId: mid, name: 'A2', weight: 60, content: { subject: 'Subject A2' } },
      { messageId: mid, name: 'C', weight: 40, content: { subject: 'Subject C' } },
    ],
  })
  expect(three.json.variations.map((v: { id: string; name: string }) => [v.id === va!.id, v.name])).toEqual([
    [true, 'A2'],
    [false, 'C'],
  ])
  expect(await db.campaignVariation.findUnique({ where: { id: vb!.id } })).toBeNull()
  expect((await get(variationsRoute.GET, c.id)).json.abTest.metric).toBe('click_rate')
  const bad = await call(variationsRoute.PUT, 'PUT', c.id, {
    abTest: { metric: 'luck' },
    variations: [{ messageId: 'nope', name: '', weight: 0, content: {} }],
  })
  expect(bad.status).toBe(400)
  expect(Object.keys(bad.json.fieldErrors).sort()).toEqual([
    'abTest.metric',
    'variations.0.name',
    'variations.0.weight',
  ])
  expect((await post(winnerPost, c.id, { variationId: va!.id })).status).toBe(409)
})

test('bad input (issue 10 §4): clear 400s with field errors, nothing half-done; edits while sending refused', async () => {
  const before = await db.campaign.count({ where: { companyId: A } })
  const messagesBefore = await db.campaignMessage.count({ where: { companyId: A } })
  const templatesBefore = await db.template.count({ where: { companyId: A } })
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ name: '' }, 'name'],
    [{ channel: 'fax' }, 'channel'],
    [{ audiences: { included: [listA], excluded: [listA] } }, 'audiences.excluded'],
    [{ audiences: { included: [listB] } }, 'audiences.included'],
    [
      { sendStrategy: { method: 'throttled', datetime: '2031-01-01T00:00:00Z', throttle_percentage: 3 } },
      'sendStrategy.throttle_percentage',
    ],
    [{ messages: [{ content: { from_email: 'nope' } }] }, 'messages.0.content.from_email'],
    [{ messages: [{ templateId: tplB }] }, 'messages.0.templateId'],
    [{ tagIds: ['no-such-tag'] }, 'tagIds'],
  ]
  for (const [over, field] of cases) {
    const r = await post(campaignsRoute.POST, null, {
      name: 'Bad',
      channel: 'email',
      audiences: { included: [listA] },
      ...over,
    })
    expect([r.status, Object.keys(r.json.fieldErrors ?? {})]).toEqual([400, [field]])
  }
  expect(await db.campaign.count({ where: { companyId: A } })).toBe(before)
  expect(await db.campaignMessage.count({ where: { companyId: A } })).toBe(messagesBefore)
  expect(await db.template.count({ where: { companyId: A } })).toBe(templatesBefore)

  // Sending refused: no audience, empty template, schedule in the past — status stays Draft
  const noAud = await create({
    name: 'No audience',
    audiences: { included: [] },
    messages: [{ content: { subject: 'x' }, templateId: tplA }],
  })
  const r1 = await post(schedulePost, noAud.id, {})
  expect([r1.status, r1.json.fieldErrors]).toEqual([
    400,
    { 'audiences.included': ['Choose at least one list or segment to send to.'] },
  ])
  const noTpl = await create({ name: 'No template', messages: [{ content: { subject: 'x' } }] })
  const r2 = await post(schedulePost, noTpl.id, {})
  expect(r2.status).toBe(400)
  expect(Object.keys(r2.json.fieldErrors)[0]).toMatch(/template$/)
  const past = await create({ name: 'Past', messages: [{ content: { subject: 'x' }, templateId: tplA }] })
  const r3 = await post(schedulePost, past.id, { sendStrategy: { method: 'static', datetime: '2020-01-01T00:00:00Z' } })
  expect([r3.status, Object.keys(r3.json.fieldErrors)]).toEqual([400, ['send_strategy.datetime']])
  for (const c of [noAud, noTpl, past])
    expect((await db.campaign.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('Draft')

  // While sending: no edits of the campaign, its content, variations or template; no delete
  await db.campaign.update({ where: { id: past.id }, data: { status: 'Sending' } })
  const mid = past.messages[0]!.id
  expect(
    (await call(campaignRoute.PATCH, 'PATCH', past.id, { sendOptions: { use_smart_sending: false } })).status,
  ).toBe(409)
  expect((await post(contentRoute.POST, past.id, { messageId: mid, content: { subject: 'changed' } })).status).toBe(409)
  expect((await post(templatesRoute.POST, past.id, { messageId: mid, templateId: tplA })).status).toBe(409)
  expect((await call(variationsRoute.PUT, 'PUT', past.id, { abTest: null, variations: [] })).status).toBe(409)
  expect((await call(campaignRoute.DELETE, 'DELETE', past.id)).status).toBe(409)
  expect((await post(archivePost, past.id)).status).toBe(409)
  expect((await call(campaignRoute.PATCH, 'PATCH', past.id, { name: 'Renamed' })).status).toBe(200)
  expect(JSON.parse((await db.campaignMessage.findUniqueOrThrow({ where: { id: mid } })).content).subject).toBe('x')
})

test('omnichannel campaigns; wizard steps; library', async () => {
  const o = await post(omniRoute.POST, null, {
    name: 'Black Friday',
    channels: ['email', 'sms'],
    audiences: { included: [listA] },
  })
  expect(o.status).toBe(201)
  expect(o.json.omnicampaign.campaigns.map((c: { channel: string }) => c.channel)).toEqual(['email', 'sms'])
  expect(new Set(o.json.omnicampaign.campaigns.map((c: { omnicampaignId: string }) => c.omnicampaignId))).toEqual(
    new Set([o.json.omnicampaign.id]),
  )
  expect((await get(omniGet, o.json.omnicampaign.id)).json.omnicampaign.name).toBe('Black Friday')
  const ol = await get(omniRoute.GET, null)
  expect(ol.json.totalCount).toBe(1)
  expect((await post(omniRoute.POST, null, { name: 'x', channels: [] })).status).toBe(400)
  expect((await get(omniGet, o.json.omnicampaign.id, cookieB)).status).toBe(404)

  // The wizard: audience → content → review → schedule with send
  const c = await create({ name: 'Wizard', audiences: { included: [] } })
  const mid = c.messages[0]!.id
  const a0 = await get(wAudience.GET, c.id)
  expect(a0.json.groups.map((g: { id: string }) => g.id).sort()).toEqual([listA, list2A].sort())
  expect(a0.json.groups.find((g: { id: string }) => g.id === listA)).toMatchObject({ name: 'Newsletter', type: 'list' })
  const r0 = await get(wReview, c.id)
  expect(r0.json.problems.map((p: { field: string }) => p.field)).toEqual([
    'audiences.included',
    `messages.${mid}.template`,
    `messages.${mid}.subject`,
  ])
  expect((await post(wAudience.POST, c.id, { included: [listA], excluded: [list2A] })).json.audiences).toEqual({
    included: [listA],
    excluded: [list2A],
  })
  expect((await post(wAudience.POST, c.id, { included: [listA], excluded: [listA] })).status).toBe(400)
  const wc = await post(wContent.POST, c.id, { messageId: mid, content: { subject: 'Hello' }, templateId: tplA })
  expect(wc.json.messages[0]).toMatchObject({ content: { subject: 'Hello' } })
  expect(wc.json.messages[0].templateId).toBeTruthy()
  expect((await get(wContent.GET, c.id)).json.messages).toHaveLength(1)
  expect((await get(wReview, c.id)).json.problems).toEqual([])
  const ws = await post(wSchedule.POST, c.id, {
    sendStrategy: {
      method: 'static',
      datetime: '2031-06-01T08:00:00Z',
      options: { is_local: true, send_past_recipients_immediately: true },
    },
    send: true,
  })
  expect(ws.status).toBe(200)
  expect(ws.json.campaign.status).toBe('Scheduled')
  expect((await get(wSchedule.GET, c.id)).json.campaign.sendStrategy.options).toEqual({
    is_local: true,
    send_past_recipients_immediately: true,
  })

  // The library: reusable templates and sent campaigns
  await db.campaign.update({ where: { id: c.id }, data: { status: 'Sent', sentAt: new Date() } })
  const lib = await get(libraryGet, null)
  expect(lib.json.templates.map((t: { id: string }) => t.id)).toEqual([tplA])
  expect(lib.json.campaigns.map((x: { id: string }) => x.id)).toEqual([c.id])
  expect((await get(libraryGet, null, cookieB)).json.campaigns).toEqual([])
})

test('roles and cross-tenant: analyst reads only, support nothing; another company gets 404 everywhere', async () => {
  const c = await create({ name: 'Mine', messages: [{ content: { subject: 'Mine' } }] })
  const mid = c.messages[0]!.id
  expect((await get(campaignsRoute.GET, null, analyst)).status).toBe(200)
  expect((await post(campaignsRoute.POST, null, { name: 'x', channel: 'email' }, analyst)).status).toBe(403)
  expect((await get(campaignsRoute.GET, null, support)).status).toBe(403)
  expect((await get(campaignRoute.GET, c.id, support)).status).toBe(403)

  expect((await get(campaignsRoute.GET, null, cookieB)).json.campaigns).toEqual([])
  const calls: Array<[Handler, string, unknown?]> = [
    [campaignRoute.GET, 'GET'],
    [campaignRoute.PATCH, 'PATCH', { name: 'Stolen' }],
    [campaignRoute.DELETE, 'DELETE'],
    [clonePost, 'POST', {}],
    [schedulePost, 'POST', {}],
    [cancelPost, 'POST'],
    [pausePost, 'POST'],
    [resumePost, 'POST'],
    [revertPost, 'POST'],
    [archivePost, 'POST'],
    [unarchivePost, 'POST'],
    [contentRoute.GET, 'GET'],
    [contentRoute.POST, 'POST', { messageId: mid, content: { subject: 'Stolen' } }],
    [templatesRoute.GET, 'GET'],
    [templatesRoute.POST, 'POST', { messageId: mid, templateId: tplB }],
    [variationsRoute.GET, 'GET'],
    [variationsRoute.PUT, 'PUT', { abTest: null, variations: [] }],
    [winnerPost, 'POST', { variationId: 'x' }],
    [smartRoute.GET, 'GET'],
    [smartRoute.POST, 'POST', { enabled: false }],
    [stoRoute.GET, 'GET'],
    [stoRoute.POST, 'POST', { sendStrategy: { method: 'immediate' } }],
    [estimateRoute.GET, 'GET'],
    [estimateRoute.POST, 'POST'],
    [analyticsGet, 'GET'],
    [exportsPost, 'POST', {}],
    [wAudience.GET, 'GET'],
    [wAudience.POST, 'POST', { included: [listB] }],
    [wContent.GET, 'GET'],
    [wContent.POST, 'POST', { messageId: mid, content: {} }],
    [wSchedule.GET, 'GET'],
    [wSchedule.POST, 'POST', { sendStrategy: { method: 'immediate' }, send: true }],
    [wReview, 'GET'],
  ]
  for (const [h, method, body] of calls) {
    const r = await call(h, method, c.id, body, cookieB)
    expect([h.name, method, r.status]).toEqual([h.name, method, 404])
  }
  const row = await db.campaign.findUniqueOrThrow({ where: { id: c.id } })
  expect(row).toMatchObject({ name: 'Mine', status: 'Draft', archived: false })
  expect(JSON.parse((await db.campaignMessage.findUniqueOrThrow({ where: { id: mid } })).content)).toEqual({
    subject: 'Mine',
  })
  expect(await db.campaignEstimation.count({ where: { campaignId: c.id } })).toBe(0)
  expect(await db.download.count({ where: { companyId: B } })).toBe(0)
})

test("tags: set on create and update, the tag filter of the list, another company's tag refused", async () => {
  await db.tagGroup.create({ data: { id: 'tgA', companyId: A, name: 'Season' } })
  await db.tag.create({ data: { id: 'tagWinter', companyId: A, groupId: 'tgA', name: 'Winter' } })
  await db.tag.create({ data: { id: 'tagPromo', companyId: A, groupId: 'tgA', name: 'Promo' } })
  await db.tagGroup.create({ data: { id: 'tgB', companyId: B, name: 'Theirs' } })
  await db.tag.create({ data: { id: 'tagB', companyId: B, groupId: 'tgB', name: 'Theirs' } })
  const c = await create({ name: 'Tagged', tagIds: ['tagWinter'] })
  expect(c.tags).toEqual([{ id: 'tagWinter', name: 'Winter' }])
  await create({ name: 'Untagged' })
  expect(
    (await get(campaignsRoute.GET, null, cookieA, '?tag=tagWinter')).json.campaigns.map((x: { id: string }) => x.id),
  ).toEqual([c.id])
  const up = await call(campaignRoute.PATCH, 'PATCH', c.id, { tagIds: ['tagPromo', 'tagWinter'] })
  expect(up.json.campaign.tags).toEqual([
    { id: 'tagPromo', name: 'Promo' },
    { id: 'tagWinter', name: 'Winter' },
  ])
  expect(
    (await get(campaignsRoute.GET, null, cookieA, '?tag=tagPromo')).json.campaigns.map((x: { id: string }) => x.id),
  ).toEqual([c.id])
  const bad = await call(campaignRoute.PATCH, 'PATCH', c.id, { tagIds: ['tagB'] })
  expect([bad.status, bad.json.fieldErrors]).toEqual([400, { tagIds: ['The tag tagB does not exist.'] }])
  expect(
    (
      await db.tagLink.findMany({ where: { resourceType: 'campaign', resourceId: c.id }, orderBy: { tagId: 'asc' } })
    ).map((l) => l.tagId),
  ).toEqual(['tagPromo', 'tagWinter'])
  expect((await get(campaignsRoute.GET, null, cookieB, '?tag=tagWinter')).json.campaigns).toEqual([])
  // One tag per exclusive group
  await db.tagGroup.create({ data: { id: 'tgX', companyId: A, name: 'Stage', exclusive: true } })
  await db.tag.create({ data: { id: 'tagDraft', companyId: A, groupId: 'tgX', name: 'Drafting' } })
  await db.tag.create({ data: { id: 'tagFinal', companyId: A, groupId: 'tgX', name: 'Final' } })
  const excl = await call(campaignRoute.PATCH, 'PATCH', c.id, { tagIds: ['tagDraft', 'tagFinal'] })
  expect([excl.status, excl.json.fieldErrors]).toEqual([
    400,
    { tagIds: ['Only one tag of the exclusive group "Stage" can be on a campaign.'] },
  ])
  expect(
    (await call(campaignRoute.PATCH, 'PATCH', c.id, { tagIds: ['tagFinal', 'tagWinter'] })).json.campaign.tags.map(
      (t: { id: string }) => t.id,
    ),
  ).toEqual(['tagFinal', 'tagWinter'])
})

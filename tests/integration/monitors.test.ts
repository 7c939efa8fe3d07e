/** @jest-environment node */
// Monitor evaluation as a table (injected clock): a metric count over an hour raises one alert
// when first breached, keeps it through the breach, resolves when back to normal and raises
// again on the next breach; each alert is mailed (the account-mail outbox) and POSTed to a
// webhook on a local HTTP server once; a failed webhook is retried on the next run; two
// evaluations of one window raise one alert; a bounce-rate monitor; the endpoints' 400s and
// company isolation.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { db } from '@/lib/db/client'
import { makeCompany, makeUser, signIn, ajaxRequest, params } from '../helpers/factory'
import { event, metric } from '../helpers/campaigns-engine-fixture'
import { evaluateMonitor, evaluateMonitors } from '@/lib/monitors/evaluate-monitors'
import { createMonitor } from '@/lib/monitors/save-monitor'
import { monitorInput } from '@/lib/monitors/monitor-input'
import * as monitorsRoute from '@/app/ajax/monitors/route'
import * as monitorRoute from '@/app/ajax/monitors/[monitorId]/route'
import * as alertsRoute from '@/app/ajax/monitors/alerts/route'
import * as chartRoute from '@/app/ajax/monitors/[monitorId]/chart/route'
import { ensureMonitorJobs, MONITORS_JOB } from '@/lib/monitors/jobs'
import { setQueueClock } from '@/lib/jobs/clock'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { queuedJobs } from '../helpers/queued-jobs'

const H = 3_600_000
const T0 = Date.parse('2026-06-01T09:00:00Z')
const at = (hours: number) => new Date(T0 + hours * H)
let A: number, B: number, cookieA: string, cookieB: string, metricId: string
let server: http.Server, hookUrl: string
const hooks: Array<Record<string, unknown>> = []
let hookStatus = 200

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = '1'
  server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      if (hookStatus === 200) hooks.push(JSON.parse(body))
      res.writeHead(hookStatus).end()
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
  A = (await makeCompany()).id
  B = (await makeCompany()).id
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  metricId = await metric(A, 'Placed Order')
  await db.profile.create({ data: { id: 'pa', companyId: A, email: 'pa@example.test' } })
})
afterAll(async () => {
  delete process.env.WEBHOOKS_ALLOW_PRIVATE
  await new Promise((r) => server.close(r))
})

const mails = (companyId: number) => db.outboxMail.findMany({ where: { companyId }, orderBy: { id: 'asc' } })
const row = (id: string) => db.monitor.findUniqueOrThrow({ where: { id } })

test('a metric count monitor: raise once, keep open, resolve, raise again; notified once per alert', async () => {
  const m = await createMonitor(
    A,
    monitorInput.parse({
      name: 'Orders spike',
      kind: 'metric_count',
      config: { metricId },
      comparator: 'above',
      threshold: 2,
      windowMinutes: 60,
      notify: { emails: ['ops@shop.example'], webhookUrl: hookUrl },
    }),
  )
  // Events per hour window starting at T0 + h.
  const perHour = [1, 3, 5, 0, 4]
  for (const [h, count] of perHour.entries())
    for (let i = 0; i < count; i++) await event(A, 'pa', 'Placed Order', new Date(T0 + h * H + (i + 1) * 60_000))
  const table: Array<[number, Partial<Record<'value' | 'raised' | 'resolved' | 'notified', unknown>> | null, string]> =
    [
      [1 + 5 / 60, { value: 1, raised: false, resolved: false, notified: false }, 'ok'],
      [2 + 5 / 60, { value: 3, raised: true, notified: true }, 'alerting'],
      [2.5, null, 'alerting'], // the same window: not judged again
      [3 + 5 / 60, { value: 5, raised: false, notified: false }, 'alerting'],
      [4 + 5 / 60, { value: 0, resolved: true }, 'ok'],
      [5 + 5 / 60, { value: 4, raised: true, notified: true }, 'alerting'],
    ]
  for (const [hours, expected, state] of table) {
    const r = await evaluateMonitor(await row(m.id), at(hours), 'http://app.test')
    if (expected === null) expect(r).toBeNull()
    else expect(r).toMatchObject(expected)
    expect((await row(m.id)).state).toBe(state)
  }
  const alerts = await db.monitorAlert.findMany({ where: { monitorId: m.id }, orderBy: { raisedAt: 'asc' } })
  expect(alerts.map((a) => [a.value, a.resolvedAt?.toISOString() ?? null, a.dedupeKey])).toEqual([
    [3, at(4 + 5 / 60).toISOString(), `${m.id}:${at(1).toISOString()}`],
    [4, null, `${m.id}:${at(4).toISOString()}`],
  ])
  expect(alerts.every((a) => a.notifiedAt)).toBe(true)
  const sent = await mails(A)
  expect(sent.map((x) => [x.to, x.subject])).toEqual([
    ['ops@shop.example', 'Monitor alert: Orders spike'],
    ['ops@shop.example', 'Monitor alert: Orders spike'],
  ])
  expect(sent[0].text).toContain(`http://app.test/analytics/monitors/${m.id}`)
  expect(hooks.map((h) => (h.alert as { value: number }).value)).toEqual([3, 4])
  expect(hooks[0]).toMatchObject({ type: 'monitor.alert', monitor: { id: m.id, name: 'Orders spike' } })
})

test('two evaluations of one window raise one alert; a failed webhook is retried on the next run', async () => {
  hooks.length = 0
  hookStatus = 500
  const m = await createMonitor(
    A,
    monitorInput.parse({
      name: 'Orders low',
      kind: 'metric_count',
      config: { metricId },
      comparator: 'below',
      threshold: 1,
      windowMinutes: 30,
      notify: { webhookUrl: hookUrl },
    }),
  )
  const snapshot = await row(m.id)
  const now = at(10)
  const results = await Promise.all([
    evaluateMonitor(snapshot, now, 'http://app.test'),
    evaluateMonitor(snapshot, now, 'http://app.test'),
  ])
  expect(results.filter((r) => r?.raised)).toHaveLength(1)
  expect(await db.monitorAlert.count({ where: { monitorId: m.id } })).toBe(1)
  expect((await db.monitorAlert.findFirstOrThrow({ where: { monitorId: m.id } })).notifiedAt).toBeNull()
  hookStatus = 200
  expect(await evaluateMonitor(await row(m.id), new Date(now.getTime() + 60_000), 'http://app.test')).toBeNull()
  expect(hooks).toHaveLength(1)
  expect((await db.monitorAlert.findFirstOrThrow({ where: { monitorId: m.id } })).notifiedAt).not.toBeNull()
  // No emails named and a webhook: no mail to the account's admins.
  expect((await mails(A)).filter((x) => x.text.includes(m.id))).toHaveLength(0)
  await db.monitor.update({ where: { id: m.id }, data: { enabled: false } })
})

test('a bounce-rate monitor over an hour, with the account admins mailed when no address is named', async () => {
  const owner = await makeUser({ companyId: A, role: 'owner', email: 'owner@shop.example' })
  expect(owner.id).toBeGreaterThan(0)
  for (let i = 0; i < 10; i++) {
    await db.profile.create({ data: { id: `b${i}`, companyId: A, email: `b${i}@gmail.com` } })
    await db.send.create({
      data: {
        id: `bs${i}`,
        companyId: A,
        channel: 'email',
        sourceType: 'campaign_message',
        sourceId: 'm1',
        profileId: `b${i}`,
        status: i < 1 ? 'bounced' : 'delivered',
        reason: i < 1 ? 'hard_bounce' : null,
        content: '{}',
        sentAt: at(20.5),
      },
    })
  }
  const m = await createMonitor(
    A,
    monitorInput.parse({
      name: 'Bounces',
      kind: 'bounce_rate',
      comparator: 'above',
      threshold: 0.02,
      windowMinutes: 60,
      config: { minSends: 5 },
    }),
  )
  const [r] = (await evaluateMonitors(at(21.1), 'http://app.test', A)).filter((x) => x.monitorId === m.id)
  expect(r).toMatchObject({ value: 0.1, raised: true, notified: true })
  const mail = (await mails(A)).filter((x) => x.subject === 'Monitor alert: Bounces')
  expect(mail.map((x) => x.to)).toContain('owner@shop.example')
  expect(mail[0].text).toContain('bounce rate 10 % is above 2 %')
})

test('endpoints: create with 400s, list, view, chart, alerts; another company reads and changes none of it', async () => {
  const body = {
    name: 'API monitor',
    kind: 'metric_count',
    config: { metricId },
    comparator: 'above',
    threshold: 100,
    windowMinutes: 60,
  }
  const post = (b: unknown, cookie = cookieA) =>
    monitorsRoute.POST(ajaxRequest('/ajax/monitors', { method: 'POST', cookie, body: b }))
  const bad = async (b: unknown, field: string) => {
    const res = await post(b)
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toContain(field)
  }
  await bad({ ...body, kind: 'weather' }, 'kind')
  await bad({ ...body, config: {} }, 'metricId')
  await bad({ ...body, kind: 'bounce_rate', threshold: 5 }, 'threshold')
  await bad({ ...body, windowMinutes: 1 }, 'windowMinutes')
  await bad({ ...body, notify: { emails: ['nope'] } }, 'emails')
  await bad({ ...body, notify: { webhookUrl: 'ftp://x' } }, 'webhookUrl')
  await bad({ ...body, kind: 'flow_sends', config: { flowId: 'nope' }, comparator: 'below', threshold: 1 }, 'flowId')
  // B cannot watch A's metric.
  const foreign = await post(body, cookieB)
  expect(foreign.status).toBe(400)
  const created = await post(body)
  expect(created.status).toBe(201)
  const { id } = await created.json()
  const list = await (await monitorsRoute.GET(ajaxRequest('/ajax/monitors', { cookie: cookieA }))).json()
  expect(list.monitors.map((x: { name: string }) => x.name)).toContain('API monitor')
  const view = await monitorRoute.GET(
    ajaxRequest(`/ajax/monitors/${id}`, { cookie: cookieA }),
    params({ monitorId: id }),
  )
  expect((await view.json()).monitor.name).toBe('API monitor')
  const chart = await (
    await chartRoute.GET(
      ajaxRequest(`/ajax/monitors/${id}/chart?windows=3`, { cookie: cookieA }),
      params({ monitorId: id }),
    )
  ).json()
  expect(chart.points).toHaveLength(3)
  const alerts = await (await alertsRoute.GET(ajaxRequest('/ajax/monitors/alerts', { cookie: cookieA }))).json()
  expect(alerts.total).toBeGreaterThanOrEqual(3)
  // Company B
  expect((await (await monitorsRoute.GET(ajaxRequest('/ajax/monitors', { cookie: cookieB }))).json()).monitors).toEqual(
    [],
  )
  expect((await (await alertsRoute.GET(ajaxRequest('/ajax/monitors/alerts', { cookie: cookieB }))).json()).total).toBe(
    0,
  )
  expect(
    (await monitorRoute.GET(ajaxRequest(`/ajax/monitors/${id}`, { cookie: cookieB }), params({ monitorId: id })))
      .status,
  ).toBe(404)
  const put = await monitorRoute.PUT(
    ajaxRequest(`/ajax/monitors/${id}`, { method: 'PUT', cookie: cookieB, body: { ...body, config: {} } }),
    params({ monitorId: id }),
  )
  expect(put.status).toBe(400)
  const del = await monitorRoute.DELETE(
    ajaxRequest(`/ajax/monitors/${id}`, { method: 'DELETE', cookie: cookieB }),
    params({ monitorId: id }),
  )
  expect(del.status).toBe(404)
  expect(await db.monitor.count({ where: { id } })).toBe(1)
})

test('the periodic job: booked at the next 5-minute mark, judges the monitors on the queue clock, books the next run', async () => {
  const m = await createMonitor(
    A,
    monitorInput.parse({
      name: 'Job-run orders',
      kind: 'metric_count',
      config: { metricId },
      comparator: 'above',
      threshold: 0,
      windowMinutes: 60,
      notify: { emails: ['jobs@shop.example'] },
    }),
  )
  await event(A, 'pa', 'Placed Order', at(40.5))
  setQueueClock(at(41 + 2 / 60))
  try {
    await ensureMonitorJobs()
    const [booked] = (await queuedJobs({ type: MONITORS_JOB })).filter((j) => j.status === 'queued')
    expect(booked!.runAt.toISOString()).toBe(at(41 + 5 / 60).toISOString())
    setQueueClock(booked!.runAt)
    await runJobsUntilIdle()
    expect(await db.monitorAlert.findFirst({ where: { monitorId: m.id } })).toMatchObject({
      value: 1,
      resolvedAt: null,
    })
    const next = (await queuedJobs({ type: MONITORS_JOB })).filter((j) => j.status === 'queued')
    expect(next.map((j) => j.runAt.toISOString())).toEqual([at(41 + 10 / 60).toISOString()])
  } finally {
    setQueueClock(null)
  }
})

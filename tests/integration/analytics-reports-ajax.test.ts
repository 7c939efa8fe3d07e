/** @jest-environment node */
// The report builder and dashboards through the real /ajax route handlers: a run (inline, and
// queued for the worker), its CSV download, bad definitions (400 naming the field), saved
// reports (create, edit, duplicate, delete, share flag, history), the email schedule (once per
// period, injectable clock), dashboards and cards, and company B reading none of company A's rows.
import { useTestDatabase } from '@/tests/helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { POST as postRun } from '@/app/ajax/analytics/runs/route'
import { GET as getRun } from '@/app/ajax/analytics/runs/[id]/route'
import { GET as getCsv } from '@/app/ajax/analytics/runs/[id]/csv/route'
import { GET as listReports, POST as postReport } from '@/app/ajax/analytics/reports/route'
import { GET as getReport, PUT as putReport, DELETE as deleteReport } from '@/app/ajax/analytics/reports/[id]/route'
import { POST as duplicate } from '@/app/ajax/analytics/reports/[id]/duplicate/route'
import { GET as history, POST as runSaved } from '@/app/ajax/analytics/reports/[id]/runs/route'
import { GET as library } from '@/app/ajax/analytics/library/route'
import { GET as listDashboards, POST as postDashboard } from '@/app/ajax/analytics/dashboards/route'
import { GET as defaultDashboard } from '@/app/ajax/analytics/dashboards/default/route'
import { GET as getDashboard, PATCH as renameDashboard } from '@/app/ajax/analytics/dashboards/[id]/route'
import { POST as postCard } from '@/app/ajax/analytics/dashboards/[id]/cards/route'
import { PUT as putOrder } from '@/app/ajax/analytics/dashboards/[id]/cards/order/route'
import { PUT as putCard } from '@/app/ajax/analytics/dashboards/[id]/cards/[cardId]/route'
import { GET as cardData } from '@/app/ajax/analytics/dashboards/[id]/cards/[cardId]/data/route'
import { POST as previewCard } from '@/app/ajax/analytics/cards/data/route'
import { GET as curated } from '@/app/ajax/analytics/curated/[name]/route'
import { db } from '@/lib/db/client'
import { createReportRun, executeReportRun, REPORT_RUN_JOB } from '@/lib/analytics/report-runs'
import { sendDueSavedReports } from '@/lib/analytics/report-schedule'
import { ajaxRequest, makeUser, params, signIn } from '@/tests/helpers/factory'
import { queuedJobs } from '@/tests/helpers/queued-jobs'
import { makeMetricsFixture } from './metrics-fixture'

type Handler = (r: Request, c?: { params?: Promise<Record<string, string>> }) => Promise<Response>
let a: Awaited<ReturnType<typeof makeMetricsFixture>>
let b: Awaited<ReturnType<typeof makeMetricsFixture>>
let cookieA: string, cookieA2: string, cookieB: string, emailA: string, emailA2: string

beforeAll(async () => {
  a = await makeMetricsFixture()
  b = await makeMetricsFixture()
  const ua = await makeUser({ companyId: a.company.id, role: 'owner' })
  const ua2 = await makeUser({ companyId: a.company.id, role: 'analyst' })
  emailA = ua.email
  emailA2 = ua2.email
  cookieA = await signIn(ua.id, a.company.id)
  cookieA2 = await signIn(ua2.id, a.company.id)
  cookieB = await signIn((await makeUser({ companyId: b.company.id, role: 'owner' })).id, b.company.id)
})

async function call(
  h: Handler,
  url: string,
  cookie: string,
  opts: { method?: string; body?: unknown; p?: Record<string, string> } = {},
) {
  const res = await h(
    ajaxRequest(url, { cookie, method: opts.method, body: opts.body }),
    opts.p ? params(opts.p) : undefined,
  )
  const text = await res.text()
  let body: any = text // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    body = JSON.parse(text)
  } catch {}
  return { status: res.status, body, headers: res.headers }
}

const byCategory = () => ({
  source: { type: 'metric', metricId: a.metricId },
  measurements: ['count', 'sum_value'],
  groupBy: [{ type: 'event_property', name: 'Category' }],
  timeframe: { range: 'custom', start: '2024-03-08', end: '2024-03-12' },
})

describe('runs', () => {
  test('a small run completes in the request; GET polls it; the CSV has the table', async () => {
    const r = await call(postRun, '/ajax/analytics/runs', cookieA, {
      method: 'POST',
      body: { definition: byCategory() },
    })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ status: 'complete', progress: 100 })
    expect(r.body.result.rows[0]).toEqual(['Shoes', 3, 18.75])
    const polled = await call(getRun, `/ajax/analytics/runs/${r.body.id}`, cookieA, { p: { id: r.body.id } })
    expect(polled.body.result.totals).toEqual({ count: 7, sum_value: 46.75 })
    const csv = await call(getCsv, `/ajax/analytics/runs/${r.body.id}/csv`, cookieA, { p: { id: r.body.id } })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="placed-order-\d{4}-\d{2}-\d{2}\.csv"/,
    )
    expect(csv.body).toBe(
      'Category,Count,Value\r\nShoes,3,18.75\r\nBags,1,0\r\nHats,1,5\r\nshoes-premium,1,20\r\n,1,3\r\n',
    )
  })

  test('a large run is a queued job: the request answers queued, the worker completes it', async () => {
    const run = await createReportRun(a.company.id, { definition: byCategory(), inline: 'never' })
    expect(run.status).toBe('queued')
    const jobs = await queuedJobs({ companyId: a.company.id, type: REPORT_RUN_JOB })
    expect(jobs.length).toBeGreaterThan(0)
    const r = await call(getCsv, `/ajax/analytics/runs/${run.id}/csv`, cookieA, { p: { id: run.id } })
    expect(r.status).toBe(409)
    await executeReportRun(a.company.id, run.id)
    const done = await call(getRun, `/ajax/analytics/runs/${run.id}`, cookieA, { p: { id: run.id } })
    expect(done.body).toMatchObject({ status: 'complete', progress: 100 })
  })

  test.each<[string, Record<string, unknown>, string]>([
    ['unknown metric', { source: { type: 'metric', metricId: 'nope' } }, 'definition.source.metricId'],
    [
      'unknown operator',
      { filters: [{ field: 'Category', op: 'sounds_like', value: 'x' }] },
      'definition.filters.0.op',
    ],
    ['unknown dimension', { groupBy: [{ type: 'planet' }] }, 'definition.groupBy.0.type'],
    [
      'out-of-range timeframe',
      { timeframe: { range: 'custom', start: '2020-01-01', end: '2024-01-01' } },
      'definition.timeframe.end',
    ],
    ['too many groups', { limit: 5000 }, 'definition.limit'],
  ])('400 for %s, naming the field', async (_, patch, field) => {
    const r = await call(postRun, '/ajax/analytics/runs', cookieA, {
      method: 'POST',
      body: { definition: { ...byCategory(), ...patch } },
    })
    expect(r.status).toBe(400)
    expect(Object.keys(r.body.fieldErrors)).toContain(field)
  })
})

describe('saved reports', () => {
  let id: string
  test('create, list, edit, run, history, duplicate, delete', async () => {
    const created = await call(postReport, '/ajax/analytics/reports', cookieA, {
      method: 'POST',
      body: { name: 'Orders by category', definition: byCategory() },
    })
    expect(created.status).toBe(201)
    id = created.body.id
    expect(created.body).toMatchObject({ name: 'Orders by category', shared: true, schedule: 'none', nextRunAt: null })
    const edited = await call(putReport, `/ajax/analytics/reports/${id}`, cookieA, {
      method: 'PUT',
      p: { id },
      body: {
        name: 'Orders by category (weekly)',
        definition: byCategory(),
        schedule: 'weekly',
        recipients: [emailA2.toUpperCase()],
      },
    })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ schedule: 'weekly', recipients: [emailA2.toLowerCase()] })
    expect(edited.body.nextRunAt).not.toBeNull()
    const ran = await call(runSaved, `/ajax/analytics/reports/${id}/runs`, cookieA, { method: 'POST', p: { id } })
    expect(ran.body.status).toBe('complete')
    const runs = await call(history, `/ajax/analytics/reports/${id}/runs`, cookieA, { p: { id } })
    expect(runs.body.runs.map((r: { id: string; result: unknown }) => [r.id, r.result])).toEqual([[ran.body.id, null]])
    const copy = await call(duplicate, `/ajax/analytics/reports/${id}/duplicate`, cookieA, {
      method: 'POST',
      p: { id },
    })
    expect(copy.body).toMatchObject({ name: 'Orders by category (weekly) (copy)', schedule: 'none' })
    const listed = await call(listReports, '/ajax/analytics/reports', cookieA)
    expect(listed.body.reports.map((r: { id: string }) => r.id).sort()).toEqual([id, copy.body.id].sort())
    expect(
      (
        await call(deleteReport, `/ajax/analytics/reports/${copy.body.id}`, cookieA, {
          method: 'DELETE',
          p: { id: copy.body.id },
        })
      ).status,
    ).toBe(200)
    expect(
      (await call(getReport, `/ajax/analytics/reports/${copy.body.id}`, cookieA, { p: { id: copy.body.id } })).status,
    ).toBe(404)
  })

  test('recipients must be users of the account; an unshared report is its author’s alone', async () => {
    const outsider = await call(postReport, '/ajax/analytics/reports', cookieA, {
      method: 'POST',
      body: { name: 'x', definition: byCategory(), schedule: 'daily', recipients: ['someone@else.test'] },
    })
    expect(outsider.status).toBe(400)
    expect(Object.keys(outsider.body.fieldErrors)).toEqual(['recipients'])
    const mine = await call(postReport, '/ajax/analytics/reports', cookieA, {
      method: 'POST',
      body: { name: 'Private', definition: byCategory(), shared: false },
    })
    expect((await call(getReport, '/x', cookieA2, { p: { id: mine.body.id } })).status).toBe(404)
    const list2 = await call(listReports, '/ajax/analytics/reports', cookieA2)
    expect(list2.body.reports.map((r: { name: string }) => r.name)).not.toContain('Private')
  })

  test('the schedule mails each period once, to the chosen users, with the table inline', async () => {
    const report = await db.savedReport.findUniqueOrThrow({ where: { id } })
    const first = report.nextRunAt!
    const before = await db.outboxMail.count({ where: { companyId: a.company.id } })
    expect(await sendDueSavedReports(new Date(first.getTime() - 1000))).toBe(0)
    expect(await sendDueSavedReports(new Date(first.getTime() + 1000))).toBe(1)
    // Again within the period (a second worker, a retried job): nothing more.
    expect(await sendDueSavedReports(new Date(first.getTime() + 5000))).toBe(0)
    const mails = await db.outboxMail.findMany({ where: { companyId: a.company.id }, skip: before })
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [emailA2.toLowerCase(), 'Report: Orders by category (weekly)'],
    ])
    expect(mails[0]!.html).toContain('<td>Shoes</td><td>3</td><td>18.75</td>')
    // A week later: the next period.
    expect(await sendDueSavedReports(new Date(first.getTime() + 7 * 86_400_000 + 1000))).toBe(1)
    const runs = await db.reportRun.findMany({ where: { reportId: id, trigger: 'schedule' } })
    expect(runs).toHaveLength(2)
  })

  test('the library resolves its metrics for the account', async () => {
    const r = await call(library, '/ajax/analytics/library', cookieA)
    const orders = r.body.entries.find((e: { key: string }) => e.key === 'revenue_by_campaign')
    expect(orders.definition.source).toEqual({ type: 'metric', metricId: a.metricId })
    const products = r.body.entries.find((e: { key: string }) => e.key === 'orders_by_product')
    expect(products).toMatchObject({ definition: null, missingMetric: 'Ordered Product' })
  })
})

describe('dashboards', () => {
  test('the default dashboard is created once; cards are added, edited, reordered and read', async () => {
    const first = await call(defaultDashboard, '/ajax/analytics/dashboards/default', cookieA)
    const again = await call(defaultDashboard, '/ajax/analytics/dashboards/default', cookieA)
    expect(again.body.id).toBe(first.body.id)
    expect(first.body.cards.length).toBeGreaterThan(4)
    const created = await call(postDashboard, '/ajax/analytics/dashboards', cookieA, {
      method: 'POST',
      body: { name: 'Mine' },
    })
    const d = created.body.id
    const renamed = await call(renameDashboard, '/x', cookieA, {
      method: 'PATCH',
      p: { id: d },
      body: { name: 'Ours' },
    })
    expect(renamed.body.name).toBe('Ours')
    const card = (body: unknown) => call(postCard, '/x', cookieA, { method: 'POST', p: { id: d }, body })
    const c1 = await card({
      kind: 'metric',
      title: 'Orders',
      config: { metricId: a.metricId, measurement: 'count' },
      timeframe: 'last_7_days',
    })
    const c2 = await card({
      kind: 'table',
      title: 'By category',
      config: { metricId: a.metricId, property: 'Category' },
    })
    expect([c1.status, c2.status]).toEqual([201, 201])
    expect((await card({ kind: 'metric', title: 'B', config: { metricId: b.metricId } })).status).toBe(400)
    expect((await card({ kind: 'metric', title: 'x', config: {}, timeframe: 'custom' })).status).toBe(400)
    const edited = await call(putCard, '/x', cookieA, {
      method: 'PUT',
      p: { id: d, cardId: c1.body.id },
      body: {
        kind: 'metric',
        title: 'Revenue',
        config: { metricId: a.metricId, measurement: 'sum_value' },
        timeframe: 'alltime',
        compare: false,
      },
    })
    expect(edited.body.spec).toMatchObject({ title: 'Revenue', timeframe: 'alltime', compare: false })
    const data = await call(cardData, '/x', cookieA, { p: { id: d, cardId: c1.body.id } })
    expect(data.body).toEqual({
      type: 'figures',
      figures: [{ key: 'sum_value', value: 46.75, previous: null, money: true }],
    })
    const badOrder = await call(putOrder, '/x', cookieA, {
      method: 'PUT',
      p: { id: d },
      body: { cardIds: [c2.body.id] },
    })
    expect(badOrder.status).toBe(400)
    await call(putOrder, '/x', cookieA, { method: 'PUT', p: { id: d }, body: { cardIds: [c2.body.id, c1.body.id] } })
    const got = await call(getDashboard, '/x', cookieA, { p: { id: d } })
    expect(got.body.cards.map((c: { id: string; position: number }) => [c.id, c.position])).toEqual([
      [c2.body.id, 0],
      [c1.body.id, 1],
    ])
    const list = await call(listDashboards, '/ajax/analytics/dashboards', cookieA)
    expect(list.body.dashboards.map((x: { name: string; isDefault: boolean }) => [x.name, x.isDefault])).toEqual([
      ['Overview', true],
      ['Ours', false],
    ])
  })

  test('curated dashboards list their cards; a card preview reads the account’s own data', async () => {
    const sms = await call(curated, '/x', cookieA, { p: { name: 'sms' } })
    expect(sms.body.cards.map((c: { kind: string }) => c.kind)).toContain('flow_figures')
    expect((await call(curated, '/x', cookieA, { p: { name: 'toString' } })).status).toBe(404)
    const preview = await call(previewCard, '/x', cookieA, {
      method: 'POST',
      body: {
        kind: 'metric',
        title: 'Orders',
        config: { metricName: 'Placed Order' },
        timeframe: 'alltime',
        compare: false,
      },
    })
    expect(preview.body.figures[0].value).toBe(7)
  })
})

describe('tenancy', () => {
  test("company B reads none of company A's runs, reports, dashboards or cards", async () => {
    const run = await createReportRun(a.company.id, { definition: byCategory() })
    const report = await db.savedReport.findFirstOrThrow({ where: { companyId: a.company.id, shared: true } })
    const dash = await db.dashboard.findFirstOrThrow({ where: { companyId: a.company.id }, include: { cards: true } })
    const card = dash.cards[0]!
    expect((await call(getRun, '/x', cookieB, { p: { id: run.id } })).status).toBe(404)
    expect((await call(getCsv, '/x', cookieB, { p: { id: run.id } })).status).toBe(404)
    expect((await call(getReport, '/x', cookieB, { p: { id: report.id } })).status).toBe(404)
    expect((await call(history, '/x', cookieB, { p: { id: report.id } })).status).toBe(404)
    expect(
      (
        await call(putReport, '/x', cookieB, {
          method: 'PUT',
          p: { id: report.id },
          body: { name: 'x', definition: byCategory() },
        })
      ).status,
    ).toBe(404)
    expect((await call(getDashboard, '/x', cookieB, { p: { id: dash.id } })).status).toBe(404)
    expect((await call(cardData, '/x', cookieB, { p: { id: dash.id, cardId: card.id } })).status).toBe(404)
    expect((await call(listReports, '/x', cookieB)).body.reports).toEqual([])
    // A's metric in B's definition is unknown to B.
    const r = await call(postRun, '/x', cookieB, { method: 'POST', body: { definition: byCategory() } })
    expect(r.status).toBe(400)
    // B's default dashboard is B's own, with B's figures.
    const bDefault = await call(defaultDashboard, '/x', cookieB)
    expect(bDefault.body.id).not.toBe(dash.id)
    const emails = await db.outboxMail.findMany({ where: { companyId: b.company.id } })
    expect(emails).toEqual([])
    void emailA
  })
})

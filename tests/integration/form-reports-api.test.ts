/** @jest-environment node */
// POST /api/form-values-reports and /api/form-series-reports on a hand-built activity table:
// totals, uniques and submit_rate (submits / viewed_form) by form and by version, daily series,
// equals/any filters, the company's time zone moving a bucket boundary, another company's
// activity never showing, JSON:API 400s with pointers, the forms:read scope, and the official
// SDK (ReportingApi.queryFormValues / queryFormSeries) over real HTTP.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { ApiKeySession, ReportingApi } from 'klaviyo-api'
import { db } from '@/lib/db/client'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { makeCompany } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'
import { routeTable, type RouteServer } from '../helpers/route-table'
import * as values from '@/app/api/form-values-reports/route'
import * as series from '@/app/api/form-series-reports/route'

const H = 3_600_000
const D0 = Math.floor((Date.now() - 7 * 24 * H) / (24 * H)) * 24 * H
const day = (i: number) => new Date(D0 + i * 24 * H).toISOString().slice(0, 10)
const range = { start: `${day(0)}T00:00:00`, end: `${day(3)}T00:00:00` }
const table = routeTable([
  ['/api/form-values-reports', values],
  ['/api/form-series-reports', series],
])
let A: number, keyA: string, keyB: string, keyNoScope: string, v1: number, v2: number, v3: number
let n = 0

async function report(kind: 'values' | 'series', attributes: Record<string, unknown>, key = keyA) {
  await resetRateLimits()
  return table.call('POST', `/api/form-${kind}-reports`, key, {
    data: { type: `form-${kind === 'values' ? 'values' : 'series'}-report`, attributes },
  })
}
const act = (
  companyId: number,
  formId: string,
  formVersionId: number,
  kind: string,
  visitorId: string,
  hour: number,
  step: number | null = null,
) => ({
  companyId,
  formId,
  formVersionId,
  kind,
  visitorId,
  step,
  occurredAt: new Date(D0 + hour * H),
  eventKey: `e${++n}`,
})

beforeAll(async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {})
  A = (await makeCompany('Forms A')).id
  const B = (await makeCompany('Forms B')).id
  keyA = await makeApiKey(A)
  keyB = await makeApiKey(B)
  keyNoScope = await makeApiKey(A, ['flows:read'])
  for (const [id, cid] of [
    ['F1xxxx', A],
    ['F2xxxx', A],
    ['FBxxxx', B],
  ] as const)
    await db.form.create({ data: { id, companyId: cid, name: id } })
  v1 = (await db.formVersion.create({ data: { formId: 'F1xxxx', companyId: A, definition: '{}' } })).id
  v2 = (
    await db.formVersion.create({
      data: { formId: 'F1xxxx', companyId: A, definition: '{}', variationName: 'Version B' },
    })
  ).id
  v3 = (await db.formVersion.create({ data: { formId: 'F2xxxx', companyId: A, definition: '{}' } })).id
  const vb = (await db.formVersion.create({ data: { formId: 'FBxxxx', companyId: B, definition: '{}' } })).id
  await db.formActivity.createMany({
    data: [
      // F1 version 1, day 0 (10:00 UTC): a views twice, b once; a submits; steps; three qualify.
      act(A, 'F1xxxx', v1, 'viewed_form', 'a', 10),
      act(A, 'F1xxxx', v1, 'viewed_form', 'a', 10),
      act(A, 'F1xxxx', v1, 'viewed_form', 'b', 11),
      act(A, 'F1xxxx', v1, 'submits', 'a', 11),
      act(A, 'F1xxxx', v1, 'viewed_form_step', 'a', 10, 0),
      act(A, 'F1xxxx', v1, 'viewed_form_step', 'a', 11, 1),
      act(A, 'F1xxxx', v1, 'submitted_form_step', 'a', 11, 0),
      act(A, 'F1xxxx', v1, 'qualified_form', 'a', 10),
      act(A, 'F1xxxx', v1, 'qualified_form', 'b', 10),
      act(A, 'F1xxxx', v1, 'qualified_form', 'c', 10),
      // b closes at day 1 02:00 UTC, which is still day 0 in New York.
      act(A, 'F1xxxx', v1, 'closed_form', 'b', 26),
      // F1 version 2: c views on day 1, d views and submits on day 2.
      act(A, 'F1xxxx', v2, 'viewed_form', 'c', 34),
      act(A, 'F1xxxx', v2, 'viewed_form', 'd', 58),
      act(A, 'F1xxxx', v2, 'submits', 'd', 58),
      // F2: one view on day 2; one outside the range.
      act(A, 'F2xxxx', v3, 'viewed_form', 'e', 58),
      act(A, 'F2xxxx', v3, 'viewed_form', 'e', 80),
      // Company B's activity never shows in A's reports.
      act(B, 'FBxxxx', vb, 'viewed_form', 'z', 10),
    ],
  })
})

describe('values', () => {
  test('grouped by form (the default): totals, uniques and submit_rate', async () => {
    const res = await report('values', {
      statistics: [
        'viewed_form',
        'viewed_form_uniques',
        'submits',
        'submit_rate',
        'closed_form',
        'qualified_form',
        'qualified_form_uniques',
        'viewed_form_step',
        'viewed_form_step_uniques',
        'submitted_form_step',
        'submitted_form_step_uniques',
        'closed_form_uniques',
      ],
      timeframe: range,
    })
    expect(res.status).toBe(200)
    expect(res.json.data.type).toBe('form-values-report')
    expect(res.json.data.attributes.results).toEqual([
      {
        groupings: { form_id: 'F1xxxx' },
        statistics: {
          viewed_form: 5,
          viewed_form_uniques: 4,
          submits: 2,
          submit_rate: 0.4,
          closed_form: 1,
          qualified_form: 3,
          qualified_form_uniques: 3,
          viewed_form_step: 2,
          viewed_form_step_uniques: 1,
          submitted_form_step: 1,
          submitted_form_step_uniques: 1,
          closed_form_uniques: 1,
        },
      },
      {
        groupings: { form_id: 'F2xxxx' },
        statistics: {
          viewed_form: 1,
          viewed_form_uniques: 1,
          submits: 0,
          submit_rate: 0,
          closed_form: 0,
          qualified_form: 0,
          qualified_form_uniques: 0,
          viewed_form_step: 0,
          viewed_form_step_uniques: 0,
          submitted_form_step: 0,
          submitted_form_step_uniques: 0,
          closed_form_uniques: 0,
        },
      },
    ])
  })

  test('grouped by version, and filtered by any(form_version_id) / equals(form_id)', async () => {
    const res = await report('values', {
      statistics: ['viewed_form', 'submit_rate'],
      timeframe: range,
      group_by: ['form_id', 'form_version_id'],
    })
    expect(res.json.data.attributes.results).toEqual([
      {
        groupings: { form_id: 'F1xxxx', form_version_id: String(v1) },
        statistics: { viewed_form: 3, submit_rate: 1 / 3 },
      },
      {
        groupings: { form_id: 'F1xxxx', form_version_id: String(v2) },
        statistics: { viewed_form: 2, submit_rate: 0.5 },
      },
      { groupings: { form_id: 'F2xxxx', form_version_id: String(v3) }, statistics: { viewed_form: 1, submit_rate: 0 } },
    ])
    const any = await report('values', {
      statistics: ['viewed_form'],
      timeframe: range,
      group_by: ['form_id', 'form_version_id'],
      filter: `any(form_version_id,["${v2}","${v3}"])`,
    })
    expect(
      any.json.data.attributes.results.map(
        (r: { groupings: { form_version_id: string } }) => r.groupings.form_version_id,
      ),
    ).toEqual([String(v2), String(v3)])
    const eq = await report('values', {
      statistics: ['viewed_form'],
      timeframe: range,
      filter: 'equals(form_id,"F2xxxx")',
    })
    expect(eq.json.data.attributes.results).toEqual([
      { groupings: { form_id: 'F2xxxx' }, statistics: { viewed_form: 1 } },
    ])
  })

  test("another company's key sees only its own form", async () => {
    const res = await report(
      'values',
      { statistics: ['viewed_form'], timeframe: range, filter: 'any(form_id,["F1xxxx","FBxxxx"])' },
      keyB,
    )
    expect(res.json.data.attributes.results).toEqual([
      { groupings: { form_id: 'FBxxxx' }, statistics: { viewed_form: 1 } },
    ])
  })
})

describe('series', () => {
  test('daily in UTC', async () => {
    const res = await report('series', {
      statistics: ['viewed_form', 'submits', 'closed_form'],
      timeframe: range,
      interval: 'daily',
      filter: 'equals(form_id,"F1xxxx")',
    })
    expect(res.status).toBe(200)
    expect(res.json.data.attributes.date_times).toEqual([0, 1, 2].map((i) => `${day(i)}T00:00:00+00:00`))
    expect(res.json.data.attributes.results).toEqual([
      {
        groupings: { form_id: 'F1xxxx' },
        statistics: { viewed_form: [3, 1, 1], submits: [1, 0, 1], closed_form: [0, 1, 0] },
      },
    ])
  })

  test("daily in the company's time zone: the 02:00 UTC close falls on the New York day before", async () => {
    await db.company.update({ where: { id: A }, data: { timezone: 'America/New_York' } })
    try {
      const res = await report('series', {
        statistics: ['closed_form', 'viewed_form'],
        timeframe: range,
        interval: 'daily',
        filter: 'equals(form_id,"F1xxxx")',
      })
      const dt = res.json.data.attributes.date_times as string[]
      expect(dt).toHaveLength(3)
      expect(dt[0]).toMatch(/T0[45]:00:00\+00:00$/)
      expect(res.json.data.attributes.results[0].statistics).toEqual({ closed_form: [1, 0, 0], viewed_form: [3, 1, 1] })
    } finally {
      await db.company.update({ where: { id: A }, data: { timezone: 'UTC' } })
    }
  })

  test('hourly with a version grouping', async () => {
    const res = await report('series', {
      statistics: ['viewed_form'],
      timeframe: { start: `${day(0)}T09:00:00`, end: `${day(0)}T12:00:00` },
      interval: 'hourly',
      group_by: ['form_id', 'form_version_id'],
    })
    expect(res.json.data.attributes.results).toEqual([
      { groupings: { form_id: 'F1xxxx', form_version_id: String(v1) }, statistics: { viewed_form: [0, 2, 1] } },
    ])
  })
})

describe('bad input', () => {
  test('JSON:API 400s with pointers', async () => {
    const bad = await report('values', { statistics: ['viewed_form', 'opens'], timeframe: { key: 'last_forever' } })
    expect(bad.status).toBe(400)
    expect(bad.json.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()).toEqual([
      '/data/attributes/statistics/1',
      '/data/attributes/timeframe/key',
    ])
    const hourly = await report('series', { statistics: ['viewed_form'], timeframe: range, interval: 'hourly' })
    expect(hourly.status).toBe(200)
    const tooLong = await report('series', {
      statistics: ['viewed_form'],
      timeframe: { key: 'last_30_days' },
      interval: 'hourly',
    })
    expect(tooLong.json.errors[0].source.pointer).toBe('/data/attributes/interval')
    const noInterval = await report('series', { statistics: ['viewed_form'], timeframe: range })
    expect(noInterval.json.errors[0].source.pointer).toBe('/data/attributes/interval')
    const group = await report('values', {
      statistics: ['viewed_form'],
      timeframe: range,
      group_by: ['form_version_id'],
    })
    expect(group.json.errors[0].source.pointer).toBe('/data/attributes/group_by')
    const filter = await report('values', {
      statistics: ['viewed_form'],
      timeframe: range,
      filter: 'greater-than(form_id,"x")',
    })
    expect(filter.json.errors[0].source.pointer).toBe('/data/attributes/filter')
    const year = await report('values', {
      statistics: ['viewed_form'],
      timeframe: { start: '2020-01-01T00:00:00', end: '2022-01-01T00:00:00' },
    })
    expect(year.json.errors[0].source.pointer).toBe('/data/attributes/timeframe')
  })

  test('a key without forms:read is refused', async () => {
    expect((await report('values', { statistics: ['viewed_form'], timeframe: range }, keyNoScope)).status).toBe(403)
  })
})

describe('official SDK', () => {
  let server: RouteServer
  beforeAll(async () => {
    server = await table.start({ onRequest: resetRateLimits })
  })
  afterAll(() => server.close())

  test('queryFormValues and queryFormSeries', async () => {
    const reporting = new ReportingApi(new ApiKeySession(keyA))
    reporting.basePath = server.url
    const v = await reporting.queryFormValues({
      data: {
        type: 'form-values-report',
        attributes: { statistics: ['viewed_form', 'submit_rate'], timeframe: range, groupBy: ['form_id'] },
      },
    } as never)
    expect(v.response.status).toBe(200)
    // The SDK leaves the free-form groupings and statistics maps as the server wrote them.
    expect(v.body.data.attributes.results[0]).toMatchObject({
      groupings: { form_id: 'F1xxxx' },
      statistics: { viewed_form: 5, submit_rate: 0.4 },
    })
    const s = await reporting.queryFormSeries({
      data: {
        type: 'form-series-report',
        attributes: { statistics: ['submits'], timeframe: range, interval: 'daily' },
      },
    } as never)
    expect((s.body.data.attributes as unknown as { dateTimes: string[] }).dateTimes).toHaveLength(3)
    expect(s.body.data.attributes.results.map((r) => r.statistics)).toEqual([
      { submits: [1, 0, 1] },
      { submits: [0, 0, 0] },
    ])
  })
})

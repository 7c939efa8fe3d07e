/** @jest-environment node */
// The form report screens' /ajax endpoints: the overview (headline, series, step funnel,
// versions) from hand-built activity, the experiments list / create / start / results / end
// flow, bad input as 400 field errors, and another company's form or experiment as 404.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import * as overview from '@/app/ajax/forms-reports/[formId]/overview/route'
import * as experiments from '@/app/ajax/form-experiments/route'
import * as experiment from '@/app/ajax/form-experiments/[experimentId]/route'
import * as start from '@/app/ajax/form-experiments/[experimentId]/start/route'
import * as end from '@/app/ajax/form-experiments/[experimentId]/end/route'

let cookieA: string, cookieB: string, v1: number, v2: number
const H = 3_600_000
const ago = (h: number) => new Date(Date.now() - h * H)

async function call(
  handler: (r: Request, c?: never) => Promise<Response>,
  path: string,
  cookie: string,
  opts: { method?: string; body?: unknown; p?: Record<string, string> } = {},
) {
  const res = await handler(
    ajaxRequest(path, { method: opts.method, cookie, body: opts.body }),
    params(opts.p ?? {}) as never,
  )
  return { status: res.status, json: await res.json() }
}

beforeAll(async () => {
  const A = (await makeCompany('Report screens A')).id
  const B = (await makeCompany('Report screens B')).id
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  await db.form.create({ data: { id: 'Scr001', companyId: A, name: 'Popup' } })
  v1 = (await db.formVersion.create({ data: { formId: 'Scr001', companyId: A, definition: '{}', status: 'live' } })).id
  v2 = (
    await db.formVersion.create({
      data: { formId: 'Scr001', companyId: A, definition: '{}', variationName: 'Version B' },
    })
  ).id
  let n = 0
  const act = (
    formVersionId: number,
    kind: string,
    visitorId: string,
    hoursAgo: number,
    step: number | null = null,
  ) => ({
    companyId: A,
    formId: 'Scr001',
    formVersionId,
    kind,
    visitorId,
    step,
    occurredAt: ago(hoursAgo),
    eventKey: `s${++n}`,
  })
  await db.formActivity.createMany({
    data: [
      act(v1, 'viewed_form', 'a', 30),
      act(v1, 'viewed_form', 'b', 30),
      act(v1, 'viewed_form', 'c', 5),
      act(v2, 'viewed_form', 'd', 5),
      act(v1, 'submits', 'a', 30),
      act(v1, 'closed_form', 'b', 30),
      act(v1, 'viewed_form_step', 'a', 30, 0),
      act(v1, 'viewed_form_step', 'c', 5, 0),
      act(v1, 'submitted_form_step', 'a', 30, 0),
      act(v1, 'viewed_form_step', 'a', 30, 1),
      act(v1, 'viewed_form', 'old', 24 * 40),
    ],
  })
})

test('overview: headline, series, funnel and versions for the timeframe', async () => {
  const res = await call(overview.GET, '/ajax/forms-reports/Scr001/overview?timeframe=last_7_days', cookieA, {
    p: { formId: 'Scr001' },
  })
  expect(res.status).toBe(200)
  expect(res.json.headline).toEqual({ views: 4, viewers: 4, submits: 1, submitRate: 0.25, closes: 1 })
  expect(res.json.interval).toBe('daily')
  expect(res.json.series.dates).toHaveLength(res.json.series.views.length)
  expect(res.json.series.views.reduce((s: number, v: number) => s + v, 0)).toBe(4)
  expect(res.json.funnel).toEqual([
    { step: 0, views: 2, viewers: 2, submits: 1, submitters: 1 },
    { step: 1, views: 1, viewers: 1, submits: 0, submitters: 0 },
  ])
  expect(res.json.versions).toEqual([
    { id: v1, name: 'Version A', status: 'live', views: 3, submits: 1, submitRate: 1 / 3, closes: 1 },
    { id: v2, name: 'Version B', status: 'draft', views: 1, submits: 0, submitRate: 0, closes: 0 },
  ])
  const year = await call(overview.GET, '/ajax/forms-reports/Scr001/overview?timeframe=last_90_days', cookieA, {
    p: { formId: 'Scr001' },
  })
  expect(year.json.interval).toBe('weekly')
  expect(year.json.headline.views).toBe(5)
  expect(
    (
      await call(overview.GET, '/ajax/forms-reports/Scr001/overview?timeframe=forever', cookieA, {
        p: { formId: 'Scr001' },
      })
    ).status,
  ).toBe(400)
  expect(
    (await call(overview.GET, '/ajax/forms-reports/Scr001/overview', cookieB, { p: { formId: 'Scr001' } })).status,
  ).toBe(404)
})

test('experiments: create, start, results, end; isolation', async () => {
  const bad = await call(experiments.POST, '/ajax/form-experiments', cookieA, {
    method: 'POST',
    body: {
      formId: 'Scr001',
      name: 'T',
      variations: [
        { versionId: v1, weight: 70 },
        { versionId: v2, weight: 20 },
      ],
    },
  })
  expect(bad.status).toBe(400)
  expect(JSON.stringify(bad.json)).toContain('100')
  const created = await call(experiments.POST, '/ajax/form-experiments', cookieA, {
    method: 'POST',
    body: {
      formId: 'Scr001',
      name: 'Headline',
      variations: [
        { versionId: v1, weight: 50 },
        { versionId: v2, weight: 50 },
      ],
    },
  })
  expect(created.status).toBe(201)
  const id = String(created.json.id)
  expect(
    (
      await call(experiments.POST, '/ajax/form-experiments', cookieB, {
        method: 'POST',
        body: {
          formId: 'Scr001',
          name: 'X',
          variations: [
            { versionId: v1, weight: 50 },
            { versionId: v2, weight: 50 },
          ],
        },
      })
    ).status,
  ).toBe(404)

  const list = await call(experiments.GET, '/ajax/form-experiments?formId=Scr001', cookieA)
  expect(list.json.experiments).toEqual([
    expect.objectContaining({
      name: 'Headline',
      status: 'draft',
      variations: [
        { id: v1, name: 'Version A', weight: 50 },
        { id: v2, name: 'Version B', weight: 50 },
      ],
    }),
  ])
  expect((await call(experiments.GET, '/ajax/form-experiments?formId=Scr001', cookieB)).status).toBe(404)

  expect(
    (await call(start.POST, `/ajax/form-experiments/${id}/start`, cookieB, { method: 'POST', p: { experimentId: id } }))
      .status,
  ).toBe(404)
  expect(
    (await call(start.POST, `/ajax/form-experiments/${id}/start`, cookieA, { method: 'POST', p: { experimentId: id } }))
      .json.status,
  ).toBe('running')
  const results = await call(experiment.GET, `/ajax/form-experiments/${id}`, cookieA, { p: { experimentId: id } })
  expect(results.json).toMatchObject({ experiment: { status: 'running' }, significant: false, minViewers: 100 })
  expect(results.json.variations).toHaveLength(2)
  expect(
    (await call(experiment.GET, `/ajax/form-experiments/${id}`, cookieB, { p: { experimentId: id } })).status,
  ).toBe(404)
  expect(
    (await call(experiment.GET, '/ajax/form-experiments/abc', cookieA, { p: { experimentId: 'abc' } })).status,
  ).toBe(404)

  expect(
    (
      await call(end.POST, `/ajax/form-experiments/${id}/end`, cookieA, {
        method: 'POST',
        p: { experimentId: id },
        body: {},
      })
    ).status,
  ).toBe(400)
  const ended = await call(end.POST, `/ajax/form-experiments/${id}/end`, cookieA, {
    method: 'POST',
    p: { experimentId: id },
    body: { winnerVersionId: v2 },
  })
  expect(ended.json).toEqual({ id: Number(id), status: 'completed', winnerVersionId: v2 })
})

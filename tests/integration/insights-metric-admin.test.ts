/** @jest-environment node */
// The custom metric and metric mapping screens' /ajax calls through the real handlers, on the
// issue 28 stores: create, read, change and delete a custom metric; map a figure to it; 400 on
// bad definitions with the field named; another company's metrics can be neither combined nor
// read; an analyst reads but cannot write.
import { useTestDatabase } from '@/tests/helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { GET as listCustom, POST as createCustom } from '@/app/ajax/insights/custom-metrics/route'
import {
  GET as getCustom,
  PUT as putCustom,
  DELETE as deleteCustom,
} from '@/app/ajax/insights/custom-metrics/[id]/route'
import { GET as listMapping, PUT as putMapping } from '@/app/ajax/insights/mapped-metrics/route'
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '@/tests/helpers/factory'

type Handler = (r: Request, c?: { params?: Promise<Record<string, string>> }) => Promise<Response>
const call = async (h: Handler, cookie: string, init: { method?: string; body?: unknown; id?: string } = {}) => {
  const res = await h(
    ajaxRequest('/ajax/insights/x', { cookie, method: init.method ?? 'GET', body: init.body }),
    init.id ? params({ id: init.id }) : undefined,
  )
  return { status: res.status, body: await res.json() }
}

let A: number, B: number, cookieA: string, cookieB: string, cookieAnalyst: string
beforeAll(async () => {
  A = (await makeCompany('Admin A')).id
  B = (await makeCompany('Admin B')).id
  cookieA = await signIn((await makeUser({ companyId: A, role: 'owner' })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B, role: 'owner' })).id, B)
  cookieAnalyst = await signIn((await makeUser({ companyId: A, role: 'analyst' })).id, A)
  for (const [id, c, name] of [
    ['MA1', A, 'Placed Order'],
    ['MA2', A, 'Placed Order POS'],
    ['MB1', B, 'Placed Order'],
  ] as const)
    await db.metric.create({ data: { id, companyId: c, name } })
})

const definition = (ids: string[]) => ({
  aggregation_method: 'value',
  metric_groups: ids.map((metric_id) => ({ metric_id, metric_filters: null, value_property: null })),
})

test('create, list, read, change, map and delete a custom metric', async () => {
  const created = await call(createCustom, cookieA, {
    method: 'POST',
    body: { name: 'All orders', definition: definition(['MA1', 'MA2']) },
  })
  expect(created.status).toBe(201)
  const id = created.body.id
  expect((await call(listCustom, cookieA)).body.customMetrics.map((m: { name: string }) => m.name)).toEqual([
    'All orders',
  ])
  expect((await call(getCustom, cookieA, { id })).body.definition.metric_groups).toHaveLength(2)
  const changed = await call(putCustom, cookieA, {
    method: 'PUT',
    id,
    body: { name: 'Web and POS orders', definition: definition(['MA1', 'MA2']) },
  })
  expect(changed.body.name).toBe('Web and POS orders')
  const mapped = await call(putMapping, cookieA, {
    method: 'PUT',
    body: { kind: 'ordered_product', customMetricId: id },
  })
  expect(mapped.status).toBe(200)
  const list = await call(listMapping, cookieA)
  expect(list.body.mappings.find((m: { kind: string }) => m.kind === 'ordered_product').customMetricId).toBe(id)
  expect((await call(deleteCustom, cookieA, { method: 'DELETE', id })).status).toBe(200)
  expect((await call(getCustom, cookieA, { id })).status).toBe(404)
})

test('400 with the field named; 409 for a duplicate name', async () => {
  const empty = await call(createCustom, cookieA, { method: 'POST', body: { name: 'x', definition: definition([]) } })
  expect(empty.status).toBe(400)
  expect(Object.keys(empty.body.fieldErrors).join()).toMatch(/metricGroups/)
  const foreign = await call(createCustom, cookieA, {
    method: 'POST',
    body: { name: 'y', definition: definition(['MB1']) },
  })
  expect(foreign.status).toBe(400)
  expect(Object.keys(foreign.body.fieldErrors)).toEqual(['definition.metric_groups.0.metric_id'])
  const bad = await call(putMapping, cookieA, { method: 'PUT', body: { kind: 'profit' } })
  expect(bad.status).toBe(400)
  expect(bad.body.fieldErrors.kind).toBeDefined()
  await call(createCustom, cookieA, { method: 'POST', body: { name: 'Twice', definition: definition(['MA1']) } })
  const twice = await call(createCustom, cookieA, {
    method: 'POST',
    body: { name: 'Twice', definition: definition(['MA1']) },
  })
  expect(twice.status).toBe(409)
})

test("another company cannot read, change or map to A's custom metric; an analyst cannot write", async () => {
  const { body } = await call(createCustom, cookieA, {
    method: 'POST',
    body: { name: 'Mine', definition: definition(['MA1']) },
  })
  expect((await call(getCustom, cookieB, { id: body.id })).status).toBe(404)
  expect(
    (
      await call(putCustom, cookieB, {
        method: 'PUT',
        id: body.id,
        body: { name: 'Theirs', definition: definition(['MB1']) },
      })
    ).status,
  ).toBe(404)
  expect((await call(deleteCustom, cookieB, { method: 'DELETE', id: body.id })).status).toBe(404)
  expect(
    (await call(putMapping, cookieB, { method: 'PUT', body: { kind: 'viewed_product', customMetricId: body.id } }))
      .status,
  ).toBe(404)
  expect((await call(listCustom, cookieB)).body.customMetrics).toEqual([])
  expect((await call(listCustom, cookieAnalyst)).status).toBe(200)
  expect(
    (await call(createCustom, cookieAnalyst, { method: 'POST', body: { name: 'No', definition: definition(['MA1']) } }))
      .status,
  ).toBe(403)
})

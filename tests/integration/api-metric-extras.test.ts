/** @jest-environment node */
// Issue 28 §1 part B, metrics and flows: the official SDK (klaviyo-api 23.x) against metric
// properties (the types we infer), custom metrics (CRUD), mapped metrics (revenue is the
// attribution settings' conversion metric) and a flow message's template; another company's
// ids are 404s, bad bodies JSON:API 400s with pointers.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { ApiKeySession, FlowsApi, MetricsApi, CustomMetricEnum, MappedMetricEnum, MetricEnum } from 'klaviyo-api'
import { db } from '@/lib/db/client'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { getAttributionSettings } from '@/lib/attribution/settings'
import { makeCompany } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'
import { callPartB, startPartBServer, type RouteServer } from './api-part-b-routes'

let server: RouteServer
let companyId: number
let otherCompanyId: number
let key: string
let otherKey: string
let metrics: MetricsApi
let otherMetrics: MetricsApi
let flows: FlowsApi

async function failure(p: Promise<unknown>): Promise<{
  status: number
  body: { errors: Array<{ code: string; source?: { pointer?: string; parameter?: string } }> }
}> {
  try {
    await p
  } catch (e) {
    const err = e as { response?: { status: number; data: unknown } }
    return { status: err.response!.status, body: err.response!.data as never }
  }
  throw new Error('expected the call to fail')
}

beforeAll(async () => {
  server = await startPartBServer()
  companyId = (await makeCompany('Metrics B')).id
  otherCompanyId = (await makeCompany('Other metrics B')).id
  key = await makeApiKey(companyId)
  otherKey = await makeApiKey(otherCompanyId)
  metrics = new MetricsApi(new ApiKeySession(key))
  otherMetrics = new MetricsApi(new ApiKeySession(otherKey))
  flows = new FlowsApi(new ApiKeySession(key))
  for (const api of [metrics, otherMetrics, flows]) api.basePath = server.url
  const p = await db.profile.create({ data: { id: 'PrfMetrics', companyId, email: 'm@example.com' } })
  await db.metric.createMany({
    data: [
      { id: 'MetOrder', companyId, name: 'Placed Order' },
      { id: 'MetRefund', companyId, name: 'Refunded Order' },
      { id: 'MetCart', companyId, name: 'Added to Cart' },
      { id: 'MetShop', companyId, name: 'Shop Order' },
    ],
  })
  await db.metric.create({ data: { id: 'MetForeign', companyId: otherCompanyId, name: 'Placed Order' } })
  const props = (i: number) =>
    JSON.stringify({
      Brand: i % 2 ? 'Acme' : 'Zeta',
      Items: ['Hat'],
      Count: i,
      Gift: i === 1,
      When: '2026-03-01T10:00:00Z',
    })
  await db.event.createMany({
    data: [1, 2, 3].map((i) => ({
      companyId,
      profileId: p.id,
      metricId: 'MetOrder',
      ts: 1_780_000_000 + i,
      properties: props(i),
      value: 10 * i,
      uniqueId: `o${i}`,
    })),
  })
})
beforeEach(() => resetRateLimits())
afterAll(async () => {
  await server.close()
})

test('metric properties: the inferred types, sample values, the metric, and 404 for another company', async () => {
  const list = await metrics.getPropertiesForMetric('MetOrder')
  const byName = Object.fromEntries(list.body.data.map((p) => [p.attributes.property, p.attributes.inferredType]))
  expect(byName).toEqual({
    $value: 'Number',
    Brand: 'String',
    Items: 'List',
    Count: 'Number',
    Gift: 'Boolean',
    When: 'Date',
  })
  await resetRateLimits()
  const ids = await metrics.getPropertyIdsForMetric('MetOrder')
  expect(ids.body.data.map((d) => d.id).sort()).toEqual(list.body.data.map((p) => p.id).sort())

  const brand = list.body.data.find((p) => p.attributes.property === 'Brand')!
  await resetRateLimits()
  const one = await metrics.getMetricProperty(brand.id, {
    additionalFieldsMetricProperty: ['sample_values'],
    include: ['metric'],
  })
  expect(one.body.data.attributes).toMatchObject({ label: 'Brand', property: 'Brand', inferredType: 'String' })
  expect([...(one.body.data.attributes.sampleValues as string[])].sort()).toEqual(['Acme', 'Zeta'])
  expect(one.body.included?.[0]).toMatchObject({ type: 'metric', id: 'MetOrder' })
  await resetRateLimits()
  expect((await metrics.getMetricForMetricProperty(brand.id)).body.data?.id).toBe('MetOrder')
  await resetRateLimits()
  expect((await metrics.getMetricIdForMetricProperty(brand.id)).body.data).toEqual({
    type: MetricEnum.Metric,
    id: 'MetOrder',
  })

  for (const call of [
    () => otherMetrics.getMetricProperty(brand.id),
    () => otherMetrics.getPropertiesForMetric('MetOrder'),
    () => metrics.getMetricProperty('not-an-id'),
  ]) {
    await resetRateLimits()
    expect((await failure(call())).status).toBe(404)
  }
})

test('custom metrics: create, read with its metrics, update, delete; bad definitions and foreign metrics are 400s', async () => {
  const created = await metrics.createCustomMetric({
    data: {
      type: CustomMetricEnum.CustomMetric,
      attributes: {
        name: 'All orders',
        definition: {
          aggregationMethod: 'value',
          metricGroups: [
            {
              metricId: 'MetOrder',
              metricFilters: [{ property: 'Brand', filter: { type: 'string', operator: 'equals', value: 'Acme' } }],
              valueProperty: null,
            },
            { metricId: 'MetShop' },
          ],
        },
      },
    },
  })
  expect(created.response.status).toBe(201)
  const id = created.body.data.id
  expect(created.body.data.attributes.definition).toMatchObject({
    aggregationMethod: 'value',
    metricGroups: [{ metricId: 'MetOrder' }, { metricId: 'MetShop' }],
  })
  expect(created.body.data.relationships?.metrics?.data).toEqual([
    { type: 'metric', id: 'MetOrder' },
    { type: 'metric', id: 'MetShop' },
  ])

  const all = await metrics.getCustomMetrics({ include: ['metrics'] })
  expect(all.body.data.map((m) => m.id)).toEqual([id])
  expect(all.body.included?.map((m) => m.id)).toEqual(['MetOrder', 'MetShop'])
  expect((await metrics.getCustomMetric(id)).body.data.attributes.name).toBe('All orders')
  expect((await metrics.getMetricsForCustomMetric(id)).body.data.map((m) => m.id)).toEqual(['MetOrder', 'MetShop'])
  await resetRateLimits()
  expect((await metrics.getMetricIdsForCustomMetric(id)).body.data.map((m) => m.id)).toEqual(['MetOrder', 'MetShop'])

  await resetRateLimits()
  const updated = await metrics.updateCustomMetric(id, {
    data: { type: CustomMetricEnum.CustomMetric, id, attributes: { name: 'Acme orders' } },
  })
  expect(updated.body.data.attributes).toMatchObject({
    name: 'Acme orders',
    definition: { metricGroups: [{ metricId: 'MetOrder' }, { metricId: 'MetShop' }] },
  })

  await resetRateLimits()
  const foreign = await callPartB('POST', '/api/custom-metrics', key, {
    data: {
      type: 'custom-metric',
      attributes: {
        name: 'Foreign',
        definition: {
          aggregation_method: 'count',
          metric_groups: [{ metric_id: 'MetOrder' }, { metric_id: 'MetForeign' }],
        },
      },
    },
  })
  expect(foreign.status).toBe(400)
  expect(foreign.json.errors[0].source.pointer).toBe('/data/attributes/definition/metric_groups/1/metric_id')
  await resetRateLimits()
  const badFilter = await callPartB('POST', '/api/custom-metrics', key, {
    data: {
      type: 'custom-metric',
      attributes: { name: 'Bad', definition: { aggregation_method: 'sum', metric_groups: [] } },
    },
  })
  expect(badFilter.status).toBe(400)
  expect(badFilter.json.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()).toEqual([
    '/data/attributes/definition/aggregation_method',
    '/data/attributes/definition/metric_groups',
  ])
  await resetRateLimits()
  const dup = await callPartB('POST', '/api/custom-metrics', key, {
    data: {
      type: 'custom-metric',
      attributes: {
        name: 'Acme orders',
        definition: { aggregation_method: 'count', metric_groups: [{ metric_id: 'MetOrder' }] },
      },
    },
  })
  expect(dup.status).toBe(409)

  for (const call of [
    () => otherMetrics.getCustomMetric(id),
    () => otherMetrics.getMetricsForCustomMetric(id),
    () => otherMetrics.deleteCustomMetric(id),
  ]) {
    await resetRateLimits()
    expect((await failure(call())).status).toBe(404)
  }
  await resetRateLimits()
  expect(
    (
      await callPartB('PATCH', `/api/custom-metrics/${id}`, otherKey, {
        data: { type: 'custom-metric', id, attributes: { name: 'Mine now' } },
      })
    ).status,
  ).toBe(404)

  await resetRateLimits()
  await metrics.deleteCustomMetric(id)
  expect(await db.customMetric.count({ where: { companyId } })).toBe(0)
})

test('mapped metrics: defaults by name, revenue is the attribution conversion metric, a custom metric for the others', async () => {
  const all = await metrics.getMappedMetrics({ include: ['metric'] })
  const byId = Object.fromEntries(all.body.data.map((m) => [m.id, m.relationships?.metric?.data?.id ?? null]))
  expect(byId).toEqual({
    added_to_cart: 'MetCart',
    cancelled_sales: null,
    ordered_product: null,
    refunded_sales: 'MetRefund',
    revenue: 'MetOrder',
    started_checkout: null,
    viewed_product: null,
  })
  expect(all.body.included?.map((m) => m.id).sort()).toEqual(['MetCart', 'MetOrder', 'MetRefund'])

  await resetRateLimits()
  const revenue = await metrics.updateMappedMetric('revenue', {
    data: {
      type: MappedMetricEnum.MappedMetric,
      id: 'revenue',
      relationships: { metric: { data: { type: MetricEnum.Metric, id: 'MetShop' } } },
    },
  })
  expect(revenue.body.data.relationships?.metric?.data).toEqual({ type: 'metric', id: 'MetShop' })
  // The attribution screen and the reports read the same setting.
  expect((await getAttributionSettings(companyId)).conversionMetricId).toBe('MetShop')
  expect((await metrics.getMetricForMappedMetric('revenue')).body.data?.id).toBe('MetShop')
  expect((await metrics.getMetricIdForMappedMetric('revenue')).body.data).toEqual({ type: 'metric', id: 'MetShop' })

  await resetRateLimits()
  const custom = await callPartB('POST', '/api/custom-metrics', key, {
    data: {
      type: 'custom-metric',
      attributes: {
        name: 'Checkouts',
        definition: { aggregation_method: 'count', metric_groups: [{ metric_id: 'MetCart' }] },
      },
    },
  })
  const customId = custom.json.data.id
  await resetRateLimits()
  await metrics.updateMappedMetric('started_checkout', {
    data: {
      type: MappedMetricEnum.MappedMetric,
      id: 'started_checkout',
      relationships: { customMetric: { data: { type: CustomMetricEnum.CustomMetric, id: customId } } },
    },
  })
  expect((await metrics.getCustomMetricForMappedMetric('started_checkout')).body.data?.attributes.name).toBe(
    'Checkouts',
  )
  expect((await metrics.getCustomMetricIdForMappedMetric('started_checkout')).body.data).toEqual({
    type: 'custom-metric',
    id: customId,
  })

  await resetRateLimits()
  const revenueCustom = await callPartB('PATCH', '/api/mapped-metrics/revenue', key, {
    data: {
      type: 'mapped-metric',
      id: 'revenue',
      relationships: { 'custom-metric': { data: { type: 'custom-metric', id: customId } } },
    },
  })
  expect(revenueCustom.status).toBe(400)
  expect(revenueCustom.json.errors[0].source.pointer).toBe('/data/relationships/custom-metric/data/id')
  await resetRateLimits()
  expect(
    (
      await callPartB('PATCH', '/api/mapped-metrics/revenue', key, {
        data: {
          type: 'mapped-metric',
          id: 'revenue',
          relationships: { metric: { data: { type: 'metric', id: 'MetForeign' } } },
        },
      })
    ).status,
  ).toBe(404)
  expect((await callPartB('GET', '/api/mapped-metrics/profit', key)).status).toBe(404)
  await resetRateLimits()
  expect(
    (await callPartB('PATCH', '/api/mapped-metrics/revenue', key, { data: { type: 'mapped-metric', id: 'profit' } }))
      .status,
  ).toBe(400)
  expect((await getAttributionSettings(companyId)).conversionMetricId).toBe('MetShop')

  // Deleting the custom metric unmaps it.
  await resetRateLimits()
  await callPartB('DELETE', `/api/custom-metrics/${customId}`, key)
  expect((await metrics.getCustomMetricIdForMappedMetric('started_checkout')).body.data).toBeNull()
  // The other company's mapping is its own.
  expect((await otherMetrics.getMappedMetric('revenue')).body.data.relationships?.metric?.data?.id).toBe('MetForeign')
})

test("a flow message's template and its id; another company's message is a 404", async () => {
  await db.template.create({
    data: {
      id: 'TplFlow',
      companyId,
      name: 'Welcome',
      editorType: 'CODE',
      html: '<p>Hi</p>',
      compiledHtml: '<p>Hi</p>',
      compiledText: 'Hi',
    },
  })
  await db.flow.create({ data: { id: 'FlwB', companyId, name: 'Welcome', webhookSecret: 's' } })
  await db.flowAction.create({
    data: { id: 'ActB', flowId: 'FlwB', companyId, versionAdded: 1, actionType: 'send-email', definition: '{}' },
  })
  await db.flowMessage.create({
    data: {
      id: 'MsgB',
      flowId: 'FlwB',
      actionId: 'ActB',
      companyId,
      channel: 'email',
      definition: '{}',
      templateId: 'TplFlow',
    },
  })
  const t = await flows.getTemplateForFlowMessage('MsgB')
  expect(t.body.data).toMatchObject({
    type: 'template',
    id: 'TplFlow',
    attributes: { name: 'Welcome', html: '<p>Hi</p>' },
  })
  expect((await flows.getTemplateIdForFlowMessage('MsgB')).body.data).toEqual({ type: 'template', id: 'TplFlow' })
  expect((await callPartB('GET', '/api/flow-messages/MsgB/template', otherKey)).status).toBe(404)
  const templatesOnly = await makeApiKey(companyId, ['templates:read'])
  expect((await callPartB('GET', '/api/flow-messages/MsgB/relationships/template', templatesOnly)).status).toBe(200)
})

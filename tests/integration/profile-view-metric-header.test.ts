/** @jest-environment node */
// The metric page's header read (lib/profile-view/get-metric-header.ts) on either engine: the
// metric of this company only, whether its recent events carry values, and their currency.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)
import { getMetricHeader } from '@/lib/profile-view/get-metric-header'
import { addEvents } from './metrics-fixture'
import { makeCompany } from '../helpers/factory'

test("values and currency from recent events; another company's or a malformed id is null", async () => {
  const a = await makeCompany()
  const b = await makeCompany()
  const [withValue] = await addEvents(a.id, [
    { metric: 'Placed Order', email: 'x@a.test', time: '2024-01-01T00:00:00Z', value: 12.5, currency: 'EUR' },
    { metric: 'Placed Order', email: 'y@a.test', time: '2024-01-02T00:00:00Z' },
  ])
  const [plain] = await addEvents(a.id, [{ metric: 'Viewed Page', email: 'x@a.test', time: '2024-01-01T00:00:00Z' }])

  expect(await getMetricHeader(a.id, withValue!.metricId)).toMatchObject({
    id: withValue!.metricId,
    name: 'Placed Order',
    hasValues: true,
    currency: 'EUR',
  })
  expect(await getMetricHeader(a.id, plain!.metricId)).toMatchObject({
    name: 'Viewed Page',
    hasValues: false,
    currency: null,
  })
  expect(await getMetricHeader(b.id, withValue!.metricId)).toBeNull()
  expect(await getMetricHeader(a.id, 'bad id!')).toBeNull()
})

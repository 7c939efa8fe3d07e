// The metric page keeps timeframe, granularity, measurement and breakdown in the address
// (issue 12 §4): a reload reads them back, a change writes them without a navigation, and values
// that do not parse fall back to the defaults.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { MetricScreen } from '@/components/metrics/metric-screen'
import { DEFAULT_METRIC_VIEW, metricViewSearch, parseMetricView } from '@/components/metrics/metric-url-state'

const metric = {
  id: 'AAA111',
  name: 'Placed Order',
  integration: 'shopify',
  createdAt: '2025-01-01T00:00:00Z',
  hasValues: true,
  currency: 'USD',
}
const chartCalls: URLSearchParams[] = []

beforeEach(() => {
  chartCalls.length = 0
  window.history.replaceState(null, '', '/metric/AAA111/placed-order')
  // jsdom has no Response class: the few fields the http module reads.
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost')
    let body: unknown = {}
    if (url.pathname.endsWith('/dimensions')) body = { dimensions: [['Brand', 'Brand', 'string']] }
    if (url.pathname.endsWith('/chart')) {
      chartCalls.push(url.searchParams)
      body = {
        metric,
        timeframe: 'x',
        granularity: 'x',
        measurement: 'count',
        timeZone: 'UTC',
        start: '',
        end: '',
        dates: ['2025-03-01T00:00:00+00:00'],
        series: [{ dimension: null, isOther: false, values: [3], total: 3 }],
        total: 3,
      }
    }
    if (url.pathname.endsWith('/events')) body = { events: [], page: 1, pageSize: 25, hasNext: false }
    return {
      ok: true,
      status: 200,
      type: 'basic',
      redirected: false,
      url: url.href,
      headers: new Headers({ 'Content-Type': 'application/json' }),
      text: async () => JSON.stringify(body),
    }
  }) as unknown as typeof fetch
})

const renderAt = (search: string) => {
  window.history.replaceState(null, '', `/metric/AAA111/placed-order${search}`)
  const initial = parseMetricView(new URLSearchParams(search), { hasValues: true })
  return render(
    <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MetricScreen metric={metric} canExport={false} timeZone="UTC" initial={initial} />
      </SWRConfig>
    </NextIntlClientProvider>,
  )
}

describe('parseMetricView', () => {
  test('reads every choice and round-trips through metricViewSearch', () => {
    const s = parseMetricView(
      new URLSearchParams('timeframe=last_90_days&granularity=weekly&measurement=value&by=Brand'),
      { hasValues: true },
    )
    expect(s).toEqual({
      timeframe: { timeframe: 'last_90_days' },
      granularity: 'weekly',
      measurement: 'value',
      by: 'Brand',
    })
    expect(parseMetricView(new URLSearchParams(metricViewSearch(s)), { hasValues: true })).toEqual(s)
    const custom = parseMetricView(new URLSearchParams('timeframe=custom&start=2025-01-01&end=2025-02-01'), {
      hasValues: true,
    })
    expect(custom.timeframe).toEqual({ timeframe: 'custom', start: '2025-01-01', end: '2025-02-01' })
    expect(parseMetricView(new URLSearchParams(metricViewSearch(custom)), { hasValues: true })).toEqual(custom)
  })

  test('unparseable values fall back to the defaults', () => {
    expect(
      parseMetricView(new URLSearchParams('timeframe=forever&granularity=hourly&measurement=median'), {
        hasValues: true,
      }),
    ).toEqual(DEFAULT_METRIC_VIEW)
    expect(
      parseMetricView(new URLSearchParams('timeframe=custom&start=2025-02-01&end=2025-01-01'), { hasValues: true })
        .timeframe,
    ).toEqual({ timeframe: 'last_30_days' })
    expect(parseMetricView(new URLSearchParams('measurement=value'), { hasValues: false }).measurement).toBe('count')
    expect(parseMetricView(new URLSearchParams('timeframe=last_12_months'), { hasValues: true }).granularity).toBe(
      'monthly',
    )
    expect(metricViewSearch(DEFAULT_METRIC_VIEW)).toBe('')
  })
})

test('the page asks for the chart the address names, and writes each change back to the address', async () => {
  renderAt('?timeframe=last_90_days&granularity=weekly&by=Brand')
  await waitFor(() => expect(chartCalls.length).toBeGreaterThan(0))
  const first = chartCalls[0]!
  expect([first.get('timeframe'), first.get('granularity'), first.get('by')]).toEqual([
    'last_90_days',
    'weekly',
    'Brand',
  ])
  expect((screen.getByLabelText('Timeframe') as HTMLSelectElement).value).toBe('last_90_days')

  fireEvent.change(screen.getByLabelText('Granularity'), { target: { value: 'monthly' } })
  fireEvent.click(screen.getByLabelText('Unique profiles'))
  await waitFor(() => expect(new URLSearchParams(window.location.search).get('granularity')).toBe('monthly'))
  expect(window.location.pathname).toBe('/metric/AAA111/placed-order')
  // A reload reads the address back into the same choices.
  expect(parseMetricView(new URLSearchParams(window.location.search), { hasValues: true })).toEqual({
    timeframe: { timeframe: 'last_90_days' },
    granularity: 'monthly',
    measurement: 'unique',
    by: 'Brand',
  })
})

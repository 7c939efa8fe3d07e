// The metric screens: the timeframe picker (seed 002 §3.5 ranges, shared labels where they
// match, custom ranges), the metric list, and the metric page's requests.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { TIMEFRAMES } from '@/lib/metrics/timeframe'
import {
  customRangeError,
  defaultGranularity,
  TIMEFRAME_ORDER,
  timeframeLabel,
} from '@/components/metrics/timeframe-options'
import { TimeframePicker } from '@/components/metrics/timeframe-picker'
import { sortMetrics } from '@/components/metrics/metrics-list-screen'
import { chartRows } from '@/components/metrics/chart-model'

jest.mock('@/lib/client/http', () => ({ http: { get: jest.fn(), post: jest.fn() } }))
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { http } = require('@/lib/client/http') as { http: { get: jest.Mock; post: jest.Mock } }
const { MetricsListScreen } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@/components/metrics/metrics-list-screen') as typeof import('@/components/metrics/metrics-list-screen')
const { MetricScreen } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@/components/metrics/metric-screen') as typeof import('@/components/metrics/metric-screen')

const wrap = (ui: ReactNode) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>
    </NextIntlClientProvider>,
  )
const ok = (data: unknown) => Promise.resolve({ data, status: 200, headers: new Headers() })

describe('timeframe options', () => {
  test('the picker offers exactly the 22 ranges of seed 002 §3.5, each with a label', () => {
    expect([...TIMEFRAME_ORDER].sort()).toEqual([...TIMEFRAMES].sort())
    expect(TIMEFRAME_ORDER).toHaveLength(22)
    for (const tf of TIMEFRAME_ORDER) {
      const { namespace, key } = timeframeLabel(tf)
      const label = key
        .split('.')
        .reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], (messages as Record<string, unknown>)[namespace])
      expect({ tf, label: typeof label }).toEqual({ tf, label: 'string' })
    }
    // Shared labels where they match, including the seed's "alltime" as the shared "all_time".
    expect(timeframeLabel('last_30_days')).toEqual({ namespace: 'timeframes', key: 'last_30_days' })
    expect(timeframeLabel('alltime')).toEqual({ namespace: 'timeframes', key: 'all_time' })
    expect(timeframeLabel('this_week')).toEqual({ namespace: 'metricsScreens', key: 'timeframe.thisWeek' })
  })

  test('default granularities and custom range checks', () => {
    expect(defaultGranularity('last_30_days')).toBe('daily')
    expect(defaultGranularity('last_26_weeks')).toBe('weekly')
    expect(defaultGranularity('last_12_months')).toBe('monthly')
    expect(customRangeError('', '2025-01-02')).toBe('missing')
    expect(customRangeError('2025-01-03', '2025-01-02')).toBe('order')
    expect(customRangeError('2025-01-02', '2025-01-02')).toBeNull()
  })

  test('chart rows put each series under s0, s1, …', () => {
    expect(chartRows(['d1', 'd2'], [{ values: [1, 2] }, { values: [3] }])).toEqual([
      { date: 'd1', s0: 1, s1: 3 },
      { date: 'd2', s0: 2, s1: 0 },
    ])
  })
})

describe('<TimeframePicker>', () => {
  test('labels come from the messages; picking a preset reports it; custom applies once both days are valid', () => {
    const onChange = jest.fn()
    wrap(<TimeframePicker value={{ timeframe: 'last_30_days' }} onChange={onChange} />)
    const select = screen.getByLabelText('Timeframe') as HTMLSelectElement
    expect(select.value).toBe('last_30_days')
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(options).toHaveLength(22)
    expect(options).toEqual(
      expect.arrayContaining(['Last 30 days', 'All time', 'This week', 'Last 13 weeks', 'Custom']),
    )

    fireEvent.change(select, { target: { value: 'last_7_days' } })
    expect(onChange).toHaveBeenLastCalledWith({ timeframe: 'last_7_days' })

    onChange.mockClear()
    fireEvent.change(select, { target: { value: 'custom' } })
    expect(onChange).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-02-10' } })
    expect(onChange).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-02-01' } })
    expect(screen.getByRole('alert')).toHaveTextContent('The end date must be on or after the start date.')
    expect(onChange).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-02-20' } })
    expect(onChange).toHaveBeenLastCalledWith({ timeframe: 'custom', start: '2025-02-10', end: '2025-02-20' })
  })
})

describe('metric screens', () => {
  beforeEach(() => {
    http.get.mockReset()
    http.post.mockReset()
  })

  const metrics = [
    {
      id: 'AAA111',
      name: 'Placed Order',
      integration: 'shopify',
      integrationCategory: null,
      createdAt: '2025-01-01T00:00:00Z',
      updatedAt: '2025-01-01T00:00:00Z',
      eventCount: 120,
      lastEventAt: '2025-03-01T10:00:00Z',
    },
    {
      id: 'BBB222',
      name: 'Active on Site',
      integration: 'api',
      integrationCategory: null,
      createdAt: '2025-01-01T00:00:00Z',
      updatedAt: '2025-01-01T00:00:00Z',
      eventCount: 9000,
      lastEventAt: null,
    },
  ]

  test('sorting the metric list', () => {
    expect(sortMetrics(metrics, 'name', false).map((m) => m.name)).toEqual(['Active on Site', 'Placed Order'])
    expect(sortMetrics(metrics, 'eventCount', true).map((m) => m.name)).toEqual(['Active on Site', 'Placed Order'])
    expect(sortMetrics(metrics, 'eventCount', false).map((m) => m.name)).toEqual(['Placed Order', 'Active on Site'])
  })

  test('the list links each metric to /metric/{id}/{slug} and searches on the server', async () => {
    http.get.mockImplementation((_url: string, opts: { params: { search?: string } }) =>
      ok({
        metrics: opts.params.search
          ? metrics.filter((m) => m.name.toLowerCase().includes(opts.params.search!.toLowerCase()))
          : metrics,
      }),
    )
    wrap(<MetricsListScreen timeZone="UTC" />)
    const rows = await screen.findAllByTestId('metric-row')
    expect(rows).toHaveLength(2)
    expect(within(rows[1]!).getByRole('link', { name: /Placed Order/ })).toHaveAttribute(
      'href',
      '/metric/AAA111/placed-order',
    )
    expect(rows[0]).toHaveTextContent('9,000')
    expect(rows[0]).toHaveTextContent('No events yet')
    fireEvent.change(screen.getByLabelText('Search metrics'), { target: { value: 'placed' } })
    await waitFor(() => expect(screen.getAllByTestId('metric-row')).toHaveLength(1))
    expect(http.get).toHaveBeenLastCalledWith(
      '/ajax/data/metrics',
      expect.objectContaining({ params: { search: 'placed' } }),
    )
  })

  test('the metric page asks for the chart with timeframe, granularity, measurement and breakdown, and exports', async () => {
    const chart = (params: Record<string, string>) => ({
      metric: { id: 'AAA111', name: 'Placed Order' },
      timeframe: params.timeframe,
      granularity: params.granularity,
      measurement: 'count',
      timeZone: 'UTC',
      start: '',
      end: '',
      dates: ['2025-03-01T00:00:00+00:00', '2025-03-02T00:00:00+00:00'],
      series: params.by
        ? [
            { dimension: 'Mug', isOther: false, values: [1, 2], total: 3 },
            { dimension: null, isOther: true, values: [0, 1], total: 1 },
          ]
        : [{ dimension: null, isOther: false, values: [3, 4], total: 7 }],
      total: params.by ? 4 : 7,
    })
    http.get.mockImplementation((url: string, opts: { params?: Record<string, string> }) => {
      if (url.endsWith('/dimensions'))
        return ok({
          dimensions: [
            ['$value', '$value', 'number'],
            ['ProductName', 'ProductName', 'string'],
          ],
        })
      if (url.endsWith('/chart')) return ok(chart(opts.params ?? {}))
      if (url.endsWith('/events')) {
        return ok({
          events: [
            {
              id: 1,
              time: '2025-03-02T10:00:00Z',
              value: 30,
              currency: 'EUR',
              uniqueId: 'o1',
              metric: { id: 'AAA111', name: 'Placed Order' },
              profile: {
                id: 'P1',
                email: 'ada@example.com',
                phoneNumber: null,
                firstName: 'Ada',
                lastName: null,
                name: 'Ada',
              },
              properties: { ItemNames: ['Mug'] },
            },
          ],
          page: 1,
          pageSize: 25,
          hasNext: false,
        })
      }
      return Promise.reject(new Error('unexpected ' + url))
    })
    http.post.mockImplementation(() => ok({ workerId: 5, downloadId: 9 }))
    wrap(
      <MetricScreen
        metric={{
          id: 'AAA111',
          name: 'Placed Order',
          integration: 'shopify',
          createdAt: '2025-01-01T00:00:00Z',
          hasValues: true,
          currency: 'USD',
        }}
        canExport
        timeZone="UTC"
      />,
    )

    await waitFor(() => expect(screen.getByTestId('metric-total')).toHaveTextContent('7'))
    expect(http.get).toHaveBeenCalledWith(
      '/ajax/data/metric/AAA111/chart',
      expect.objectContaining({
        params: expect.objectContaining({ timeframe: 'last_30_days', granularity: 'daily', measurement: 'c' }),
      }),
    )
    const feed = await screen.findByTestId('metric-feed')
    expect(within(feed).getByRole('link', { name: 'Ada' })).toHaveAttribute('href', '/profile/P1')
    expect(feed).toHaveTextContent('€30.00')

    fireEvent.change(screen.getByLabelText('Timeframe'), { target: { value: 'last_12_months' } })
    await waitFor(() =>
      expect(http.get).toHaveBeenLastCalledWith(
        '/ajax/data/metric/AAA111/chart',
        expect.objectContaining({
          params: expect.objectContaining({ timeframe: 'last_12_months', granularity: 'monthly' }),
        }),
      ),
    )
    fireEvent.click(screen.getByLabelText('Unique profiles'))
    await waitFor(() =>
      expect(http.get).toHaveBeenLastCalledWith(
        '/ajax/data/metric/AAA111/chart',
        expect.objectContaining({
          params: expect.objectContaining({ measurement: 'q' }),
        }),
      ),
    )
    expect(screen.getByLabelText('Value')).toBeInTheDocument()

    const breakdown = screen.getByLabelText('Break down by') as HTMLSelectElement
    await waitFor(() =>
      expect(
        within(breakdown)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['No breakdown', 'ProductName']),
    )
    fireEvent.change(breakdown, { target: { value: 'ProductName' } })
    const totals = await screen.findByTestId('metric-breakdown-totals')
    expect(
      within(totals)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['Mug3', 'All other values1'])

    await act(async () => {
      fireEvent.click(screen.getByTestId('metric-export'))
    })
    expect(http.post).toHaveBeenCalledWith(
      '/ajax/data/metric/AAA111/export',
      { timeframe: 'last_12_months' },
      expect.anything(),
    )
  })

  test('without values the value measurement is not offered; without metrics_export no export button', async () => {
    http.get.mockImplementation((url: string) =>
      ok(
        url.endsWith('/dimensions')
          ? { dimensions: [] }
          : url.endsWith('/events')
            ? { events: [], page: 1, pageSize: 25, hasNext: false }
            : {
                dates: [],
                series: [],
                total: 0,
                metric: { id: 'X', name: 'Y' },
                timeframe: 'last_30_days',
                granularity: 'daily',
                measurement: 'count',
                timeZone: 'UTC',
                start: '',
                end: '',
              },
      ),
    )
    wrap(
      <MetricScreen
        metric={{
          id: 'X',
          name: 'Viewed Product',
          integration: 'api',
          createdAt: '2025-01-01T00:00:00Z',
          hasValues: false,
          currency: null,
        }}
        canExport={false}
        timeZone="UTC"
      />,
    )
    expect(await screen.findByText('No events in this timeframe.')).toBeInTheDocument()
    expect(screen.queryByLabelText('Value')).not.toBeInTheDocument()
    expect(screen.queryByTestId('metric-export')).not.toBeInTheDocument()
  })
})

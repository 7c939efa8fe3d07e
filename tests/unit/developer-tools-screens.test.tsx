// The developer tools' screens (issue 21 §4): the log table (caller, request, status, latency,
// a link to each request), the logs screen's filters and paging as query parameters, the
// dashboard's totals and tables, the request detail's error body shown as text (escaped), and
// the sample data generator's confirm step.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'

jest.mock('@/lib/client/http', () => ({
  ...jest.requireActual('@/lib/client/http-error'),
  buildUrl: jest.requireActual('@/lib/client/http').buildUrl,
  http: { get: jest.fn(), post: jest.fn() },
}))
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { http } = require('@/lib/client/http') as { http: { get: jest.Mock; post: jest.Mock } }
const { RequestLogTable } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@/components/developer-tools/request-log-table') as typeof import('@/components/developer-tools/request-log-table')
const { DashboardScreen } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@/components/developer-tools/dashboard-screen') as typeof import('@/components/developer-tools/dashboard-screen')
const { LogsScreen } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@/components/developer-tools/logs-screen') as typeof import('@/components/developer-tools/logs-screen')
const { LogDetailScreen } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@/components/developer-tools/log-detail-screen') as typeof import('@/components/developer-tools/log-detail-screen')
const { SampleDataScreen } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@/components/developer-tools/sample-data-screen') as typeof import('@/components/developer-tools/sample-data-screen')

const ok = (data: unknown) => Promise.resolve({ data, status: 200, headers: new Headers() })
const KEY = { kind: 'key' as const, id: 'key:7', name: 'Store sync (pk_Ab3…)' }
const APP = { kind: 'app' as const, id: 'app:abc', name: 'Reviews app' }
const row = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  method: 'GET',
  path: `/api/profiles/${id}`,
  status: 200,
  latencyMs: 12,
  revision: '2026-07-15',
  caller: KEY,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
})

function wrap(ui: ReactNode, resources = ['applications_read', 'applications_write']) {
  const shell = { authorization: { resources } } as unknown as StartupData
  return render(
    <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={shell}>{ui}</ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
}

const DASHBOARD = {
  days: ['2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'],
  callers: [
    { caller: KEY, perDay: [0, 0, 1, 2, 3, 4, 20], total: 30, errors: 3 },
    { caller: APP, perDay: [0, 0, 0, 0, 0, 0, 10], total: 10, errors: 1 },
  ],
  total: 40,
  errors: 4,
  errorRate: 0.1,
  topEndpoints: [{ method: 'GET', path: '/api/profiles/{id}', calls: 25, errors: 0 }],
  recentErrors: [row(9, { method: 'POST', path: '/api/events', status: 400, caller: APP })],
}

const BACKLOG = {
  ok: false,
  problems: ['backlog'],
  checkedAt: '2026-11-20T10:00:00.000Z',
  database: { reachable: true, engine: 'postgresql' },
  workers: { alive: 2, lastBeatAt: '2026-11-20T09:59:58.000Z', lastBeatAgeSeconds: 2 },
  queues: [
    { queue: 'events.ingest', depth: 1250, running: 4, oldestAgeSeconds: 731 },
    { queue: 'segments.recompute', depth: 1, running: 1, oldestAgeSeconds: 0 },
  ],
  totalDepth: 1251,
  oldestAgeSeconds: 731,
  ingestRetries: 0,
}

beforeEach(() => {
  http.get.mockReset().mockImplementation((url: string) => {
    if (url.startsWith('/ajax/developer-tools/backlog')) return ok(BACKLOG)
    if (url.startsWith('/ajax/developer-tools/dashboard')) return ok(DASHBOARD)
    if (url.startsWith('/ajax/developer-tools/logs/'))
      return ok({ log: { ...row(9, { status: 400 }), errorBody: '{\n  "errors": "<script>alert(1)</script>"\n}' } })
    if (url.startsWith('/ajax/developer-tools/logs'))
      return ok({ rows: [row(1), row(2, { status: 404, caller: APP })], total: 60, page: 1, pageSize: 25 })
    if (url.startsWith('/ajax/developer-tools/metrics')) return ok({ metrics: [] })
    if (url.startsWith('/ajax/developer-tools/sample-data'))
      return ok({ limits: { profiles: 100, eventsPerProfile: 50, days: 90, totalEvents: 2000 } })
    return Promise.reject(new Error(`unexpected ${url}`))
  })
  http.post.mockReset()
})

test('the log table shows time, caller, request, status and latency, each row linking to its detail', () => {
  wrap(<RequestLogTable caption="Logs" rows={[row(1), row(2, { status: 503, caller: APP, revision: null })]} />)
  const table = screen.getByRole('table')
  expect(within(table).getAllByRole('row')).toHaveLength(3)
  expect(screen.getByText('Store sync (pk_Ab3…)')).toBeInTheDocument()
  expect(screen.getByText('Reviews app (app)')).toBeInTheDocument()
  expect(screen.getByText('GET /api/profiles/2')).toBeInTheDocument()
  expect(screen.getByText('503')).toBeInTheDocument()
  expect(screen.getAllByText('12 ms')).toHaveLength(2)
  expect(screen.getByTestId('log-2')).toHaveAttribute('href', '/developer-tools/logs/id/2')
})

test('the log table says when nothing matches', () => {
  wrap(<RequestLogTable caption="Logs" rows={[]} />)
  expect(screen.getByText('No requests match these filters.')).toBeInTheDocument()
})

test('the dashboard shows totals, error rate, calls per caller and day, top endpoints and recent errors', async () => {
  wrap(<DashboardScreen />)
  expect(await screen.findByTestId('stat-calls')).toHaveTextContent('40')
  expect(screen.getByTestId('stat-errors')).toHaveTextContent('4')
  expect(screen.getByTestId('stat-error-rate')).toHaveTextContent('10%')
  const perDay = screen.getByRole('region', { name: 'Calls per day' })
  const keyRow = within(perDay).getByText('Store sync (pk_Ab3…)').closest('tr')!
  expect(within(keyRow).getByText('20')).toBeInTheDocument()
  expect(within(keyRow).getByText('30')).toBeInTheDocument()
  expect(screen.getByText('GET /api/profiles/{id}')).toBeInTheDocument()
  expect(screen.getByText('POST /api/events')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Logs' })).toHaveAttribute('href', '/developer-tools/logs')
})

test('the dashboard shows the background jobs: workers, jobs due, the oldest wait per queue, the problem', async () => {
  wrap(<DashboardScreen />)
  expect(await screen.findByTestId('backlog-workers')).toHaveTextContent('2')
  expect(screen.getByTestId('backlog-depth')).toHaveTextContent('1,251')
  expect(screen.getByTestId('backlog-oldest')).toHaveTextContent('731 s')
  expect(screen.getByTestId('backlog-status')).toHaveTextContent('Jobs waiting too long')
  const ingest = screen.getByText('events.ingest').closest('tr')!
  expect(within(ingest).getByText('1,250')).toBeInTheDocument()
  expect(within(ingest).getByText('731 s')).toBeInTheDocument()
})

test('an empty, healthy backlog says so', async () => {
  http.get.mockImplementation((url: string) =>
    url.includes('backlog')
      ? ok({ ...BACKLOG, ok: true, problems: [], queues: [], totalDepth: 0, oldestAgeSeconds: 0 })
      : ok(DASHBOARD),
  )
  wrap(<DashboardScreen />)
  expect(await screen.findByText('No jobs waiting.')).toBeInTheDocument()
  expect(screen.getByTestId('backlog-status')).toHaveTextContent('Healthy')
})

test('the dashboard of an account without calls says how they arrive', async () => {
  http.get.mockImplementation((url: string) =>
    url.includes('backlog')
      ? ok(BACKLOG)
      : ok({ ...DASHBOARD, callers: [], total: 0, errors: 0, errorRate: 0, topEndpoints: [], recentErrors: [] }),
  )
  wrap(<DashboardScreen />)
  expect(await screen.findByText('No API calls yet')).toBeInTheDocument()
})

test('the logs screen sends its filters and pages as query parameters', async () => {
  wrap(<LogsScreen />)
  expect(await screen.findByTestId('logs-total')).toHaveTextContent('Page 1 of 3 · 60 requests')
  fireEvent.change(screen.getByLabelText('Path contains'), { target: { value: '/api/events' } })
  fireEvent.change(screen.getByLabelText('Status'), { target: { value: '4xx' } })
  await waitFor(() => expect(screen.getByRole('option', { name: 'Reviews app (app)' })).toBeInTheDocument())
  fireEvent.change(screen.getByLabelText('Key or app'), { target: { value: 'app:abc' } })
  fireEvent.click(screen.getByRole('button', { name: 'Search' }))
  await waitFor(() =>
    expect(http.get).toHaveBeenCalledWith(
      expect.stringMatching(
        /\/ajax\/developer-tools\/logs\?path=%2Fapi%2Fevents&status=4xx&caller=app%3Aabc&page=1&pageSize=25/,
      ),
      expect.anything(),
    ),
  )
  fireEvent.click(screen.getByRole('button', { name: 'Next' }))
  await waitFor(() => expect(http.get).toHaveBeenCalledWith(expect.stringContaining('page=2'), expect.anything()))
})

test("a request's error body is shown as text, never as markup", async () => {
  const { container } = wrap(<LogDetailScreen eventId="9" />)
  expect(await screen.findByTestId('error-body')).toHaveTextContent('"errors": "<script>alert(1)</script>"')
  expect(container.querySelector('script')).toBeNull()
  expect(screen.getByTestId('log-path')).toHaveTextContent('/api/profiles/9')
})

test('the sample data generator asks for confirmation before writing', async () => {
  http.post.mockImplementation(() => ok({ metricName: 'Placed Order', profiles: 10, events: 50 }))
  wrap(<SampleDataScreen />)
  await screen.findByText(/Up to 100 profiles/)
  fireEvent.click(screen.getByTestId('sample-review'))
  expect(await screen.findByText(/50 events of Placed Order will be added/)).toBeInTheDocument()
  expect(http.post).not.toHaveBeenCalled()
  fireEvent.click(screen.getByTestId('sample-confirm'))
  await waitFor(() =>
    expect(http.post).toHaveBeenCalledWith('/ajax/developer-tools/sample-data', {
      metricName: 'Placed Order',
      profiles: 10,
      eventsPerProfile: 5,
      days: 30,
      confirmed: true,
    }),
  )
  expect(await screen.findByText('Added 50 events of Placed Order for 10 profiles.')).toBeInTheDocument()
})

test('the generator refuses more than the limits before asking, and is read-only for analysts', async () => {
  const { unmount } = wrap(<SampleDataScreen />)
  await screen.findByText(/Up to 100 profiles/)
  fireEvent.change(screen.getByLabelText('Profiles'), { target: { value: '100' } })
  fireEvent.change(screen.getByLabelText('Events per profile'), { target: { value: '50' } })
  fireEvent.click(screen.getByTestId('sample-review'))
  expect(
    await screen.findByText('At most 2000 events at once: fewer profiles or fewer events each.'),
  ).toBeInTheDocument()
  unmount()
  wrap(<SampleDataScreen />, ['applications_read'])
  expect(await screen.findByText('Only managers, admins and owners can add sample data.')).toBeInTheDocument()
  expect(screen.getByTestId('sample-review')).toBeDisabled()
})

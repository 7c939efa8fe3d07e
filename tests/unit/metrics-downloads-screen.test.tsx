// The /downloads screen: table rows with status badges and a Download link when complete,
// polling while an export runs, the empty state and the type filter.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { DownloadsScreen } from '@/components/downloads/downloads-screen'
import type { DownloadItem, DownloadsPage } from '@/components/downloads/downloads-api'

jest.mock('@/lib/client/http', () => ({ http: { get: jest.fn() } }))
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { http } = require('@/lib/client/http') as { http: { get: jest.Mock } }

const wrap = (ui: ReactNode) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
        {ui}
      </NextIntlClientProvider>
    </SWRConfig>,
  )

const item = (over: Partial<DownloadItem>): DownloadItem => ({
  id: 1,
  name: 'placed-order-events.csv',
  type: 'metric_events',
  status: 'complete',
  rowCount: 1234,
  workerId: 9,
  createdAt: '2024-03-12T15:00:00.000Z',
  completedAt: '2024-03-12T15:00:05.000Z',
  url: '/ajax/downloads/1/file',
  ...over,
})
const page = (downloads: DownloadItem[], over: Partial<DownloadsPage> = {}): { data: DownloadsPage } => ({
  data: {
    downloads,
    page: 1,
    pageSize: 25,
    total: downloads.length,
    hasNext: false,
    processing: downloads.some((d) => d.status === 'queued' || d.status === 'processing'),
    ...over,
  },
})

beforeEach(() => http.get.mockReset())

test('rows with status badges; a Download link only for complete files; polls while processing', async () => {
  http.get
    .mockResolvedValueOnce(page([item({ id: 2, name: 'running.csv', status: 'processing', url: null }), item({})]))
    .mockResolvedValue(
      page([item({ id: 2, name: 'running.csv', status: 'complete', url: '/ajax/downloads/2/file' }), item({})]),
    )
  wrap(<DownloadsScreen timeZone="America/New_York" />)
  const table = await screen.findByRole('table')
  const rows = within(table).getAllByRole('row').slice(1)
  expect(within(rows[0]!).getByText('Processing')).toBeInTheDocument()
  expect(within(rows[0]!).queryByRole('link')).toBeNull()
  expect(within(rows[1]!).getByRole('link', { name: 'Download placed-order-events.csv' })).toHaveAttribute(
    'href',
    '/ajax/downloads/1/file',
  )
  expect(within(rows[1]!).getByText('1,234')).toBeInTheDocument()
  expect(within(rows[1]!).getByText('Metric events')).toBeInTheDocument()
  expect(screen.getByRole('status', { name: 'Updating while exports are in progress…' })).toBeInTheDocument()
  // The refresh interval picks up the finished export without a reload.
  await waitFor(() => expect(screen.getAllByTestId('download-link')).toHaveLength(2), { timeout: 4000 })
  expect(http.get).toHaveBeenCalledWith(
    '/ajax/downloads/status',
    expect.objectContaining({ params: { page: 1, row_count: 25, download_type: undefined } }),
  )
})

test('empty state, and the type segment filters the list', async () => {
  http.get.mockResolvedValue(page([]))
  wrap(<DownloadsScreen timeZone="UTC" downloadType="metric_events" />)
  expect(await screen.findByRole('heading', { name: 'No downloads yet' })).toBeInTheDocument()
  expect(screen.getByText(/Showing Metric events only/)).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Show all downloads' })).toHaveAttribute('href', '/downloads')
  expect(http.get.mock.calls[0]![1].params.download_type).toBe('metric_events')
})

test('a failed load shows an error with a retry', async () => {
  http.get.mockRejectedValueOnce(new Error('boom')).mockResolvedValue(page([item({ status: 'failed', url: null })]))
  wrap(<DownloadsScreen timeZone="UTC" />)
  expect(await screen.findByText('We could not load your downloads.')).toBeInTheDocument()
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByText('Failed')).toBeInTheDocument()
})

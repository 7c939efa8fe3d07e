// The catalog sources screens in the browser: the list (empty state, a feed with its schedule,
// last sync, counts and "Sync now", a failed feed with its error, a CSV upload without sync
// actions), the create form (the server's field errors beside the fields, a CSV upload as
// multipart, each success opening the new sync's page) and a sync's page (counts, refused
// entries, the source's history, a failed feed's error, an unknown sync). Only fetch and the
// router are stand-ins.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { ToastProvider } from '@/components/shell/toasts'
import { SourcesScreen } from '@/components/catalog/sources-screen'
import { SourceCreateScreen } from '@/components/catalog/source-create-screen'
import { SyncScreen } from '@/components/catalog/sync-screen'

const push = jest.fn()
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push, replace: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/catalog/sources',
}))

type Handler = (body: unknown) => { status?: number; body: unknown }
let routes: Record<string, Handler>
let calls: Array<{ method: string; path: string; search: string; body: unknown }>
beforeEach(() => {
  push.mockReset()
  calls = []
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body
    calls.push({ method, path: url.pathname, search: url.search, body })
    const h = routes[`${method} ${url.pathname}`]
    const res = h
      ? h(body)
      : { status: 404, body: { success: false, error: 'not_found', message: 'Not found', fieldErrors: {} } }
    const status = res.status ?? 200
    return {
      ok: status < 300,
      status,
      type: 'basic',
      redirected: false,
      url: url.href,
      headers: new Headers(),
      text: async () => JSON.stringify(res.body),
    }
  }) as unknown as typeof fetch
})

const wrap = (ui: ReactNode, resources = ['catalog_read', 'catalog_write', 'back_in_stock_read']) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={{ authorization: { resources } } as unknown as StartupData}>
          <ToastProvider>{ui}</ToastProvider>
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )

// As the backend answers: camelCase keys, ISO dates.
const sync = (over: object = {}) => ({
  id: 'SYNC1',
  sourceId: 'SRC1',
  status: 'complete',
  full: false,
  added: 12,
  updated: 3,
  unchanged: 0,
  unpublished: 1,
  failed: 2,
  error: null,
  entryErrors: [
    { index: 4, externalId: 'BAD-1', message: 'The price must be 0 or more.' },
    { index: 7, externalId: null, message: 'An entry needs an id.' },
  ],
  startedAt: '2026-05-01T08:00:00.000Z',
  finishedAt: '2026-05-01T08:00:04.200Z',
  createdAt: '2026-05-01T07:59:58.000Z',
  ...over,
})
const source = (over: object = {}) => ({
  id: 'SRC1',
  name: 'Main feed',
  kind: 'feed',
  url: 'https://shop.example/feed.json',
  format: 'json',
  scheduleHours: 6,
  nextSyncAt: '2026-05-01T14:00:00.000Z',
  lastSyncAt: '2026-05-01T08:00:04.200Z',
  lastStatus: 'complete',
  createdAt: '2026-04-01T08:00:00.000Z',
  ...over,
})

describe('/catalog/sources', () => {
  test('an account without sources is told how to add one', async () => {
    routes = { 'GET /ajax/catalog/sources': () => ({ body: { success: true, sources: [] } }) }
    wrap(<SourcesScreen />)
    expect(await screen.findByText('No catalog sources yet')).toBeInTheDocument()
    for (const a of screen.getAllByRole('link', { name: 'Add source' }))
      expect(a).toHaveAttribute('href', '/catalog/sources/create')
    expect(screen.getByRole('navigation', { name: 'Catalog sections' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back in stock' })).toHaveAttribute('href', '/catalog/back-in-stock')
  })

  test('each source shows its format, schedule, last sync (linked; its error when it failed) and item counts; "Sync now" queues a sync', async () => {
    routes = {
      'GET /ajax/catalog/sources': () => ({
        body: {
          success: true,
          sources: [
            { ...source(), itemCount: 120, publishedCount: 118, lastSync: sync() },
            {
              ...source({
                id: 'SRC2',
                name: 'Merchant XML',
                format: 'xml',
                url: 'https://shop.example/merchant.xml',
                scheduleHours: 24,
                lastStatus: 'failed',
              }),
              itemCount: 0,
              publishedCount: 0,
              lastSync: sync({
                id: 'SYNC2',
                sourceId: 'SRC2',
                status: 'failed',
                error: 'The feed answered HTTP 500.',
                added: 0,
                updated: 0,
                failed: 0,
                entryErrors: [],
              }),
            },
            {
              ...source({
                id: 'SRC3',
                name: 'spring.csv',
                kind: 'csv',
                url: null,
                format: 'csv',
                scheduleHours: 0,
                nextSyncAt: null,
              }),
              itemCount: 40,
              publishedCount: 39,
              lastSync: sync({ id: 'SYNC3', sourceId: 'SRC3', full: true }),
            },
          ],
        },
      }),
      'POST /ajax/catalog/sync': () => ({ body: { success: true, syncId: 'SYNC9' } }),
      'POST /ajax/catalog/resync': () => ({ body: { success: true, syncId: 'SYNC10' } }),
    }
    wrap(<SourcesScreen />)
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row')
    const feed = rows.find((r) => r.textContent?.includes('Main feed'))!
    expect(feed).toHaveTextContent('JSON')
    expect(feed).toHaveTextContent('https://shop.example/feed.json')
    expect(feed).toHaveTextContent('Every 6 hours')
    expect(feed).toHaveTextContent('Complete')
    expect(feed).toHaveTextContent('12 added · 3 updated · 2 failed')
    expect(feed).toHaveTextContent('120')
    expect(feed).toHaveTextContent('118 published')
    expect(within(feed).getByRole('link', { name: '120 items from Main feed' })).toHaveAttribute(
      'href',
      '/catalog/items?source=SRC1',
    )
    expect(within(feed).getByRole('link', { name: /May 1, 2026/ })).toHaveAttribute('href', '/catalog/sources/SYNC1')

    const xml = rows.find((r) => r.textContent?.includes('Merchant XML'))!
    expect(xml).toHaveTextContent('XML shopping feed')
    expect(xml).toHaveTextContent('Failed')
    expect(xml).toHaveTextContent('The feed answered HTTP 500.')
    expect(xml).toHaveTextContent('Every 24 hours')

    const csv = rows.find((r) => r.textContent?.includes('spring.csv'))!
    expect(csv).toHaveTextContent('CSV upload')
    expect(csv).toHaveTextContent('Uploaded once')
    expect(within(csv).queryByRole('button')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Sync Main feed now' }))
    expect(await screen.findByText('A sync of Main feed is queued.')).toBeInTheDocument()
    expect(calls.find((c) => c.method === 'POST' && c.path === '/ajax/catalog/sync')!.body).toEqual({
      source_id: 'SRC1',
    })
    fireEvent.click(screen.getByRole('button', { name: 'Fully resync Merchant XML' }))
    expect(await screen.findByText('A full resync of Merchant XML is queued.')).toBeInTheDocument()
    expect(calls.find((c) => c.path === '/ajax/catalog/resync')!.body).toEqual({ source_id: 'SRC2' })
  })

  test('without catalog_write there is neither "Add source" nor "Sync now"; without back_in_stock_read no report link', async () => {
    routes = {
      'GET /ajax/catalog/sources': () => ({
        body: { success: true, sources: [{ ...source(), itemCount: 1, publishedCount: 1, lastSync: sync() }] },
      }),
    }
    wrap(<SourcesScreen />, ['catalog_read'])
    expect(await screen.findByText('Main feed')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Add source' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Sync/ })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Back in stock' })).toBeNull()
  })
})

describe('/catalog/sources/create', () => {
  test('a feed refused by the server shows each field error beside its field; a good one opens its first sync', async () => {
    routes = {
      'POST /ajax/catalog/sources': () => ({
        status: 400,
        body: {
          success: false,
          error: 'invalid',
          message: 'Please correct the highlighted fields.',
          fieldErrors: {
            url: ['Enter a full URL starting with http:// or https://.'],
            scheduleHours: ['Sync at most once an hour.'],
          },
        },
      }),
    }
    wrap(<SourceCreateScreen />)
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Main feed' } })
    fireEvent.change(screen.getByLabelText('Feed URL'), { target: { value: 'ftp://shop.example/feed' } })
    fireEvent.change(screen.getByLabelText('Format'), { target: { value: 'xml' } })
    fireEvent.change(screen.getByLabelText('Sync every (hours)'), { target: { value: '0' } })
    fireEvent.click(screen.getByTestId('create-source-submit'))
    const alerts = await screen.findAllByRole('alert')
    expect(alerts.map((a) => a.textContent)).toEqual([
      'Enter a full URL starting with http:// or https://.',
      'Sync at most once an hour.',
    ])
    expect(screen.getByLabelText('Feed URL')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Feed URL')).toHaveAccessibleDescription(/Enter a full URL starting with http/)
    expect(calls[0]!.body).toEqual({
      name: 'Main feed',
      url: 'ftp://shop.example/feed',
      format: 'xml',
      schedule_hours: 0,
    })

    routes['POST /ajax/catalog/sources'] = () => ({ body: { success: true, source: source(), syncId: 'SYNC7' } })
    fireEvent.change(screen.getByLabelText('Feed URL'), { target: { value: 'https://shop.example/feed.xml' } })
    fireEvent.change(screen.getByLabelText('Sync every (hours)'), { target: { value: '12' } })
    fireEvent.click(screen.getByTestId('create-source-submit'))
    await waitFor(() => expect(push).toHaveBeenCalledWith('/catalog/sources/SYNC7'))
    expect(calls[1]!.body).toEqual({
      name: 'Main feed',
      url: 'https://shop.example/feed.xml',
      format: 'xml',
      schedule_hours: 12,
    })
  })

  test('a CSV file is uploaded as multipart `file`; a refused file shows its error, a good one opens its sync', async () => {
    routes = {
      'POST /ajax/catalog/sources': () => ({
        status: 400,
        body: {
          success: false,
          error: 'invalid',
          message: 'The CSV file needs an id column.',
          fieldErrors: { file: ['The CSV file needs an id column.'] },
        },
      }),
    }
    wrap(<SourceCreateScreen />)
    fireEvent.click(screen.getByLabelText('A CSV file'))
    expect(screen.queryByLabelText('Feed URL')).toBeNull()
    fireEvent.click(screen.getByTestId('create-source-submit'))
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a CSV file.')
    expect(calls).toHaveLength(0)

    const file = new File(['name,price\nX,1\n'], 'products.csv', { type: 'text/csv' })
    fireEvent.change(screen.getByTestId('source-file'), { target: { files: [file] } })
    fireEvent.click(screen.getByTestId('create-source-submit'))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The CSV file needs an id column.'))
    const sent = calls[0]!.body as FormData
    expect(sent).toBeInstanceOf(FormData)
    expect((sent.get('file') as File).name).toBe('products.csv')
    expect(sent.get('name')).toBeNull()

    routes['POST /ajax/catalog/sources'] = () => ({
      body: { success: true, source: source({ kind: 'csv' }), sync: sync({ id: 'SYNC8' }) },
    })
    fireEvent.change(screen.getByLabelText('Name (optional)'), { target: { value: 'Spring products' } })
    fireEvent.click(screen.getByTestId('create-source-submit'))
    await waitFor(() => expect(push).toHaveBeenCalledWith('/catalog/sources/SYNC8'))
    expect((calls[1]!.body as FormData).get('name')).toBe('Spring products')
  })
})

describe('/catalog/sources/{syncID}', () => {
  test('a sync shows when it ran, its counts, each refused entry and the source history', async () => {
    routes = {
      'GET /ajax/catalog/sync/SYNC1': () => ({ body: { success: true, sync: sync() } }),
      'GET /ajax/catalog/sources/SRC1': () => ({
        body: {
          success: true,
          source: source(),
          syncs: [
            sync({ id: 'SYNC5', createdAt: '2026-05-02T08:00:00.000Z', status: 'failed', error: 'HTTP 500' }),
            sync(),
          ],
        },
      }),
      'POST /ajax/catalog/sync': () => ({ body: { success: true, syncId: 'SYNC6' } }),
    }
    wrap(<SyncScreen syncId="SYNC1" />)
    expect(await screen.findByRole('heading', { name: 'Sync of Main feed' })).toBeInTheDocument()
    const summary = screen.getByTestId('sync-summary')
    expect(summary).toHaveTextContent('Complete')
    expect(summary).toHaveTextContent('May 1, 2026')
    expect(summary).toHaveTextContent('4.2 s')
    const counts = screen.getByTestId('sync-counts')
    for (const text of ['Created12', 'Updated3', 'Unchanged0', 'Unpublished1', 'Failed2'])
      expect(counts).toHaveTextContent(text)
    const errors = screen.getByRole('table', { name: 'Entries that could not be imported' })
    const rows = within(errors).getAllByRole('row').slice(1)
    expect(rows.map((r) => r.textContent)).toEqual(['5BAD-1The price must be 0 or more.', '8—An entry needs an id.'])
    const history = screen.getByRole('table', { name: 'Sync history of this source' })
    expect(within(history).getByRole('link', { name: /May 2, 2026/ })).toHaveAttribute('href', '/catalog/sources/SYNC5')
    expect(within(history).getByText('(this sync)')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'All sources' })).toHaveAttribute('href', '/catalog/sources')

    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }))
    await waitFor(() => expect(push).toHaveBeenCalledWith('/catalog/sources/SYNC6'))
  })

  test("a failed sync shows the feed's error and that the catalog was kept; an unknown sync says so", async () => {
    routes = {
      'GET /ajax/catalog/sync/SYNC2': () => ({
        body: {
          success: true,
          sync: sync({
            id: 'SYNC2',
            status: 'failed',
            error: 'The feed is an HTML page, not JSON.',
            added: 0,
            updated: 0,
            unpublished: 0,
            failed: 0,
            entryErrors: [],
          }),
        },
      }),
      'GET /ajax/catalog/sources/SRC1': () => ({ body: { success: true, source: source(), syncs: [] } }),
    }
    const { unmount } = wrap(<SyncScreen syncId="SYNC2" />)
    expect(await screen.findByTestId('sync-error')).toHaveTextContent('The feed is an HTML page, not JSON.')
    expect(screen.getByText('Nothing in your catalog was changed.')).toBeInTheDocument()
    expect(screen.getByText('Every entry was imported.')).toBeInTheDocument()
    unmount()

    wrap(<SyncScreen syncId="NOPE" />)
    expect(await screen.findByText('This sync does not exist.')).toBeInTheDocument()
  })
})

// /settings/other/bis-settings and /settings/other/web-feeds in the browser: the saved settings,
// a save sent as numbers, a field error from the server under its field, read-only without the
// write resource; web feeds empty state, add (field errors), edit, delete after confirming, and
// how to use a feed in a template. Only fetch is a stand-in.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { ToastProvider } from '@/components/shell/toasts'
import { BisSettingsScreen } from '@/components/settings/bis-settings-screen'
import { WebFeedsScreen } from '@/components/settings/web-feeds-screen'

let routes: Record<string, (body: unknown) => { status?: number; body: unknown }>
let sent: Array<{ method: string; path: string; body: unknown }>
beforeEach(() => {
  sent = []
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    if (method !== 'GET') sent.push({ method, path: url.pathname, body })
    const h = routes[`${method} ${url.pathname}`]
    const res = h ? h(body) : { status: 404, body: { error: 'not_found', message: 'Not found' } }
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
const wrap = (ui: ReactNode, resources: string[]) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={{ authorization: { resources } } as unknown as StartupData}>
          <ToastProvider>{ui}</ToastProvider>
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )

describe('back-in-stock settings', () => {
  const defaults = { inventoryThreshold: 0, batchSize: 100, batchIntervalMinutes: 15 }
  beforeEach(() => {
    routes = {
      'GET /ajax/account/bis-settings': () => ({
        body: { settings: { inventoryThreshold: 2, batchSize: 50, batchIntervalMinutes: 10 }, defaults },
      }),
      'PUT /ajax/account/bis-settings': (b) => {
        const body = b as Record<string, string>
        if (body.batch_size === '0')
          return {
            status: 400,
            body: {
              error: 'invalid',
              message: 'Please correct the highlighted fields.',
              fieldErrors: { batchSize: ['The batch size must be at least 1.'] },
            },
          }
        return {
          body: {
            settings: {
              inventoryThreshold: Number(body.inventory_threshold),
              batchSize: Number(body.batch_size),
              batchIntervalMinutes: Number(body.batch_interval_minutes),
            },
            defaults,
          },
        }
      },
    }
  })

  test('shows the saved values, puts a server field error under its field, saves', async () => {
    wrap(<BisSettingsScreen />, ['account_settings_read', 'account_settings_write'])
    const size = await screen.findByTestId('bis-batchSize')
    expect(screen.getByTestId('bis-inventoryThreshold')).toHaveValue(2)
    expect(size).toHaveValue(50)
    expect(screen.getByText('From 1 to 10,000 subscribers per batch. Default: 100.')).toBeInTheDocument()
    fireEvent.change(size, { target: { value: '0' } })
    fireEvent.click(screen.getByTestId('bis-save'))
    expect(await screen.findByRole('alert')).toHaveTextContent('The batch size must be at least 1.')
    expect(size).toHaveAttribute('aria-invalid', 'true')

    fireEvent.change(size, { target: { value: '250' } })
    fireEvent.change(screen.getByTestId('bis-batchIntervalMinutes'), { target: { value: '30' } })
    fireEvent.click(screen.getByTestId('bis-save'))
    expect(await screen.findByText('Back in stock settings saved.')).toBeInTheDocument()
    expect(sent.at(-1)).toEqual({
      method: 'PUT',
      path: '/ajax/account/bis-settings',
      body: { inventory_threshold: '2', batch_size: '250', batch_interval_minutes: '30' },
    })
    await waitFor(() => expect(screen.getByTestId('bis-batchSize')).toHaveValue(250))
  })

  test('"Use defaults" fills the defaults; read-only without account_settings_write', async () => {
    const { unmount } = wrap(<BisSettingsScreen />, ['account_settings_read', 'account_settings_write'])
    fireEvent.click(await screen.findByTestId('bis-defaults'))
    expect(screen.getByTestId('bis-batchSize')).toHaveValue(100)
    expect(screen.getByTestId('bis-batchIntervalMinutes')).toHaveValue(15)
    expect(sent).toEqual([])
    unmount()
    wrap(<BisSettingsScreen />, ['back_in_stock_read'])
    expect(await screen.findByTestId('bis-batchSize')).toBeDisabled()
    expect(screen.getByText(/You can view these settings but not change them/)).toBeInTheDocument()
    expect(screen.queryByTestId('bis-save')).not.toBeInTheDocument()
  })

  test('a failed load is an alert', async () => {
    routes = {
      'GET /ajax/account/bis-settings': () => ({
        status: 500,
        body: { error: 'server_error', message: 'Something went wrong on our side. Please try again.' },
      }),
    }
    wrap(<BisSettingsScreen />, ['account_settings_read'])
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side')
  })
})

describe('web feeds', () => {
  const feed = (over: object) => ({
    id: 'W1',
    name: 'Blog posts',
    key: 'Blog_posts',
    url: 'https://example.com/feed.json',
    requestMethod: 'get',
    contentType: 'json',
    cacheTtlSeconds: 600,
    status: 'ok',
    lastError: null,
    fetchedAt: '2026-01-02T10:00:00.000Z',
    created: '',
    updated: '',
    ...over,
  })
  let list: unknown[]
  beforeEach(() => {
    list = []
    routes = {
      'GET /ajax/web-feeds': () => ({ body: { feeds: list, max: 100 } }),
      'POST /ajax/web-feeds': (b) => {
        const body = b as Record<string, string>
        if (body.url === 'ftp://x')
          return {
            status: 400,
            body: {
              error: 'invalid',
              message: 'Enter an http or https URL (at most 2,000 characters).',
              fieldErrors: { url: ['Enter an http or https URL (at most 2,000 characters).'] },
            },
          }
        list = [feed({ name: body.name, key: body.name.replace(/\W/g, '_'), url: body.url, fetchedAt: null })]
        return { status: 201, body: { feed: list[0] } }
      },
      'PATCH /ajax/web-feeds/W1': (b) => {
        list = [feed(b as object)]
        return { body: { feed: list[0] } }
      },
      'DELETE /ajax/web-feeds/W1': () => {
        list = []
        return { body: { deleted: true } }
      },
    }
  })

  test('empty, then add with a field error, then the list with its template key', async () => {
    wrap(<WebFeedsScreen />, ['feeds_read', 'feeds_write'])
    expect(await screen.findByText('No web feeds yet')).toBeInTheDocument()
    expect(screen.getByTestId('feed-snippet')).toHaveTextContent('{{ feeds.blog_posts.title }}')
    fireEvent.click(screen.getByTestId('add-feed'))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByTestId('save-feed'))
    expect(await within(dialog).findByText('Enter a name.')).toBeInTheDocument()
    expect(within(dialog).getByText("Enter the feed's URL.")).toBeInTheDocument()
    expect(sent).toEqual([])

    fireEvent.change(within(dialog).getByTestId('feed-name'), { target: { value: 'Events list' } })
    fireEvent.change(within(dialog).getByTestId('feed-url'), { target: { value: 'ftp://x' } })
    fireEvent.click(within(dialog).getByTestId('save-feed'))
    expect(await within(dialog).findByText(/Enter an http or https URL/)).toBeInTheDocument()
    fireEvent.change(within(dialog).getByTestId('feed-url'), { target: { value: 'https://example.com/events.xml' } })
    fireEvent.change(within(dialog).getByLabelText('Content type'), { target: { value: 'xml' } })
    fireEvent.click(within(dialog).getByTestId('save-feed'))
    expect(await screen.findByText('Web feed Events list added.')).toBeInTheDocument()
    expect(sent.at(-1)).toEqual({
      method: 'POST',
      path: '/ajax/web-feeds',
      body: {
        name: 'Events list',
        url: 'https://example.com/events.xml',
        request_method: 'get',
        content_type: 'xml',
        cache_ttl_seconds: '300',
      },
    })
    const table = await screen.findByRole('table', { name: 'Your web feeds' })
    expect(within(table).getByText('feeds.Events_list')).toBeInTheDocument()
    expect(within(table).getByText('Not fetched yet')).toBeInTheDocument()
    expect(screen.getByTestId('feed-snippet')).toHaveTextContent('{{ feeds.Events_list.title }}')
  })

  test('edit and delete after confirming; a failing feed shows its error; read-only without feeds_write', async () => {
    list = [feed({})]
    const { unmount } = wrap(<WebFeedsScreen />, ['feeds_read', 'feeds_write'])
    const table = await screen.findByRole('table', { name: 'Your web feeds' })
    expect(within(table).getByText('10 minutes')).toBeInTheDocument()
    expect(within(table).getByText('Fetched Jan 2, 2026, 10:00 AM')).toBeInTheDocument()
    fireEvent.click(within(table).getByRole('button', { name: 'Edit Blog posts' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByTestId('feed-url')).toHaveValue('https://example.com/feed.json')
    fireEvent.change(within(dialog).getByTestId('feed-cache'), { target: { value: '3600' } })
    fireEvent.click(within(dialog).getByTestId('save-feed'))
    expect(await screen.findByText('Web feed Blog posts saved.')).toBeInTheDocument()
    expect(sent.at(-1)).toMatchObject({
      method: 'PATCH',
      path: '/ajax/web-feeds/W1',
      body: { cache_ttl_seconds: '3600' },
    })
    expect(await within(screen.getByRole('table', { name: 'Your web feeds' })).findByText('1 hour')).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Delete Blog posts' }))
    const confirm = await screen.findByRole('dialog')
    expect(confirm).toHaveTextContent('Templates that use feeds.Blog_posts will read it as empty')
    expect(sent.filter((s) => s.method === 'DELETE')).toEqual([])
    fireEvent.click(within(confirm).getByTestId('confirm-delete'))
    expect(await screen.findByText('No web feeds yet')).toBeInTheDocument()
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/ajax/web-feeds/W1' })
    unmount()

    list = [feed({ status: 'warning_periodic_refresh_timeout', lastError: 'HTTP 500' })]
    wrap(<WebFeedsScreen />, ['feeds_read'])
    const ro = await screen.findByRole('table', { name: 'Your web feeds' })
    expect(within(ro).getByText('Failing')).toBeInTheDocument()
    expect(within(ro).getByText('HTTP 500')).toBeInTheDocument()
    expect(screen.queryByTestId('add-feed')).not.toBeInTheDocument()
    expect(within(ro).queryByRole('button')).not.toBeInTheDocument()
  })
})

// /people/subscribers (issue 12 §4): says why never-subscribed people count, switches to all
// profiles, filters by consent, sorts, and exports what is shown. Only the network is a stand-in.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { ToastProvider } from '@/components/shell/toasts'
import { SubscribersScreen } from '@/components/people/subscribers-screen'

const calls: Array<{ method: string; url: URL; body: unknown }> = []

beforeEach(() => {
  calls.length = 0
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined })
    const body =
      method === 'POST'
        ? { download: { download_id: 4, status: 'complete', row_count: 2, file_name: 'x.csv' } }
        : {
            data: [
              {
                profile_id: 'P1',
                email: 'ann@a.test',
                phone_number: null,
                first_name: 'Ann',
                last_name: null,
                consent: 'never_subscribed',
                consented_at: null,
                created_at: '2026-01-01T00:00:00Z',
              },
            ],
            next_cursor: null,
            total: 1,
          }
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

const renderScreen = (resources = ['profile_read', 'exports_emails']) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={{ authorization: { resources } } as unknown as StartupData}>
          <ToastProvider>
            <SubscribersScreen />
          </ToastProvider>
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
const lastList = () =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/ajax/people/subscribers').pop()!.url.searchParams

test('explains why never-subscribed people count; all profiles, consent filter and sort reach the server', async () => {
  renderScreen()
  expect(await screen.findByTestId('subscribers-explainer')).toHaveTextContent(
    'People who never subscribed are not excluded by that rule',
  )
  await screen.findByTestId('subscribers-table')
  fireEvent.change(screen.getByTestId('people-view'), { target: { value: 'all' } })
  await waitFor(() => expect(lastList().get('view')).toBe('all'))
  expect(screen.queryByTestId('subscribers-explainer')).not.toBeInTheDocument()
  expect(screen.getByRole('heading', { level: 1, name: 'All profiles' })).toBeInTheDocument()
  fireEvent.change(screen.getByTestId('consent-filter'), { target: { value: 'unsubscribed' } })
  fireEvent.change(screen.getByTestId('people-sort'), { target: { value: 'email_asc' } })
  await waitFor(() =>
    expect([lastList().get('consent'), lastList().get('sort')]).toEqual(['unsubscribed', 'email_asc']),
  )

  fireEvent.click(screen.getByTestId('people-export'))
  await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
  const post = calls.find((c) => c.method === 'POST')!
  expect(post.url.pathname).toBe('/ajax/people/subscribers/export')
  expect(post.body).toEqual({ view: 'all', consent: 'unsubscribed', sort: 'email_asc' })
  expect(await screen.findByText(/2 profiles exported/)).toBeInTheDocument()
})

test('no export button without exports_emails', async () => {
  renderScreen(['profile_read'])
  await screen.findByTestId('subscribers-table')
  expect(screen.queryByTestId('people-export')).not.toBeInTheDocument()
})

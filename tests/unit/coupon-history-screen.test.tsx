// /coupon/{id}/history in the browser: codes added (a bulk job with its refused entries, an
// upload), given out (to whom, by which campaign or flow message, linked to its report; paged),
// used; the empty coupon says how codes get there; the coupon screen links to its history for
// readers too. Only fetch and the router are stand-ins.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { ToastProvider } from '@/components/shell/toasts'
import { CouponHistoryScreen } from '@/components/coupons/coupon-history-screen'
import { CouponScreen } from '@/components/coupons/coupon-screen'

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/coupon/C1',
}))
let routes: Record<string, (q: URLSearchParams) => { status?: number; body: unknown }>
let calls: string[]
beforeEach(() => {
  calls = []
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    calls.push(`${url.pathname}${url.search}`)
    const h = routes[`${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`]
    const res = h
      ? h(url.searchParams)
      : { status: 404, body: { error: 'not_found', message: 'This coupon was not found.' } }
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
const wrap = (ui: ReactNode, resources = ['coupons_read']) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={{ authorization: { resources } } as unknown as StartupData}>
          <ToastProvider>{ui}</ToastProvider>
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
const code = (i: number, over: object = {}) => ({
  id: `K${i}`,
  code: `CODE${i}`,
  status: 'ASSIGNED_TO_PROFILE',
  profileId: `P${i}`,
  profileEmail: `p${i}@x.test`,
  assignedAt: '2026-02-01T09:00:00.000Z',
  usedAt: null,
  message: null,
  ...over,
})
const history = (offset: number) => ({
  coupon: { id: 'C1', externalId: 'SPRING', created: '2026-01-01T00:00:00.000Z' },
  counts: { unassigned: 40, assigned: 51, used: 1, total: 92 },
  additions: [
    {
      kind: 'bulk_job',
      at: '2026-01-20T12:00:00.000Z',
      until: '2026-01-20T12:00:05.000Z',
      created: 40,
      failed: 2,
      submitted: 42,
      jobId: 'JOB1',
      status: 'complete',
    },
    {
      kind: 'added',
      at: '2026-01-05T08:00:00.000Z',
      until: '2026-01-05T08:00:02.000Z',
      created: 52,
      failed: 0,
      submitted: 52,
      jobId: null,
      status: null,
    },
  ],
  assigned:
    offset === 0
      ? {
          total: 52,
          offset: 0,
          nextOffset: 50,
          codes: [
            code(1, {
              message: {
                sendId: 'S1',
                channel: 'email',
                subject: 'Your spring code',
                source: 'campaign',
                name: 'Spring sale',
                href: '/campaign/CA1/reports/overview',
              },
            }),
            code(2, {
              status: 'USED',
              usedAt: '2026-02-03T09:00:00.000Z',
              message: {
                sendId: 'S2',
                channel: 'email',
                subject: 'Welcome!',
                source: 'flow',
                name: 'Welcome series',
                href: '/flow/message/FM1/reports/overview',
              },
            }),
            ...Array.from({ length: 48 }, (_, i) => code(i + 3)),
          ],
        }
      : {
          total: 52,
          offset: 50,
          nextOffset: null,
          codes: [code(51), code(52, { profileId: null, profileEmail: null })],
        },
  used: { total: 1, codes: [code(2, { status: 'USED', usedAt: '2026-02-03T09:00:00.000Z' })] },
})

test('added, given out (to whom, by which message) and used, paged', async () => {
  routes = { 'GET /ajax/coupons/C1/history': (q) => ({ body: history(Number(q.get('offset') ?? 0)) }) }
  wrap(<CouponHistoryScreen couponId="C1" />)
  expect(await screen.findByRole('heading', { name: 'History: SPRING' })).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Back to coupon' })).toHaveAttribute('href', '/coupon/C1')
  expect(
    within(screen.getByTestId('history-counts'))
      .getAllByRole('definition')
      .map((d) => d.textContent),
  ).toEqual(['40', '51', '1', '92'])

  const added = within(screen.getByRole('table', { name: 'Codes added' }))
    .getAllByRole('row')
    .slice(1)
  expect(added[0]).toHaveTextContent('API bulk job')
  expect(added[0]).toHaveTextContent('Complete')
  expect(added[0]).toHaveTextContent(/40\s*2$/)
  expect(added[1]).toHaveTextContent('Upload or single codes')
  expect(added[1]).toHaveTextContent(/52\s*—$/)

  const given = screen.getByRole('table', { name: 'Codes given out' })
  expect(screen.getByRole('heading', { name: '52 codes given out' })).toBeInTheDocument()
  expect(within(given).getByRole('link', { name: 'Spring sale · Your spring code' })).toHaveAttribute(
    'href',
    '/campaign/CA1/reports/overview',
  )
  expect(within(given).getByRole('link', { name: 'Welcome series · Welcome!' })).toHaveAttribute(
    'href',
    '/flow/message/FM1/reports/overview',
  )
  expect(within(given).getByRole('link', { name: 'p1@x.test' })).toHaveAttribute('href', '/profile/P1')
  expect(within(given).getAllByText('No message recorded')).toHaveLength(48)
  expect(screen.getByText('1–50 of 52')).toBeInTheDocument()

  fireEvent.click(screen.getByRole('button', { name: 'Next' }))
  await waitFor(() => expect(screen.getByText('51–52 of 52')).toBeInTheDocument())
  expect(calls.at(-1)).toBe('/ajax/coupons/C1/history?offset=50')
  expect(within(screen.getByRole('table', { name: 'Codes given out' })).getByText('No profile')).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Previous' })).toBeInTheDocument()

  const used = within(screen.getByRole('table', { name: 'Codes used' }))
    .getAllByRole('row')
    .slice(1)
  expect(used).toHaveLength(1)
  expect(used[0]).toHaveTextContent('CODE2')
})

test('a coupon without codes says how they arrive; an unknown coupon is an alert', async () => {
  routes = {
    'GET /ajax/coupons/C1/history': () => ({
      body: {
        coupon: { id: 'C1', externalId: 'SPRING', created: '' },
        counts: { unassigned: 0, assigned: 0, used: 0, total: 0 },
        additions: [],
        assigned: { total: 0, offset: 0, nextOffset: null, codes: [] },
        used: { total: 0, codes: [] },
      },
    }),
  }
  const { unmount } = wrap(<CouponHistoryScreen couponId="C1" />)
  expect(await screen.findByText('No codes have been added yet.')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Upload codes' })).toHaveAttribute('href', '/uploaded-coupon/C1/import/file')
  expect(
    screen.getByText(/A code is given out when a campaign or flow message that shows this coupon is sent/),
  ).toBeInTheDocument()
  expect(screen.getByText('No codes have been used yet.')).toBeInTheDocument()
  unmount()
  wrap(<CouponHistoryScreen couponId="GONE" />)
  expect(await screen.findByRole('alert')).toHaveTextContent('This coupon was not found.')
})

test('the coupon screen links to the history, for a reader too', async () => {
  routes = {
    'GET /ajax/coupons/C1': () => ({
      body: {
        coupon: {
          id: 'C1',
          externalId: 'SPRING',
          description: '',
          integrationKey: '$custom',
          lowBalanceThreshold: null,
          lowBalance: false,
          counts: { unassigned: 1, assigned: 0, used: 0, total: 1 },
          created: '',
          updated: '',
        },
        codes: [],
        nextCursor: null,
      },
    }),
  }
  wrap(<CouponScreen couponId="C1" />, ['coupons_read'])
  expect(await screen.findByRole('link', { name: 'History' })).toHaveAttribute('href', '/coupon/C1/history')
  expect(screen.queryByTestId('upload-codes')).not.toBeInTheDocument()
})

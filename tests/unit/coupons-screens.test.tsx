// The coupon screens in the browser: the empty list says how to start; the list shows counts and
// the low-balance badge; an upload refused line by line lists each line's problem. Only fetch and
// the router are stand-ins.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { ToastProvider } from '@/components/shell/toasts'
import { CouponsScreen } from '@/components/coupons/coupons-screen'
import { UploadCodesScreen } from '@/components/coupons/upload-codes-screen'

const push = jest.fn()
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push, replace: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/coupons',
}))
let routes: Record<string, () => { status?: number; body: unknown }>
beforeEach(() => {
  push.mockReset()
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const h = routes[`${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`]
    const res = h ? h() : { status: 404, body: { error: 'not_found', message: 'Not found' } }
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
const wrap = (ui: ReactNode, resources = ['coupons_read', 'coupons_write']) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={{ authorization: { resources } } as unknown as StartupData}>
          <ToastProvider>{ui}</ToastProvider>
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
const coupon = (over: object) => ({
  id: 'C1',
  externalId: 'SPRING',
  description: 'Spring sale',
  integrationKey: '$custom',
  lowBalanceThreshold: 10,
  lowBalance: false,
  counts: { unassigned: 90, assigned: 10, used: 2, total: 102 },
  created: '',
  updated: '',
  ...over,
})

test('an empty account is told how coupons work; the list shows counts and the low-balance badge', async () => {
  routes = { 'GET /ajax/coupons': () => ({ body: { coupons: [] } }) }
  const { unmount } = wrap(<CouponsScreen />)
  expect(await screen.findByText('No coupons yet')).toBeInTheDocument()
  expect(screen.getAllByRole('link', { name: 'Create coupon' })[0]).toHaveAttribute('href', '/coupons/new/$custom')
  unmount()
  routes = {
    'GET /ajax/coupons': () => ({
      body: {
        coupons: [
          coupon({}),
          coupon({
            id: 'C2',
            externalId: 'VIP',
            lowBalance: true,
            counts: { unassigned: 3, assigned: 7, used: 0, total: 10 },
          }),
        ],
      },
    }),
  }
  wrap(<CouponsScreen />)
  expect(await screen.findByRole('link', { name: 'SPRING' })).toHaveAttribute('href', '/coupon/C1')
  expect(screen.getByText('Low balance')).toBeInTheDocument()
  expect(screen.getByText('90')).toBeInTheDocument()
})

test('an upload refused line by line lists each line; a good one goes back to the coupon', async () => {
  routes = {
    'GET /ajax/coupons/C1': () => ({ body: { coupon: coupon({}), codes: [], nextCursor: null } }),
    'POST /ajax/coupons/C1/codes': () => ({
      status: 400,
      body: {
        error: 'invalid',
        message: '2 lines need fixing; nothing was imported.',
        fieldErrors: {
          file: ['2 lines need fixing; nothing was imported.'],
          lines: [
            'Line 3: The code A is repeated (first at entry 1).',
            'Line 4: A code may not contain spaces or control characters.',
          ],
        },
      },
    }),
  }
  wrap(<UploadCodesScreen couponId="C1" />)
  expect(await screen.findByText('Upload codes: SPRING')).toBeInTheDocument()
  fireEvent.change(screen.getByTestId('codes-text'), { target: { value: 'A\nA\nb c' } })
  fireEvent.click(screen.getByTestId('upload-submit'))
  const errors = await screen.findByTestId('code-errors')
  expect(errors).toHaveTextContent('Line 3: The code A is repeated')
  expect(errors).toHaveTextContent('Line 4: A code may not contain spaces')
  routes['POST /ajax/coupons/C1/codes'] = () => ({ body: { created: 2 } })
  fireEvent.click(screen.getByTestId('upload-submit'))
  await waitFor(() => expect(push).toHaveBeenCalledWith('/coupon/C1'))
})

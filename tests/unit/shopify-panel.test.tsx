// The Shopify panel in the browser: the connect form puts the server's field error on the field
// at fault and shows the connected state on success; the connected state shows the test badge,
// webhooks and last error; a running sync shows progress bars; a setting toggles; disconnect asks
// first. Only fetch is a stand-in.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import IntegrationPanel from '@/components/integrations/shopify/panel'
import { PushCouponButton } from '@/components/integrations/shopify/push-coupon-button'

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/integration/shopify',
}))
let routes: Record<string, (body: unknown) => { status?: number; body: unknown }>
const calls: Array<{ key: string; body: unknown }> = []
beforeEach(() => {
  calls.length = 0
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`
    const body = init?.body ? JSON.parse(String(init.body)) : null
    calls.push({ key, body })
    const res = routes[key] ? routes[key](body) : { status: 404, body: { error: 'not_found', message: 'Not found' } }
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
const wrap = (ui: ReactNode) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>
    </NextIntlClientProvider>,
  )
const NOT_CONNECTED = { connected: false, connection: null, sync: { running: false, resources: [] } }
const connected = (over: object = {}, sync: object = { running: false, resources: [] }) => ({
  connected: true,
  sync,
  connection: {
    id: 'i1',
    shop: 'my-shop.myshopify.com',
    shopName: 'My Shop',
    status: 'connected',
    isTest: false,
    lastSyncAt: null,
    lastEventAt: '2026-05-01T10:00:00Z',
    lastError: null,
    lastErrorAt: null,
    webhooksRegistered: 15,
    webhooksExpected: 15,
    settings: { writeBackConsent: true, pushCoupons: true, syncDays: 90 },
    ...over,
  },
})

test('connect: empty fields are named; a refused token lands on its field; success shows the connected shop', async () => {
  routes = {
    'GET /ajax/integrations/shopify': () => ({ body: NOT_CONNECTED }),
    'POST /ajax/integrations/shopify/connect': (b) =>
      (b as { access_token: string }).access_token === 'bad'
        ? {
            status: 400,
            body: {
              error: 'invalid',
              message: 'Shopify refused the access token.',
              fieldErrors: { accessToken: ['Shopify refused this access token.'] },
            },
          }
        : { body: connected() },
  }
  wrap(<IntegrationPanel integrationKey="shopify" />)
  fireEvent.click(await screen.findByTestId('shopify-connect'))
  expect(await screen.findByText('Enter your shop domain.')).toBeInTheDocument()
  fireEvent.change(screen.getByLabelText(/Shop domain/), { target: { value: 'my-shop' } })
  fireEvent.change(screen.getByLabelText(/Admin API access token/), { target: { value: 'bad' } })
  fireEvent.change(screen.getByLabelText(/Client secret/), { target: { value: 'sec' } })
  fireEvent.click(screen.getByTestId('shopify-connect'))
  expect(await screen.findByText('Shopify refused this access token.')).toBeInTheDocument()
  fireEvent.change(screen.getByLabelText(/Admin API access token/), { target: { value: 'shpat_ok' } })
  fireEvent.click(screen.getByTestId('shopify-connect'))
  expect(await screen.findByRole('heading', { name: 'My Shop' })).toBeInTheDocument()
  expect(screen.getByText('15 of 15 registered')).toBeInTheDocument()
  expect(calls.find((c) => c.key === 'POST /ajax/integrations/shopify/connect')?.body).toEqual({
    shop: 'my-shop',
    access_token: 'bad',
    client_secret: 'sec',
  })
})

test('connected: last error, test badge, sync progress, a setting toggled, disconnect after confirming', async () => {
  let state = connected(
    { lastError: 'Webhooks not registered: orders/create' },
    {
      running: true,
      resources: [
        {
          resource: 'products',
          status: 'complete',
          processed: 5,
          total: 5,
          error: null,
          startedAt: null,
          finishedAt: null,
        },
        {
          resource: 'orders',
          status: 'running',
          processed: 50,
          total: 200,
          error: null,
          startedAt: null,
          finishedAt: null,
        },
      ],
    },
  )
  routes = {
    'GET /ajax/integrations/shopify': () => ({ body: state }),
    'POST /ajax/integrations/shopify/test': () => ({
      body: { ok: false, message: 'Shopify refused the access token.' },
    }),
    'PATCH /ajax/integrations/shopify/settings': (b) => {
      state = connected({
        settings: {
          writeBackConsent: (b as { write_back_consent: boolean }).write_back_consent,
          pushCoupons: true,
          syncDays: 90,
        },
      })
      return { body: state }
    },
    'POST /ajax/integrations/shopify/disconnect': () => ({ body: NOT_CONNECTED }),
  }
  wrap(<IntegrationPanel integrationKey="shopify" />)
  expect(await screen.findByText('Webhooks not registered: orders/create')).toBeInTheDocument()
  const bars = screen.getAllByRole('progressbar')
  expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['100', '25'])
  expect(screen.getByText('50 of 200')).toBeInTheDocument()
  expect(screen.getByTestId('shopify-sync-start')).toBeDisabled()

  fireEvent.click(screen.getByTestId('shopify-test'))
  expect(await screen.findByText('Connection failed')).toBeInTheDocument()

  const toggle = screen.getByRole('checkbox', { name: /Write unsubscribes back to Shopify/ })
  expect(toggle).toBeChecked()
  await act(async () => {
    fireEvent.click(toggle)
  })
  await waitFor(() =>
    expect(screen.getByRole('checkbox', { name: /Write unsubscribes back to Shopify/ })).not.toBeChecked(),
  )
  expect(calls.find((c) => c.key === 'PATCH /ajax/integrations/shopify/settings')?.body).toEqual({
    write_back_consent: false,
  })

  fireEvent.click(screen.getByTestId('shopify-disconnect'))
  const dialog = await screen.findByRole('dialog')
  expect(within(dialog).getByText(/my-shop.myshopify.com stops sending orders/)).toBeInTheDocument()
  expect(calls.some((c) => c.key === 'POST /ajax/integrations/shopify/disconnect')).toBe(false)
  fireEvent.click(within(dialog).getByTestId('shopify-disconnect-confirm'))
  expect(await screen.findByTestId('shopify-connect')).toBeInTheDocument()
})

test("push coupon: the shop's refusal is shown in the dialog; a queued push closes it", async () => {
  let reply: { status?: number; body: unknown } = {
    status: 400,
    body: {
      error: 'invalid',
      message: 'Coupon push is off for this shop.',
      fieldErrors: { coupon: ['Turn on "Push coupons" in the Shopify settings.'] },
    },
  }
  routes = { 'POST /ajax/integrations/shopify/coupons/C1/push': () => reply }
  wrap(<PushCouponButton couponId="C1" />)
  fireEvent.click(screen.getByTestId('shopify-push-coupon'))
  const dialog = await screen.findByRole('dialog')
  fireEvent.click(within(dialog).getByLabelText('Amount off'))
  fireEvent.change(within(dialog).getByLabelText(/Value/), { target: { value: '5' } })
  fireEvent.click(within(dialog).getByTestId('shopify-push-confirm'))
  expect(await within(dialog).findByText('Turn on "Push coupons" in the Shopify settings.')).toBeInTheDocument()
  expect(calls.at(-1)?.body).toEqual({ kind: 'fixed_amount', value: 5 })
  reply = { status: 202, body: { jobId: 1 } }
  fireEvent.click(within(dialog).getByTestId('shopify-push-confirm'))
  expect(await screen.findByText('Pushing to Shopify…')).toBeInTheDocument()
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
})

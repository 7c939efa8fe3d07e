// The WooCommerce panel in the browser: the connect form names empty fields and puts the server's
// field error on the field at fault, then shows the connected store; a running sync shows a
// progress bar per resource; a sync refused by the server shows why; disconnect asks first and
// returns to the form. Only fetch is a stand-in.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import IntegrationPanel from '@/components/integrations/woocommerce/panel'

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/integration/woocommerce',
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
    id: 'w1',
    store: 'https://shop.example',
    status: 'connected',
    isTest: false,
    lastSyncAt: null,
    lastEventAt: null,
    lastError: null,
    webhooksRegistered: 7,
    webhooksExpected: 7,
    syncDays: 90,
    ...over,
  },
})

test('connect: empty fields are named; refused keys land on their field; success shows the store', async () => {
  routes = {
    'GET /ajax/integrations/woocommerce': () => ({ body: NOT_CONNECTED }),
    'POST /ajax/integrations/woocommerce/connect': (b) =>
      (b as { consumer_secret: string }).consumer_secret === 'bad'
        ? {
            status: 400,
            body: {
              error: 'invalid',
              message: 'WooCommerce refused the keys.',
              fieldErrors: { consumerKey: ['WooCommerce refused this consumer key and secret.'] },
            },
          }
        : { body: connected() },
  }
  wrap(<IntegrationPanel integrationKey="woocommerce" />)
  fireEvent.click(await screen.findByTestId('woo-connect'))
  expect(await screen.findByText('Enter your store URL.')).toBeInTheDocument()
  expect(screen.getByText('Enter the consumer key.')).toBeInTheDocument()
  fireEvent.change(screen.getByLabelText(/Store URL/), { target: { value: 'shop.example' } })
  fireEvent.change(screen.getByLabelText(/Consumer key/), { target: { value: 'ck_1' } })
  fireEvent.change(screen.getByLabelText(/Consumer secret/), { target: { value: 'bad' } })
  fireEvent.click(screen.getByTestId('woo-connect'))
  expect(await screen.findByText('WooCommerce refused this consumer key and secret.')).toBeInTheDocument()
  fireEvent.change(screen.getByLabelText(/Consumer secret/), { target: { value: 'cs_1' } })
  fireEvent.click(screen.getByTestId('woo-connect'))
  expect(await screen.findByRole('heading', { name: 'https://shop.example' })).toBeInTheDocument()
  expect(screen.getByText('7 of 7 registered')).toBeInTheDocument()
  expect(calls.filter((c) => c.key === 'POST /ajax/integrations/woocommerce/connect').pop()?.body).toEqual({
    store_url: 'shop.example',
    consumer_key: 'ck_1',
    consumer_secret: 'cs_1',
  })
})

test('sync: progress bars per resource while it runs; a refusal shows its reason; last error and test badge shown', async () => {
  const running = {
    running: true,
    resources: [
      { resource: 'products', status: 'complete', processed: 12, total: 12, error: null },
      { resource: 'customers', status: 'running', processed: 50, total: 200, error: null },
      { resource: 'orders', status: 'queued', processed: 0, total: null, error: null },
    ],
  }
  routes = {
    'GET /ajax/integrations/woocommerce': () => ({
      body: connected({ isTest: true, lastError: 'Webhooks not registered: order.created: refused' }),
    }),
    'POST /ajax/integrations/woocommerce/sync': (b) =>
      (b as { days: number }).days > 3650
        ? {
            status: 400,
            body: {
              error: 'invalid',
              message: 'Please correct the highlighted fields.',
              fieldErrors: { days: ['At most 3650 days.'] },
            },
          }
        : { body: connected({}, running) },
  }
  wrap(<IntegrationPanel integrationKey="woocommerce" />)
  expect(await screen.findByText('Test store')).toBeInTheDocument()
  expect(screen.getByText('Webhooks not registered: order.created: refused')).toBeInTheDocument()
  fireEvent.change(screen.getByLabelText(/Days of orders/), { target: { value: '5000' } })
  fireEvent.click(screen.getByTestId('woo-sync-start'))
  expect(await screen.findByText('At most 3650 days.')).toBeInTheDocument()
  fireEvent.change(screen.getByLabelText(/Days of orders/), { target: { value: '30' } })
  fireEvent.click(screen.getByTestId('woo-sync-start'))
  const bars = await screen.findAllByRole('progressbar')
  expect(bars.map((b) => [b.getAttribute('aria-label'), b.getAttribute('aria-valuenow')])).toEqual([
    ['Products', '100'],
    ['Customers', '25'],
    ['Orders', '0'],
  ])
  expect(screen.getByText('50 of 200')).toBeInTheDocument()
  expect(screen.getByTestId('woo-sync-start')).toBeDisabled()
  expect(calls.filter((c) => c.key === 'POST /ajax/integrations/woocommerce/sync').pop()?.body).toEqual({ days: 30 })
})

test('disconnect asks first, then shows the connect form again', async () => {
  routes = {
    'GET /ajax/integrations/woocommerce': () => ({ body: connected() }),
    'POST /ajax/integrations/woocommerce/disconnect': () => ({ body: NOT_CONNECTED }),
  }
  wrap(<IntegrationPanel integrationKey="woocommerce" />)
  fireEvent.click(await screen.findByTestId('woo-disconnect'))
  expect(await screen.findByText(/https:\/\/shop.example stops sending orders/)).toBeInTheDocument()
  expect(calls.some((c) => c.key.endsWith('/disconnect'))).toBe(false)
  fireEvent.click(screen.getByTestId('woo-disconnect-confirm'))
  expect(await screen.findByTestId('woo-connect')).toBeInTheDocument()
  await waitFor(() => expect(calls.some((c) => c.key === 'POST /ajax/integrations/woocommerce/disconnect')).toBe(true))
})

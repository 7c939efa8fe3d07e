// /predictive-models/clv in the browser: the fitted model's figures, the eligibility problems
// when the account is not eligible, "Refit now" posting the refit and polling until a newer fit
// is in, a one-click segment created with its predictive condition, and the load error. Only
// fetch (and recharts' measuring) are stand-ins.
import type { ReactNode } from 'react'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { ToastProvider } from '@/components/shell/toasts'
import { PredictiveModelsScreen } from '@/components/predictive/predictive-models-screen'

const push = jest.fn()
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push, replace: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/predictive-models/clv',
}))
jest.mock('recharts', () => {
  const Box = ({ children }: { children?: ReactNode }) => <div>{children}</div>
  return new Proxy({}, { get: () => Box })
})

const fitted = (id: number) => ({
  fit: {
    id,
    status: 'fitted',
    reasons: [],
    params: {},
    holdout: {
      holdoutDays: 90,
      predicted: 410.2,
      actual: 398,
      byRepeatOrders: [{ repeatOrders: '0', customers: 10, predicted: 0.2, actual: 0.1 }],
    },
    customers: 2669,
    durationMs: 900,
    trigger: 'seed',
    fittedAt: '2026-11-29T03:00:00.000Z',
  },
  customers: 2669,
  averagePredictedClv: 41.5,
  averageChurnProbability: 0.4,
  likelyToChurn: 312,
  likelyToChurnThreshold: 0.8,
  highClvThreshold: 120,
  histogram: [{ from: 0, to: 10, customers: 2669 }],
})

let routes: Record<string, (body: unknown) => { status?: number; body: unknown }>
let calls: Array<{ key: string; body: unknown }>
beforeEach(() => {
  calls = []
  push.mockReset()
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ key, body })
    const h = routes[key]
    const res = h ? h(body) : { status: 404, body: { error: 'not_found', message: 'Not found' } }
    const status = res.status ?? 200
    return {
      ok: status < 300,
      status,
      type: 'basic',
      redirected: false,
      url: String(input),
      headers: new Headers(),
      text: async () => JSON.stringify(res.body),
    }
  }) as unknown as typeof fetch
})

const renderScreen = () =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ToastProvider>
          <PredictiveModelsScreen tab="clv" currency="USD" />
        </ToastProvider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )

test('a fitted model: figures, charts and a one-click churn segment', async () => {
  routes = {
    'GET /ajax/predictive/clv': () => ({ body: fitted(7) }),
    'POST /ajax/group': () => ({ status: 201, body: { group: { id: 'Seg001', name: 'Likely to churn' } } }),
  }
  renderScreen()
  expect(await screen.findByTestId('customers-scored')).toHaveTextContent('2,669')
  expect(screen.getByTestId('clv-histogram')).toBeInTheDocument()
  expect(screen.getByTestId('holdout-chart')).toBeInTheDocument()
  fireEvent.click(screen.getByTestId('create-churn-segment'))
  await waitFor(() => expect(push).toHaveBeenCalled())
  const post = calls.find((c) => c.key === 'POST /ajax/group')!
  expect(post.body).toEqual({
    name: 'Likely to churn',
    type: 1,
    definition: {
      version: 1,
      root: {
        type: 'and',
        conditions: [{ kind: 'predictive', dimension: 'churn_probability', operator: 'greater_or_equal', value: 0.8 }],
      },
    },
  })
})

test('an ineligible account lists what is missing; Refit now posts and polls until a newer fit', async () => {
  let fitId = 3
  routes = {
    'GET /ajax/predictive/clv': () => ({
      body: {
        ...fitted(fitId),
        fit: {
          ...fitted(fitId).fit,
          status: 'ineligible',
          reasons: [{ code: 'too_few_customers', required: 500, actual: 120 }],
        },
        customers: 0,
        histogram: [],
      },
    }),
    'POST /ajax/predictive/refit': () => ({ status: 202, body: { jobId: 1 } }),
  }
  renderScreen()
  expect(await screen.findByTestId('eligibility-problems')).toHaveTextContent(
    'At least 500 customers with an order are needed; you have 120.',
  )
  expect(screen.queryByTestId('clv-histogram')).not.toBeInTheDocument()
  fireEvent.click(screen.getByTestId('refit-now'))
  await waitFor(() => expect(calls.some((c) => c.key === 'POST /ajax/predictive/refit')).toBe(true))
  expect(screen.getByTestId('refit-now')).toHaveTextContent('Refitting…')
  fitId = 4
  await waitFor(() => expect(screen.getByTestId('refit-now')).toHaveTextContent('Refit now'), { timeout: 6000 })
})

test('no fit yet: the empty state; a failed load: the error', async () => {
  routes = { 'GET /ajax/predictive/clv': () => ({ body: { ...fitted(1), fit: null, customers: 0, histogram: [] } }) }
  const first = renderScreen()
  expect(await screen.findByText('No model yet')).toBeInTheDocument()
  first.unmount()
  routes = { 'GET /ajax/predictive/clv': () => ({ status: 500, body: { error: 'server_error', message: 'x' } }) }
  renderScreen()
  expect(await screen.findByText('Predictive analytics could not be loaded.')).toBeInTheDocument()
})

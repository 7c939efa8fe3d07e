// The portfolio and cross-account clone screens against a fake of their /ajax answers: the
// dashboard's "no portfolio yet" state and its figures side by side, and the clone wizard's
// select and review steps (the mapping sent with a request id, the job waited for).
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { PortfolioDashboardScreen } from '@/components/portfolio/dashboard-screen'
import { CrossAccountCloneWizard } from '@/components/portfolio/clone/cross-account-clone-wizard'
import { campaignCloneSteps } from '@/components/portfolio/clone/clone-steps'

const push = jest.fn()
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push, replace: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/portfolio/dashboard',
}))

type Handler = (body: unknown, url: URL) => { status?: number; body: unknown }
let routes: Record<string, Handler>
const calls: Array<{ method: string; url: URL; body: unknown }> = []

beforeEach(() => {
  calls.length = 0
  push.mockReset()
  sessionStorage.clear()
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ method, url, body })
    const handler = routes[`${method} ${url.pathname}`]
    const res = handler ? handler(body, url) : { status: 404, body: { error: 'not_found', message: 'Not found' } }
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

const renderWith = (ui: ReactNode) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>
    </NextIntlClientProvider>,
  )

const figures = (revenue: number, sends: number) => ({
  revenue,
  conversions: 1,
  sends: { email: sends, sms: 0, other: 0, total: sends },
  listGrowth: { joined: 3, left: 1, net: 2 },
  profiles: 10,
  newProfiles: 2,
  deliverability: { sent: sends, delivered: sends, bounced: 0, spam: 0, unsubscribed: 0 },
  rates: { deliveryRate: 1, bounceRate: 0, spamRate: 0, unsubscribeRate: 0 },
})

test('no portfolio yet: the way to the wizard', async () => {
  routes = { 'GET /ajax/portfolio': () => ({ body: { portfolios: [], memberAccounts: [] } }) }
  renderWith(<PortfolioDashboardScreen />)
  expect(await screen.findByRole('heading', { name: 'No portfolio yet' })).toBeTruthy()
  expect(screen.getByRole('link', { name: 'Create portfolio' }).getAttribute('href')).toBe('/portfolio-wizard')
})

test('the dashboard shows each account side by side with totals per currency', async () => {
  routes = {
    'GET /ajax/portfolio': () => ({
      body: {
        portfolios: [
          { id: 7, name: 'Agency' },
          { id: 9, name: 'Other' },
        ],
        memberAccounts: [],
      },
    }),
    'GET /ajax/portfolio/9/dashboard': () => ({
      body: {
        portfolio: { id: 9, name: 'Other' },
        days: 30,
        accounts: [
          { companyId: 1, name: 'Alpha', role: 'owner', currency: 'USD', timezone: 'UTC', figures: figures(30.5, 12) },
          { companyId: 2, name: 'Beta', role: 'analyst', currency: 'EUR', timezone: 'UTC', figures: figures(5, 4) },
        ],
        totals: {
          revenueByCurrency: { USD: 30.5, EUR: 5 },
          conversions: 2,
          sends: 16,
          listJoined: 6,
          listLeft: 2,
          listNet: 4,
          profiles: 20,
          newProfiles: 4,
          deliveryRate: 1,
          bounceRate: 0,
          spamRate: 0,
          unsubscribeRate: 0,
        },
      },
    }),
  }
  renderWith(<PortfolioDashboardScreen portfolioId={9} />)
  expect(await screen.findByRole('heading', { name: 'Portfolio dashboard: Other' })).toBeTruthy()
  const table = await screen.findByRole('region', { name: 'Key figures per account' })
  expect(table.textContent).toContain('Alpha')
  expect(table.textContent).toContain('$30.50')
  expect(table.textContent).toContain('€5.00')
  expect(screen.getByTestId('portfolio-totals').textContent).toContain('$30.50 · €5.00')
  expect(calls.some((c) => c.url.pathname === '/ajax/portfolio/7/dashboard')).toBe(false)
})

test('clone wizard: the select step stores the account; the map step waits for a coupon without a same-name match', async () => {
  routes = {
    'GET /ajax/cross-account-clone/campaign/C1/accounts': () => ({
      body: { name: 'Summer', accounts: [{ companyId: 2, name: 'Beta' }] },
    }),
    'GET /ajax/cross-account-clone/campaign/C1/references': () => ({
      body: {
        name: 'Summer',
        references: [
          {
            key: 'list:L1',
            kind: 'list',
            id: 'L1',
            name: 'Newsletter',
            options: [{ id: 'LB', name: 'Newsletter' }],
            suggestedTargetId: 'LB',
            canCreate: true,
          },
          {
            key: 'coupon:WELCOME',
            kind: 'coupon',
            id: 'WELCOME',
            name: 'WELCOME',
            options: [{ id: 'B-10', name: 'B-10' }],
            suggestedTargetId: null,
            canCreate: false,
          },
        ],
      },
    }),
  }
  const steps = campaignCloneSteps('C1')
  const first = renderWith(
    <CrossAccountCloneWizard kind="campaign" sourceId="C1" steps={steps} step="select" backHref="/campaigns" />,
  )
  fireEvent.click(await screen.findByLabelText('Beta'))
  fireEvent.click(screen.getByRole('button', { name: 'Next' }))
  expect(push).toHaveBeenCalledWith('/campaign/C1/cross-account-clone/name')
  first.unmount()

  renderWith(<CrossAccountCloneWizard kind="campaign" sourceId="C1" steps={steps} step="map" backHref="/campaigns" />)
  const coupon = await screen.findByLabelText('coupon "WELCOME"')
  // The coupon has no same-name match: Next waits for a choice.
  expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true)
  fireEvent.change(coupon, { target: { value: 'B-10' } })
  expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false)
  fireEvent.click(screen.getByRole('button', { name: 'Next' }))
  expect(push).toHaveBeenLastCalledWith('/campaign/C1/cross-account-clone/review')
}, 20_000)

test('clone wizard review: the request id and the mapping are sent, the job waited for, the copy announced', async () => {
  let polls = 0
  sessionStorage.setItem(
    'cross-account-clone:template:T1',
    JSON.stringify({ targetCompanyId: 2, targetName: 'Beta', name: 'Copy of T', mapping: { 'coupon:X': 'B-X' } }),
  )
  routes = {
    'GET /ajax/cross-account-clone/template/T1/accounts': () => ({
      body: { name: 'T', accounts: [{ companyId: 2, name: 'Beta' }] },
    }),
    'GET /ajax/cross-account-clone/template/T1/references': () => ({
      body: {
        name: 'T',
        references: [
          {
            key: 'coupon:X',
            kind: 'coupon',
            id: 'X',
            name: 'X',
            options: [{ id: 'B-X', name: 'B-X' }],
            suggestedTargetId: null,
            canCreate: false,
          },
        ],
      },
    }),
    'POST /ajax/cross-account-clone/template/T1': () => ({ status: 202, body: { jobId: 8, status: 'pending' } }),
    'GET /ajax/cross-account-clone/jobs/8': () => ({
      body: { jobId: 8, status: ++polls > 1 ? 'done' : 'running', resultId: 'NEWT', error: null },
    }),
  }
  const { templateCloneSteps } = await import('@/components/portfolio/clone/clone-steps')
  renderWith(
    <CrossAccountCloneWizard
      kind="template"
      sourceId="T1"
      steps={templateCloneSteps('T1')}
      step="review"
      backHref="/templates"
    />,
  )
  fireEvent.click(await screen.findByRole('button', { name: 'Clone' }))
  // The first poll finds it running; the page asks again a second later.
  await waitFor(() => expect(screen.getByText('The copy is a draft in Beta.')).toBeTruthy(), { timeout: 5000 })
  const post = calls.find((c) => c.method === 'POST')!
  expect(post.body).toMatchObject({
    targetCompanyId: 2,
    name: 'Copy of T',
    mapping: [{ key: 'coupon:X', targetId: 'B-X' }],
  })
  expect(String((post.body as { requestId: string }).requestId)).toMatch(/^[\w-]{8,}$/)
  expect(screen.getByRole('button', { name: 'Open the copy' })).toBeTruthy()
})

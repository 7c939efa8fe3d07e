// The flow message reports' variations tab and "who clicked" screen in the browser: the A/B test
// of the message with the leader, each variation's confidence and the winner rule's reason; a
// message not under test says how to start one; who clicked a link lists the people. Only fetch
// and the router are stand-ins.
import { render, screen } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { MessageReportsScreen } from '@/components/flows/reports/message-reports-screen'

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/flow/message/M1/reports/variations',
}))
jest.mock('recharts', () => {
  const Box = ({ children }: { children?: ReactNode }) => <div>{children}</div>
  return new Proxy({}, { get: () => Box })
})
let routes: Record<string, (url: URL) => { status?: number; body: unknown }>
beforeEach(() => {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost')
    const h = routes[url.pathname]
    const res = h ? h(url) : { status: 404, body: { error: 'not_found', message: 'Not found' } }
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
const overview = () => ({
  body: {
    message: {
      id: 'M1',
      name: 'Welcome',
      subject: 'Hi',
      channel: 'email',
      flowId: 'F1',
      flowName: 'Welcome series',
      actionId: 'A1',
    },
    recipients: 0,
    statuses: {},
    sent: 0,
    delivered: 0,
    opens: {},
    clicks: {},
    bounces: {},
    spam: {},
    unsubscribes: {},
    days: [],
  },
})
const v = (id: string, name: string, openRate: number, confidence: number | null, isWinner = false) => ({
  variationId: id,
  name,
  isWinner,
  recipients: 200,
  delivered: 200,
  opens: openRate * 200,
  clicks: 10,
  bounces: 0,
  unsubscribes: 0,
  spamComplaints: 0,
  conversions: 0,
  revenue: 0,
  openRate,
  clickRate: 0.05,
  bounceRate: 0,
  unsubscribeRate: 0,
  conversionRate: 0,
  revenuePerRecipient: 0,
  significance:
    confidence == null
      ? null
      : { test: 'two-proportion-z', statistic: 4.3, pValue: 0.00001, confidence, against: 'V1' },
})

test('variations: the leader, each confidence against it and the winner rule; the tab is current', async () => {
  routes = {
    '/ajax/flow/message/M1/reports/overview': overview,
    '/ajax/flow/message/M1/reports/variations': () => ({
      body: {
        abTest: {
          metric: 'open_rate',
          leader: 'V1',
          winnerVariationId: null,
          confidenceThreshold: 0.9,
          variations: [v('V1', 'Subject B', 0.4, null), v('MAIN', 'Subject A', 0.2, 0.9999)],
          automaticWinner: {
            enabled: true,
            wouldPick: null,
            reason: 'The test window ends at 2026-11-20T12:00:00.000Z.',
          },
        },
      },
    }),
  }
  wrap(<MessageReportsScreen messageId="M1" tab="variations" />)
  expect(await screen.findByText('A/B test by Open rate')).toBeInTheDocument()
  expect(screen.getByText(/The test window ends/)).toBeInTheDocument()
  expect(screen.getByText('Leading')).toBeInTheDocument()
  expect(screen.getByText('100%')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Variations' })).toHaveAttribute('aria-current', 'page')
})

test('a message not under test says how to start one', async () => {
  routes = {
    '/ajax/flow/message/M1/reports/overview': overview,
    '/ajax/flow/message/M1/reports/variations': () => ({ body: { abTest: null } }),
  }
  wrap(<MessageReportsScreen messageId="M1" tab="variations" />)
  expect(await screen.findByText('This message is not being A/B tested')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Open the flow' })).toHaveAttribute('href', '/flow/F1/edit')
})

test('who clicked a link of the flow message', async () => {
  routes = {
    '/ajax/flow/message/M1/reports/overview': overview,
    '/ajax/flow/message/M1/reports/link-who': (u) => ({
      body: {
        url: u.searchParams.get('url'),
        total: 1,
        totalClicks: 3,
        page: 1,
        pageSize: 25,
        people: [
          {
            profileId: 'P9',
            email: 'zoe@x.test',
            phoneNumber: null,
            name: null,
            clicks: 3,
            firstClick: '2026-11-01T10:00:00Z',
            lastClick: '2026-11-02T10:00:00Z',
          },
        ],
      },
    }),
  }
  wrap(<MessageReportsScreen messageId="M1" tab="link-who" url="https://shop.test/a" />)
  expect(await screen.findByRole('link', { name: 'zoe@x.test' })).toHaveAttribute('href', '/profile/P9')
  expect(screen.getByRole('link', { name: '← All links' })).toHaveAttribute('href', '/flow/message/M1/reports/links')
  expect(screen.getByRole('link', { name: 'Links' })).toHaveAttribute('aria-current', 'page')
})

test('conversions: the attributed orders in the company currency, with the attribution settings linked', async () => {
  routes = {
    '/ajax/flow/message/M1/reports/overview': overview,
    '/ajax/flow/message/M1/reports/conversions': () => ({
      body: {
        metric: 'Placed Order',
        windows: { emailOpen: 120, emailClick: 120, smsClick: 24, pushOpen: 24 },
        currency: 'GBP',
        recipients: 40,
        conversions: 3,
        converters: 2,
        value: 182.4,
        rate: 0.05,
        valuePerRecipient: 4.56,
        days: [
          { date: '2026-11-01', conversions: 2, value: 120 },
          { date: '2026-11-02', conversions: 1, value: 62.4 },
        ],
      },
    }),
  }
  wrap(<MessageReportsScreen messageId="M1" tab="conversions" />)
  expect(await screen.findByTestId('stat-conversion-value')).toHaveTextContent('£182.40')
  expect(screen.getByTestId('stat-conversions')).toHaveTextContent('3')
  expect(screen.getByText(/Placed Order attributed to this message/)).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Attribution settings' })).toHaveAttribute('href', '/settings/attribution')
})

// The campaign report tabs in the browser: the tabs lead to every report; links open who clicked
// each; conversions show the attributed orders; audience says who the campaign was for and why
// people were skipped; variations say which test decided and with what confidence; advanced
// starts the recipients export. Only fetch and the router are stand-ins.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { CampaignReportScreen } from '@/components/campaigns/reports/campaign-report-screen'
import { LinkWhoScreen } from '@/components/campaigns/reports/link-who-screen'

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/campaign/C1/reports/links',
}))
jest.mock('recharts', () => {
  const Box = ({ children }: { children?: ReactNode }) => <div>{children}</div>
  return new Proxy({}, { get: () => Box })
})
let routes: Record<string, (url: URL) => { status?: number; body: unknown }>
let calls: string[]
beforeEach(() => {
  calls = []
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`
    calls.push(`${key}${url.search}`)
    const h = routes[key]
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
const head = () => ({
  body: {
    campaign: { id: 'C1', name: 'Spring sale', status: 'Sent', sentAt: '2026-10-01T10:00:00Z', channel: 'email' },
  },
})

test('the tabs lead to every report; links list clicks per URL and open who clicked each', async () => {
  routes = {
    'GET /ajax/campaign/C1': head,
    'GET /ajax/campaign/C1/reports/links': () => ({
      body: {
        links: [{ url: 'https://shop.test/sale', clicks: 3, uniqueClicks: 2 }],
        totalClicks: 3,
        uniqueClickers: 2,
      },
    }),
  }
  wrap(<CampaignReportScreen campaignId="C1" tab="links" />)
  expect(await screen.findByRole('heading', { name: 'Spring sale' })).toBeInTheDocument()
  const tabs = screen.getByRole('navigation', { name: 'Reports' })
  const hrefs = [...tabs.querySelectorAll('a')].map((a) => a.getAttribute('href'))
  expect(hrefs).toEqual(
    ['overview', 'recipients', 'conversions', 'links', 'audience', 'deliverability', 'variations', 'advanced'].map(
      (x) => `/campaign/C1/reports/${x}`,
    ),
  )
  expect(screen.getByRole('link', { name: 'Links' })).toHaveAttribute('aria-current', 'page')
  const link = await screen.findByRole('link', { name: 'https://shop.test/sale' })
  expect(link).toHaveAttribute(
    'href',
    `/campaign/C1/reports/link/who?url=${encodeURIComponent('https://shop.test/sale')}`,
  )
})

test('who clicked a link: people with their clicks; without a url, how to choose one', async () => {
  routes = {
    'GET /ajax/campaign/C1': head,
    'GET /ajax/campaign/C1/reports/link-who': (u) => ({
      body: {
        url: u.searchParams.get('url'),
        total: 1,
        totalClicks: 2,
        page: 1,
        pageSize: 25,
        people: [
          {
            profileId: 'P1',
            email: 'ann@x.test',
            phoneNumber: null,
            name: null,
            clicks: 2,
            firstClick: '2026-10-01T10:11:00Z',
            lastClick: '2026-10-01T10:12:00Z',
          },
        ],
      },
    }),
  }
  const { unmount } = wrap(<LinkWhoScreen campaignId="C1" url="https://shop.test/sale" />)
  expect(await screen.findByRole('link', { name: 'ann@x.test' })).toHaveAttribute('href', '/profile/P1')
  expect(screen.getByTestId('who-total')).toHaveTextContent('1')
  expect(calls.some((c) => c.includes('link-who?url=https%3A%2F%2Fshop.test%2Fsale'))).toBe(true)
  unmount()
  wrap(<LinkWhoScreen campaignId="C1" url={null} />)
  expect(await screen.findByText('Choose a link')).toBeInTheDocument()
})

test('conversions: the attributed orders with their value and the touch that earned them', async () => {
  routes = {
    'GET /ajax/campaign/C1': head,
    'GET /ajax/campaign/C1/reports/conversions': () => ({
      body: {
        currency: 'EUR',
        recipients: 5,
        conversions: 2,
        converters: 2,
        value: 100.5,
        rate: 0.4,
        valuePerRecipient: 20.1,
        averageOrderValue: 50.25,
        byTouch: [],
        days: [
          { date: '2026-10-01', conversions: 1, value: 40 },
          { date: '2026-10-02', conversions: 1, value: 60.5 },
        ],
        page: 1,
        pageSize: 25,
        total: 2,
        items: [
          {
            eventId: 2,
            profileId: 'P3',
            email: 'p3@x.test',
            phoneNumber: null,
            metric: 'Placed Order',
            at: '2026-10-02T10:30:00Z',
            value: 60.5,
            touch: 'click',
            channel: 'email',
            touchAt: '2026-10-01T10:11:00Z',
          },
        ],
      },
    }),
  }
  wrap(<CampaignReportScreen campaignId="C1" tab="conversions" />)
  // In the company's currency (sent with the report).
  expect(await screen.findByTestId('conv-value')).toHaveTextContent('€100.50')
  expect(screen.getByTestId('conv-count')).toHaveTextContent('2 people of 5 recipients')
  expect(screen.getByRole('link', { name: 'p3@x.test' })).toHaveAttribute('href', '/profile/P3')
  expect(screen.getByText('€60.50')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Attribution settings' })).toHaveAttribute('href', '/settings/attribution')
})

test('audience: groups with their role, the counts and why people were skipped', async () => {
  routes = {
    'GET /ajax/campaign/C1': head,
    'GET /ajax/campaign/C1/reports/audience': () => ({
      body: {
        included: [{ id: 'L1', name: 'Newsletter', type: 'list', members: 3541, deleted: false }],
        excluded: [{ id: 'S1', name: 'Unengaged', type: 'segment', members: 12, deleted: false }],
        fixedAt: '2026-10-01T10:00:00Z',
        total: 6,
        released: 5,
        pending: 0,
        heldOut: 0,
        skipped: 1,
        cohorts: [],
        skipReasons: [{ reason: 'no_consent', count: 1 }],
      },
    }),
  }
  wrap(<CampaignReportScreen campaignId="C1" tab="audience" />)
  expect(await screen.findByRole('link', { name: 'Newsletter' })).toHaveAttribute('href', '/list/L1')
  expect(screen.getByText('Excluded')).toBeInTheDocument()
  expect(screen.getByText('3,541')).toBeInTheDocument()
  expect(screen.getByTestId('aud-skipped')).toHaveTextContent('1')
  expect(screen.getByText('no_consent')).toBeInTheDocument()
})

test('variations: the leader, the test used and its confidence; none: how to add one', async () => {
  routes = {
    'GET /ajax/campaign/C1': head,
    'GET /ajax/campaign/C1/reports/variations': () => ({
      body: {
        abTest: { metric: 'click_rate' },
        evaluation: {
          metric: 'click_rate',
          test: 'two-proportion-z',
          leader: 'V2',
          confidence: 0.95,
          significant: true,
          required: 0.9,
        },
        variations: [
          {
            variationId: 'V1',
            name: 'A: Big sale',
            recipients: 3,
            delivered: 2,
            opens: 1,
            clicks: 1,
            revenue: 40,
            openRate: 0.5,
            clickRate: 0.5,
            revenuePerRecipient: 13.33,
          },
          {
            variationId: 'V2',
            name: 'B: Last chance',
            recipients: 2,
            delivered: 2,
            opens: 1,
            clicks: 2,
            revenue: 60.5,
            openRate: 0.5,
            clickRate: 1,
            revenuePerRecipient: 30.25,
          },
        ],
      },
    }),
  }
  const { unmount } = wrap(<CampaignReportScreen campaignId="C1" tab="variations" />)
  expect(await screen.findByText('The leader is significant at 95% confidence')).toBeInTheDocument()
  expect(screen.getByText(/Test: two-proportion z-test/)).toBeInTheDocument()
  expect(screen.getByText('Leading')).toBeInTheDocument()
  unmount()
  // A tie leads no one.
  routes['GET /ajax/campaign/C1/reports/variations'] = () => ({
    body: {
      abTest: { metric: 'click_rate' },
      evaluation: {
        metric: 'click_rate',
        test: 'two-proportion-z',
        leader: 'V1',
        confidence: 0,
        significant: false,
        required: 0.9,
      },
      variations: [
        {
          variationId: 'V1',
          name: 'A',
          recipients: 2,
          delivered: 2,
          opens: 1,
          clicks: 1,
          revenue: 0,
          openRate: 0.5,
          clickRate: 0.5,
          revenuePerRecipient: 0,
        },
        {
          variationId: 'V2',
          name: 'B',
          recipients: 2,
          delivered: 2,
          opens: 1,
          clicks: 1,
          revenue: 0,
          openRate: 0.5,
          clickRate: 0.5,
          revenuePerRecipient: 0,
        },
      ],
    },
  })
  const tie = wrap(<CampaignReportScreen campaignId="C1" tab="variations" />)
  expect(await screen.findByText('No significant winner yet (needs 90% confidence)')).toBeInTheDocument()
  expect(screen.queryByText('Leading')).not.toBeInTheDocument()
  tie.unmount()
  routes['GET /ajax/campaign/C1/reports/variations'] = () => ({
    body: { abTest: null, variations: [], evaluation: null },
  })
  wrap(<CampaignReportScreen campaignId="C1" tab="variations" />)
  expect(await screen.findByText('No A/B test')).toBeInTheDocument()
})

test('advanced: every statistic, and the recipients export is queued', async () => {
  routes = {
    'GET /ajax/campaign/C1': head,
    'GET /ajax/campaign/C1/reports/advanced': () => ({
      body: {
        statistics: { recipients: 5, open_rate: 0.5, conversion_value: 100.5 },
        byMessage: [],
        days: [{ date: '2026-10-01', sent: 5, opened: 2, clicked: 3, conversions: 1, revenue: 40 }],
      },
    }),
    'POST /ajax/campaign/C1/exports': () => ({ status: 202, body: { downloadId: 'D1' } }),
  }
  wrap(<CampaignReportScreen campaignId="C1" tab="advanced" />)
  expect(await screen.findByText('open_rate')).toBeInTheDocument()
  expect(screen.getByText('50%')).toBeInTheDocument()
  expect(screen.getByText('100.50')).toBeInTheDocument()
  fireEvent.click(screen.getByTestId('export-recipients'))
  expect(await screen.findByText('The export is being prepared.')).toBeInTheDocument()
  await waitFor(() => expect(calls).toContain('POST /ajax/campaign/C1/exports'))
  expect(screen.getByRole('link', { name: 'Open downloads' })).toHaveAttribute('href', '/downloads')
})

test('overview: the snake_case statistics are read as sent (rates were lost to key camelizing before)', async () => {
  const { CampaignOverviewScreen } = await import('@/components/campaigns/reports/campaign-overview-screen')
  const statistics = {
    recipients: 200,
    delivered: 190,
    delivery_rate: 0.95,
    open_rate: 0.42,
    opens_unique: 80,
    click_rate: 0.1,
    clicks_unique: 19,
    click_to_open_rate: 0.2375,
    bounce_rate: 0.05,
    bounced: 10,
    spam_complaint_rate: 0,
    spam_complaints: 0,
    unsubscribe_rate: 0.01,
    unsubscribe_uniques: 2,
    conversions: 4,
    conversion_uniques: 4,
    conversion_rate: 0.02,
    conversion_value: 250,
    revenue_per_recipient: 1.25,
    average_order_value: 62.5,
  }
  routes = {
    'GET /ajax/campaign/C1': head,
    'GET /ajax/campaign/C1/reports/overview': () => ({
      body: {
        campaign: {
          id: 'C1',
          name: 'Spring sale',
          channel: 'email',
          status: 'Sent',
          sentAt: null,
          sendStartedAt: null,
          abTest: null,
        },
        currency: 'USD',
        statistics,
        byMessage: [],
      },
    }),
  }
  wrap(<CampaignOverviewScreen campaignId="C1" />)
  expect(await screen.findByTestId('stat-open-rate')).toHaveTextContent('42%')
  expect(screen.getByTestId('stat-delivered')).toHaveTextContent('95%')
  expect(screen.getByTestId('stat-revenue')).toHaveTextContent('$250.00')
})

// The back-in-stock report in the browser: totals and the per-variant table for a date range
// (presets and chosen days, sent as daterange), a variant's subscribers on demand, and the
// scheduled reports: list, add (field errors beside the fields; a low-inventory report picks
// its flow), edit, delete after confirmation and "Send now"; what a reader without write access
// or without scheduled_reports_read sees. Only fetch and the router are stand-ins.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { ToastProvider } from '@/components/shell/toasts'
import { BackInStockScreen } from '@/components/catalog/back-in-stock-screen'

const replace = jest.fn()
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace, prefetch: jest.fn() }),
  usePathname: () => '/catalog/back-in-stock',
}))

type Handler = (body: unknown, search: URLSearchParams) => { status?: number; body: unknown }
let routes: Record<string, Handler>
let calls: Array<{ method: string; path: string; search: URLSearchParams; body: unknown }>
beforeEach(() => {
  replace.mockReset()
  calls = []
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body
    calls.push({ method, path: url.pathname, search: url.searchParams, body })
    const h = routes[`${method} ${url.pathname}`]
    const res = h
      ? h(body, url.searchParams)
      : { status: 404, body: { success: false, error: 'not_found', message: 'Not found', fieldErrors: {} } }
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

const ALL = ['catalog_read', 'catalog_write', 'back_in_stock_read', 'scheduled_reports_read', 'flows_read']
const wrap = (ui: ReactNode, resources = ALL) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={{ authorization: { resources } } as unknown as StartupData}>
          <ToastProvider>{ui}</ToastProvider>
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )

// As the backend answers (lib/catalog/reports/back-in-stock.ts): camelCase keys, ISO dates.
const report = (daterange: string) => ({
  success: true,
  range:
    daterange === 'last_7_days'
      ? { from: '2026-04-25T00:00:00.000Z', to: '2026-05-02T00:00:00.000Z' }
      : { from: '2026-04-02T00:00:00.000Z', to: '2026-05-02T00:00:00.000Z' },
  totals: { subscriptions: 9, notified: 4, pending: 6, conversions: 2, revenue: 118.5 },
  variants: [
    {
      variantId: 'V1',
      itemId: 'I1',
      title: 'Trail Mug / Blue',
      sku: 'MUG-B',
      inventory: 0,
      subscriptions: 6,
      notified: 1,
      pending: 5,
      conversions: 1,
    },
    {
      variantId: 'V2',
      itemId: 'I2',
      title: 'Cap / Red',
      sku: 'CAP-R',
      inventory: 14,
      subscriptions: 3,
      notified: 3,
      pending: 1,
      conversions: 1,
    },
  ],
})

describe('the report', () => {
  test('totals and one row per variant; another range is asked for by daterange; chosen days are checked first', async () => {
    routes = { 'GET /ajax/catalog/reports/back-in-stock': (_b, q) => ({ body: report(q.get('daterange') ?? '') }) }
    wrap(<BackInStockScreen view="report" />)
    const totals = await screen.findByTestId('bis-totals')
    for (const text of ['Subscriptions9', 'Notified4', 'Waiting6', 'Conversions2', 'Revenue118.50'])
      expect(totals).toHaveTextContent(text)
    expect(calls[0]!.search.get('daterange')).toBe('last_30_days')
    expect(screen.getByTestId('bis-range-shown')).toHaveTextContent('Apr 2, 2026 – May 1, 2026')
    const table = screen.getByRole('table', { name: 'By variant' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(within(rows[0]!).getByRole('link', { name: 'Trail Mug / Blue' })).toHaveAttribute(
      'href',
      '/catalog/variant/V1',
    )
    expect(within(rows[0]!).getByRole('link', { name: 'Item' })).toHaveAttribute('href', '/catalog/item/I1')
    expect(rows[0]).toHaveTextContent('SKU MUG-B')
    expect(rows[0]).toHaveTextContent('Out of stock')
    expect(rows[1]).toHaveTextContent('14')

    fireEvent.change(screen.getByTestId('bis-range'), { target: { value: 'last_7_days' } })
    await waitFor(() => expect(screen.getByTestId('bis-range-shown')).toHaveTextContent('Apr 25, 2026 – May 1, 2026'))
    expect(calls.at(-1)!.search.get('daterange')).toBe('last_7_days')
    expect(replace).toHaveBeenCalledWith('/catalog/back-in-stock?daterange=last_7_days', { scroll: false })

    fireEvent.change(screen.getByTestId('bis-range'), { target: { value: 'custom' } })
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-04-20' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-04-10' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
    expect(await screen.findByText('The start date must be on or before the end date.')).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-04-30' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(calls.at(-1)!.search.get('daterange')).toBe('2026-04-20:2026-04-30'))
  })

  test("a range from the address is used; a variant's subscribers open in a dialog", async () => {
    routes = {
      'GET /ajax/catalog/reports/back-in-stock': (_b, q) => ({ body: report(q.get('daterange') ?? '') }),
      'GET /ajax/catalog/back-in-stock/subscriptions': () => ({
        body: {
          success: true,
          subscriptions: [
            {
              id: 'S1',
              profileId: 'P1',
              email: 'ada@example.test',
              variantId: 'V1',
              itemId: 'I1',
              channels: ['EMAIL', 'SMS'],
              createdAt: '2026-04-20T10:00:00.000Z',
              notifiedAt: null,
            },
            {
              id: 'S2',
              profileId: 'P2',
              email: null,
              variantId: 'V1',
              itemId: 'I1',
              channels: ['EMAIL'],
              createdAt: '2026-04-18T10:00:00.000Z',
              notifiedAt: '2026-04-28T09:00:00.000Z',
            },
          ],
        },
      }),
    }
    wrap(<BackInStockScreen view="report" initialRange="last_7_days" />)
    await screen.findByTestId('bis-totals')
    expect(calls[0]!.search.get('daterange')).toBe('last_7_days')
    fireEvent.click(screen.getByRole('button', { name: 'Subscribers of Trail Mug / Blue' }))
    const dialog = await screen.findByRole('dialog', { name: 'Subscribers: Trail Mug / Blue' })
    expect(await within(dialog).findByRole('link', { name: 'ada@example.test' })).toHaveAttribute('href', '/profile/P1')
    expect(within(dialog).getByRole('link', { name: 'P2' })).toHaveAttribute('href', '/profile/P2')
    expect(dialog).toHaveTextContent('EMAIL, SMS')
    expect(within(dialog).getByText('Waiting')).toBeInTheDocument()
    const sub = calls.find((c) => c.path === '/ajax/catalog/back-in-stock/subscriptions')!
    expect(sub.search.get('variantId')).toBe('V1')
  })

  test('no subscriptions in the range: an empty state; without scheduled_reports_read no tabs', async () => {
    routes = {
      'GET /ajax/catalog/reports/back-in-stock': () => ({
        body: {
          ...report(''),
          totals: { subscriptions: 0, notified: 0, pending: 0, conversions: 0, revenue: 0 },
          variants: [],
        },
      }),
    }
    wrap(<BackInStockScreen view="report" />, ['catalog_read', 'back_in_stock_read'])
    expect(await screen.findByText('No back-in-stock subscriptions in this period')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Scheduled reports' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Sources' })).toHaveAttribute('href', '/catalog/sources')
  })
})

describe('scheduled reports', () => {
  const reports = () => [
    {
      id: 'R1',
      name: 'Weekly restocks',
      kind: 'back_in_stock',
      flowId: null,
      frequency: 'weekly',
      nextSendAt: '2026-05-03T00:00:00.000Z',
      lastSentAt: null,
      createdAt: '2026-04-01T00:00:00.000Z',
    },
    {
      id: 'R2',
      name: 'Low stock alerts',
      kind: 'low_inventory',
      flowId: 'F1',
      frequency: 'daily',
      nextSendAt: '2026-05-02T00:00:00.000Z',
      lastSentAt: '2026-05-01T00:00:00.000Z',
      createdAt: '2026-04-01T00:00:00.000Z',
    },
  ]
  const flows = {
    success: true,
    flows: [
      { id: 'F1', name: 'Low stock flow', triggerType: 'Low Inventory', status: 'live' },
      { id: 'F2', name: 'Welcome', triggerType: 'Added to List', status: 'live' },
    ],
  }

  test('the list, add with field errors, a low-inventory report with its flow, edit, send now and delete', async () => {
    routes = {
      'GET /ajax/catalog/scheduled-reports': () => ({ body: { success: true, reports: reports() } }),
      'GET /ajax/flows': () => ({ body: flows }),
      'POST /ajax/catalog/scheduled-reports': () => ({
        status: 400,
        body: {
          success: false,
          error: 'invalid',
          message: 'Please correct the highlighted fields.',
          fieldErrors: { name: ['Give the report a name.'], flowId: ['Choose the low-inventory flow.'] },
        },
      }),
      'POST /ajax/catalog/scheduled-reports/R1': (b) => ({
        body: { success: true, report: { ...reports()[0], ...(b as object) } },
      }),
      'POST /ajax/catalog/scheduled-reports/R2/send': () => ({
        body: { success: true, sent: 2, recipients: ['a@x.test', 'b@x.test'] },
      }),
      'DELETE /ajax/catalog/scheduled-reports/R1': () => ({ body: { success: true } }),
    }
    wrap(<BackInStockScreen view="scheduled" />)
    const table = await screen.findByRole('table', { name: 'Scheduled reports' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows[0]).toHaveTextContent('Weekly restocks')
    expect(rows[0]).toHaveTextContent('Back in stock')
    expect(rows[0]).toHaveTextContent('Weekly')
    await waitFor(() => expect(rows[1]).toHaveTextContent('Low inventory · Low stock flow'))
    expect(screen.getByRole('link', { name: 'Scheduled reports' })).toHaveAttribute('aria-current', 'page')

    // Add: a low-inventory report offers only low-inventory flows; the server's errors show beside the fields.
    fireEvent.click(screen.getByTestId('add-scheduled-report'))
    const dialog = await screen.findByRole('dialog', { name: 'Add a scheduled report' })
    fireEvent.change(within(dialog).getByLabelText('Report'), { target: { value: 'low_inventory' } })
    const flowSelect = within(dialog).getByLabelText('Low-inventory flow')
    expect(
      within(flowSelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a flow', 'Low stock flow'])
    fireEvent.click(within(dialog).getByTestId('save-scheduled-report'))
    const alerts = await within(dialog).findAllByRole('alert')
    expect(alerts.map((a) => a.textContent)).toEqual(['Give the report a name.', 'Choose the low-inventory flow.'])
    expect(calls.find((c) => c.method === 'POST' && c.path === '/ajax/catalog/scheduled-reports')!.body).toEqual({
      name: '',
      kind: 'low_inventory',
      flow_id: null,
      frequency: 'weekly',
    })
    routes['POST /ajax/catalog/scheduled-reports'] = (b) => ({
      body: { success: true, report: { id: 'R3', ...(b as object) } },
    })
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Low stock weekly' } })
    fireEvent.change(flowSelect, { target: { value: 'F1' } })
    fireEvent.click(within(dialog).getByTestId('save-scheduled-report'))
    expect(await screen.findByText('Low stock weekly is scheduled.')).toBeInTheDocument()
    expect(
      calls.filter((c) => c.method === 'POST' && c.path === '/ajax/catalog/scheduled-reports').at(-1)!.body,
    ).toEqual({ name: 'Low stock weekly', kind: 'low_inventory', flow_id: 'F1', frequency: 'weekly' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    // Edit keeps the report's values and posts to its id.
    fireEvent.click(screen.getByRole('button', { name: 'Edit Weekly restocks' }))
    const edit = await screen.findByRole('dialog', { name: 'Edit scheduled report' })
    expect(within(edit).getByLabelText('Name')).toHaveValue('Weekly restocks')
    fireEvent.change(within(edit).getByLabelText('Frequency'), { target: { value: 'monthly' } })
    fireEvent.click(within(edit).getByTestId('save-scheduled-report'))
    expect(await screen.findByText('Weekly restocks is saved.')).toBeInTheDocument()
    expect(calls.find((c) => c.path === '/ajax/catalog/scheduled-reports/R1' && c.method === 'POST')!.body).toEqual({
      name: 'Weekly restocks',
      kind: 'back_in_stock',
      flow_id: null,
      frequency: 'monthly',
    })

    fireEvent.click(screen.getByRole('button', { name: 'Send Low stock alerts now' }))
    expect(await screen.findByText('Low stock alerts was sent to 2 recipients.')).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Delete Weekly restocks' }))
    await screen.findByRole('dialog', { name: 'Delete Weekly restocks?' })
    fireEvent.click(screen.getByTestId('confirm-delete'))
    // Three toasts show at once (the fourth waits its turn): the call and the closed dialog tell.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/ajax/catalog/scheduled-reports/R1')).toBe(true)
  })

  test('a reader without catalog_write may neither send a report now nor add, edit or delete; none yet: an empty state', async () => {
    routes = { 'GET /ajax/catalog/scheduled-reports': () => ({ body: { success: true, reports: reports() } }) }
    const { unmount } = wrap(<BackInStockScreen view="scheduled" />, [
      'catalog_read',
      'back_in_stock_read',
      'scheduled_reports_read',
    ])
    await screen.findByRole('table', { name: 'Scheduled reports' })
    expect(screen.queryByRole('button', { name: /^(Send|Edit|Delete) / })).toBeNull()
    expect(screen.queryByTestId('add-scheduled-report')).toBeNull()
    expect(screen.getByRole('table', { name: 'Scheduled reports' })).toHaveTextContent('Low inventory · F1')
    unmount()

    routes = { 'GET /ajax/catalog/scheduled-reports': () => ({ body: { success: true, reports: [] } }) }
    wrap(<BackInStockScreen view="scheduled" />)
    expect(await screen.findByText('No scheduled reports yet')).toBeInTheDocument()
    expect(screen.getByTestId('add-scheduled-report')).toBeInTheDocument()
  })
})

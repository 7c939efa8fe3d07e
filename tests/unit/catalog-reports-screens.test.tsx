// The catalog report screens in the browser: the price-drop report (range selector, totals, each
// drop with old → new price and drop %, the empty state that says a price-drop flow must be
// live) and a flow's low-inventory report (items at the threshold, totals, the activity chart
// by day or week with labels under their bars, a missing flow). Only fetch is a stand-in.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { ToastProvider } from '@/components/shell/toasts'
import { PriceDropReport } from '@/components/catalog/price-drop-report'
import { LowInventoryReport } from '@/components/catalog/low-inventory-report'

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
      : { status: 404, body: { success: false, error: 'not_found', message: 'This flow does not exist.' } }
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
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider
          value={
            {
              authorization: { resources: ['catalog_read', 'price_drop_read', 'low_inventory_read'] },
            } as unknown as StartupData
          }
        >
          <ToastProvider>{ui}</ToastProvider>
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
const range = { from: '2026-01-01T00:00:00.000Z', to: '2026-01-31T00:00:00.000Z' }

describe('price-drop report', () => {
  test('an empty range explains that a price-drop flow must be live; another range shows totals and each drop', async () => {
    routes = {
      'GET /ajax/catalog/reports/price-drop': (q) =>
        q.get('daterange') === 'last_90_days'
          ? {
              body: {
                success: true,
                range,
                totals: { drops: 2, profilesEntered: 7, sends: 5 },
                drops: [
                  {
                    changeId: 2,
                    itemId: 'I1',
                    variantId: 'V1',
                    title: 'Blue shirt',
                    oldPrice: 40,
                    newPrice: 30,
                    at: '2026-01-20T10:00:00.000Z',
                    profilesEntered: 4,
                    sends: 3,
                  },
                  {
                    changeId: 1,
                    itemId: 'I9',
                    variantId: null,
                    title: '(deleted item)',
                    oldPrice: 10,
                    newPrice: 9.5,
                    at: '2026-01-10T10:00:00.000Z',
                    profilesEntered: 3,
                    sends: 2,
                  },
                ],
              },
            }
          : { body: { success: true, range, totals: { drops: 0, profilesEntered: 0, sends: 0 }, drops: [] } },
    }
    wrap(<PriceDropReport />)
    expect(await screen.findByText('No price drops in this period')).toBeInTheDocument()
    expect(screen.getByText(/only while a flow with the price-drop trigger is live/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Create a price-drop flow' })).toHaveAttribute('href', '/flows/create')
    expect(calls[0]).toBe('/ajax/catalog/reports/price-drop?daterange=last_30_days')

    fireEvent.change(screen.getByTestId('report-range'), { target: { value: 'last_90_days' } })
    const table = await screen.findByRole('table')
    expect(calls.at(-1)).toBe('/ajax/catalog/reports/price-drop?daterange=last_90_days')
    expect(
      within(screen.getByTestId('price-drop-totals'))
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['2', '7', '5'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(within(rows[0]!).getByRole('link', { name: 'Blue shirt' })).toHaveAttribute('href', '/catalog/item/I1')
    expect(rows[0]).toHaveTextContent('Variant V1')
    expect(rows[0]).toHaveTextContent('40.00 → 30.00')
    expect(rows[0]).toHaveTextContent('25%')
    expect(rows[1]).toHaveTextContent('Deleted item')
    expect(rows[1]).toHaveTextContent('5%')
    // numbers are right-aligned: the price, drop, profiles and messages columns
    const headers = within(table).getAllByRole('columnheader')
    expect(headers.map((h) => h.className.includes('right'))).toEqual([false, true, true, false, true, true])
  })

  test('a failed load is an alert with a retry', async () => {
    let fail = true
    routes = {
      'GET /ajax/catalog/reports/price-drop': () =>
        fail
          ? {
              status: 500,
              body: { error: 'server_error', message: 'Something went wrong on our side. Please try again.' },
            }
          : { body: { success: true, range, totals: { drops: 0, profilesEntered: 0, sends: 0 }, drops: [] } },
    }
    wrap(<PriceDropReport />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side')
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('No price drops in this period')).toBeInTheDocument()
  })
})

describe('low-inventory report', () => {
  const report = {
    success: true,
    range,
    flow: { id: 'F1', name: 'Almost gone' },
    totals: { occurrences: 1, profilesEntered: 12, sends: 9 },
    items: [
      {
        itemId: 'I1',
        variantId: 'V2',
        title: 'Red mug',
        inventory: 3,
        at: '2026-01-15T08:00:00.000Z',
        profilesEntered: 12,
      },
    ],
  }
  const days = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      start: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
      entered: i === 2 ? 6 : 1,
      sends: i === 2 ? 3 : 0,
    }))

  test("the flow's items at the threshold, the totals and the activity chart by day, then by week", async () => {
    routes = {
      'GET /ajax/catalog/reports/low-inventory/F1': () => ({ body: report }),
      'GET /ajax/catalog/reports/low-inventory/F1/activity': (q) => ({
        body:
          q.get('granularity') === 'week'
            ? {
                success: true,
                granularity: 'week',
                buckets: [
                  { start: '2025-12-29T00:00:00.000Z', entered: 9, sends: 3 },
                  { start: '2026-01-05T00:00:00.000Z', entered: 3, sends: 0 },
                ],
              }
            : { success: true, granularity: 'day', buckets: days(30) },
      }),
    }
    wrap(<LowInventoryReport flowId="F1" />)
    expect(await screen.findByRole('heading', { name: 'Low inventory: Almost gone' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open flow' })).toHaveAttribute('href', '/flow/F1/edit')
    expect(
      within(screen.getByTestId('low-inventory-totals'))
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['1', '12', '9'])
    const table = screen.getByRole('table', { name: 'Items at or below the threshold' })
    expect(within(table).getByRole('link', { name: 'Red mug' })).toHaveAttribute('href', '/catalog/item/I1')
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Red mug · Variant V2\s*3/)

    // 30 days: one column each, with a label under every third column only (aligned: one slot per column)
    await waitFor(() => expect(screen.getAllByTestId('activity-column')).toHaveLength(30))
    const labels = screen.getAllByTestId('activity-label').map((l) => l.textContent)
    expect(labels).toHaveLength(30)
    expect(labels.filter(Boolean)).toEqual([
      'Jan 1',
      'Jan 4',
      'Jan 7',
      'Jan 10',
      'Jan 13',
      'Jan 16',
      'Jan 19',
      'Jan 22',
      'Jan 25',
      'Jan 28',
    ])
    // the y axis tops at the peak (6); the peak day's bar is full height, the others 1/6
    const third = screen.getAllByTestId('activity-column')[2]!
    expect((third.children[0] as HTMLElement).style.height).toBe('100%')
    expect((third.children[1] as HTMLElement).style.height).toBe('50%')
    expect(screen.getByTestId('activity-chart')).toHaveAttribute(
      'aria-label',
      'Bar chart: 35 profiles entered and 3 messages sent in this period',
    )
    expect(within(screen.getByTestId('activity-table')).getAllByRole('row')).toHaveLength(31)

    fireEvent.change(screen.getByTestId('granularity'), { target: { value: 'week' } })
    await waitFor(() => expect(screen.getAllByTestId('activity-column')).toHaveLength(2))
    expect(calls.at(-1)).toBe('/ajax/catalog/reports/low-inventory/F1/activity?daterange=last_30_days&granularity=week')
    expect(within(screen.getByTestId('activity-table')).getByText('Week of Dec 29')).toBeInTheDocument()
  })

  test('no occurrences says what makes items appear; an unknown flow says so', async () => {
    routes = {
      'GET /ajax/catalog/reports/low-inventory/F1': () => ({
        body: { ...report, totals: { occurrences: 0, profilesEntered: 0, sends: 0 }, items: [] },
      }),
      'GET /ajax/catalog/reports/low-inventory/F1/activity': () => ({
        body: { success: true, granularity: 'day', buckets: days(7).map((b) => ({ ...b, entered: 0, sends: 0 })) },
      }),
    }
    const { unmount } = wrap(<LowInventoryReport flowId="F1" />)
    expect(await screen.findByText('No items fell to the threshold in this period')).toBeInTheDocument()
    expect(screen.getByText(/Check that the flow is live/)).toBeInTheDocument()
    unmount()
    wrap(<LowInventoryReport flowId="NOPE" />)
    expect(await screen.findByText('This flow was not found')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View flows' })).toHaveAttribute('href', '/flows')
  })
})

// The form report overview's pieces: headline figures (percent submit rate), the step funnel
// (bars against the first step, an explaining empty state), the per-version table with the live
// badge, the empty state when nothing happened, and the screen refetching for a new timeframe.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'

jest.mock('@/lib/client/http', () => ({ http: { get: jest.fn(), post: jest.fn() } }))
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { http } = require('@/lib/client/http') as { http: { get: jest.Mock; post: jest.Mock } }
/* eslint-disable @typescript-eslint/no-require-imports */
const { HeadlineFigures } =
  require('@/components/forms/reports/headline-figures') as typeof import('@/components/forms/reports/headline-figures')
const { StepFunnel } =
  require('@/components/forms/reports/step-funnel') as typeof import('@/components/forms/reports/step-funnel')
const { VersionTable } =
  require('@/components/forms/reports/version-table') as typeof import('@/components/forms/reports/version-table')
const { FormReportOverviewScreen } =
  require('@/components/forms/reports/form-report-overview-screen') as typeof import('@/components/forms/reports/form-report-overview-screen')
/* eslint-enable @typescript-eslint/no-require-imports */

const wrap = (ui: ReactNode) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>
    </NextIntlClientProvider>,
  )

const OVERVIEW = {
  form: { id: 'Abc123', name: 'Welcome popup' },
  timeframe: 'last_30_days',
  timeZone: 'UTC',
  interval: 'daily',
  range: { start: '2026-01-01T00:00:00.000Z', end: '2026-01-03T00:00:00.000Z' },
  headline: { views: 1200, viewers: 900, submits: 90, submitRate: 0.075, closes: 300 },
  series: { dates: ['2026-01-01', '2026-01-02'], views: [700, 500], submits: [50, 40] },
  funnel: [
    { step: 0, views: 1200, viewers: 900, submits: 90, submitters: 90 },
    { step: 1, views: 100, viewers: 90, submits: 30, submitters: 30 },
  ],
  versions: [
    { id: 1, name: 'Version A', status: 'live', views: 1200, submits: 90, submitRate: 0.075, closes: 300 },
    { id: 2, name: 'Version B', status: 'draft', views: 0, submits: 0, submitRate: 0, closes: 0 },
  ],
}

beforeEach(() => http.get.mockReset())

test('headline figures', () => {
  wrap(<HeadlineFigures headline={OVERVIEW.headline} />)
  const figure = (label: string) => screen.getByText(label).closest('div')!
  expect(within(figure('Views')).getByText('1,200')).toBeTruthy()
  expect(within(figure('Submits')).getByText('90')).toBeTruthy()
  expect(within(figure('Submit rate')).getByText('7.5%')).toBeTruthy()
  expect(within(figure('Closes')).getByText('300')).toBeTruthy()
})

test('step funnel: bars against the first step; an explanation when there are no steps', () => {
  const { container, unmount } = wrap(<StepFunnel steps={OVERVIEW.funnel} />)
  expect(screen.getByText('Step 1')).toBeTruthy()
  expect(screen.getByText('90 visitors · 30 submits')).toBeTruthy()
  const widths = [...container.querySelectorAll('li [role="presentation"] > div')].map(
    (d) => (d as HTMLElement).style.width,
  )
  expect(widths).toEqual(['100%', '10%'])
  unmount()
  wrap(<StepFunnel steps={[]} />)
  expect(screen.getByText(/each step's visitors and submits appear here/)).toBeTruthy()
})

test('version table with the live badge', () => {
  wrap(<VersionTable versions={OVERVIEW.versions} />)
  const rows = screen.getAllByRole('row').slice(1)
  expect(within(rows[0]!).getByText('Live')).toBeTruthy()
  expect(within(rows[0]!).getByText('7.5%')).toBeTruthy()
  expect(within(rows[1]!).queryByText('Live')).toBeNull()
})

test('the screen: figures, an empty state when nothing happened, and a refetch for another timeframe', async () => {
  http.get.mockImplementation((url: string) =>
    Promise.resolve({
      data: url.includes('last_7_days')
        ? {
            ...OVERVIEW,
            headline: { views: 0, viewers: 0, submits: 0, submitRate: 0, closes: 0 },
            funnel: [],
            series: { dates: [], views: [], submits: [] },
          }
        : OVERVIEW,
    }),
  )
  wrap(<FormReportOverviewScreen formId="Abc123" />)
  expect(await screen.findByRole('heading', { name: 'Welcome popup: report' })).toBeTruthy()
  expect(screen.getByText('Views and submits')).toBeTruthy()
  expect(http.get.mock.calls[0]![0]).toBe('/ajax/forms-reports/Abc123/overview?timeframe=last_30_days')
  expect(screen.getByRole('link', { name: 'A/B tests' }).getAttribute('href')).toBe('/forms/Abc123/reports/tests')
  fireEvent.change(screen.getByLabelText('Timeframe'), { target: { value: 'last_7_days' } })
  await waitFor(() => expect(screen.getByText('No activity in this timeframe')).toBeTruthy())
  expect(http.get.mock.calls.at(-1)![0]).toBe('/ajax/forms-reports/Abc123/overview?timeframe=last_7_days')
})

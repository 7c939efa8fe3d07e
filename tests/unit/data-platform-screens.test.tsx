// The issue 27 screens of the data platform, data settings, testing and the agent overview: the
// /cdp/sync destinations (the webhook real, the others not available), a sync created with its
// secret shown once, the logs table, the intelligence hub's cards and their empty states, event
// retention and the owners-only export, test recipients with a server field error, and the
// agent overview's empty and filled states.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'

jest.mock('@/lib/client/http', () => ({
  ...jest.requireActual('@/lib/client/http-error'),
  buildUrl: jest.requireActual('@/lib/client/http').buildUrl,
  http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), patch: jest.fn(), delete: jest.fn() },
}))
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { http, HttpError } = require('@/lib/client/http') as {
  http: Record<'get' | 'post' | 'put' | 'patch' | 'delete', jest.Mock>
  HttpError: typeof import('@/lib/client/http-error').HttpError
}
/* eslint-disable @typescript-eslint/no-require-imports */
const { DataSyncScreen } =
  require('@/components/data-sync/data-sync-screen') as typeof import('@/components/data-sync/data-sync-screen')
const { SyncDestinationScreen } =
  require('@/components/data-sync/sync-destination-screen') as typeof import('@/components/data-sync/sync-destination-screen')
const { SyncLogsScreen } =
  require('@/components/data-sync/sync-logs-screen') as typeof import('@/components/data-sync/sync-logs-screen')
const { IntelligenceHubScreen } =
  require('@/components/insights/intelligence-hub-screen') as typeof import('@/components/insights/intelligence-hub-screen')
const { DataSettingsScreen } =
  require('@/components/settings/data-settings-screen') as typeof import('@/components/settings/data-settings-screen')
const { TestingSettingsScreen } =
  require('@/components/settings/testing-settings-screen') as typeof import('@/components/settings/testing-settings-screen')
const { AgentOverviewScreen } =
  require('@/components/kagent/agent-overview-screen') as typeof import('@/components/kagent/agent-overview-screen')
const { TestRecipientOptions } =
  require('@/components/settings/test-recipient-options') as typeof import('@/components/settings/test-recipient-options')
/* eslint-enable @typescript-eslint/no-require-imports */

const ok = (data: unknown) => Promise.resolve({ data, status: 200, headers: new Headers() })

function wrap(
  ui: ReactNode,
  resources: string[] = ['integrations_read', 'integrations_write', 'account_settings_write'],
) {
  const shell = { authorization: { resources } } as unknown as StartupData
  return render(
    <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={shell}>{ui}</ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
}

const SYNC = {
  id: 4,
  destination: 'webhook',
  name: 'CRM',
  endpointUrl: 'https://crm.example.test/in',
  groupIds: ['g1'],
  fields: ['email'],
  schedule: 'daily',
  enabled: true,
  cursor: 10,
  lastSuccessAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-19T10:00:00.000Z',
  lastRun: { id: 9, status: 'succeeded', rows: 12, createdAt: '2026-11-20T10:00:00.000Z' },
}
const overview = (syncs: unknown[] = [SYNC]) => ({
  destinations: [
    { key: 'webhook', available: true, syncs },
    { key: 'sftp-csv', available: false, syncs: [] },
    { key: 'google-sheets', available: false, syncs: [] },
  ],
  groups: [
    { id: 'g1', name: 'Newsletter', kind: 'list' },
    { id: 'g2', name: 'VIPs', kind: 'segment' },
  ],
  fields: ['email', 'firstName'],
})

beforeEach(() => Object.values(http).forEach((m) => m.mockReset()))

test('/cdp/sync lists the webhook with its syncs and the other destinations as not configured', async () => {
  http.get.mockImplementation(() => ok(overview()))
  wrap(<DataSyncScreen />)
  expect(await screen.findByText('CRM')).toBeTruthy()
  expect(screen.getByText('Every day')).toBeTruthy()
  expect(screen.getByText('Succeeded')).toBeTruthy()
  expect(screen.getAllByText('Not configured')).toHaveLength(2)
  expect(screen.getByText(/no SFTP client/)).toBeTruthy()
})

test('creating a sync sends the chosen lists and fields and shows the secret once', async () => {
  http.get.mockImplementation(() => ok(overview([])))
  http.post.mockImplementation(() => ok({ sync: { ...SYNC, id: 5, name: 'New' }, secretKey: 'whsec_shown_once' }))
  wrap(<SyncDestinationScreen destination="webhook" />)
  fireEvent.click(await screen.findByTestId('sync-new'))
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'New' } })
  fireEvent.change(screen.getByLabelText('Endpoint URL'), { target: { value: 'https://x.example.test/in' } })
  fireEvent.click(screen.getByLabelText(/VIPs/))
  fireEvent.click(screen.getByLabelText('First name'))
  fireEvent.click(screen.getByTestId('sync-save'))
  await waitFor(() => expect(http.post).toHaveBeenCalled())
  expect(http.post.mock.calls[0]![0]).toBe('/ajax/data-sync/destinations/webhook/syncs')
  expect(http.post.mock.calls[0]![1]).toMatchObject({
    name: 'New',
    endpointUrl: 'https://x.example.test/in',
    groupIds: ['g2'],
    fields: ['email', 'firstName'],
  })
  expect((await screen.findByTestId('sync-secret')).textContent).toBe('whsec_shown_once')
})

test('a server field error is shown on its field', async () => {
  http.get.mockImplementation(() => ok(overview([])))
  http.post.mockImplementation(() =>
    Promise.reject(
      new HttpError(400, {
        message: 'Invalid',
        fieldErrors: { endpointUrl: ['The endpoint URL must start with https://.'] },
      }),
    ),
  )
  wrap(<SyncDestinationScreen destination="webhook" />)
  fireEvent.click(await screen.findByTestId('sync-new'))
  fireEvent.click(screen.getByTestId('sync-save'))
  expect(await screen.findByText('The endpoint URL must start with https://.')).toBeTruthy()
})

test('an unavailable destination says so and offers no form', async () => {
  http.get.mockImplementation(() => ok(overview()))
  wrap(<SyncDestinationScreen destination="sftp-csv" />)
  expect(await screen.findByText(/no sync can be set up/)).toBeTruthy()
  expect(screen.queryByTestId('sync-new')).toBeNull()
})

test('the logs show each attempt with its answer and error', async () => {
  http.get.mockImplementation(() =>
    ok({
      attempts: [
        {
          id: 1,
          syncId: 4,
          syncName: 'CRM',
          runId: 9,
          attempt: 2,
          status: 'failed',
          rows: 0,
          responseCode: 500,
          error: 'The destination answered 500.',
          durationMs: 42,
          createdAt: '2026-11-20T10:00:00.000Z',
        },
      ],
    }),
  )
  wrap(<SyncLogsScreen destination="webhook" kind="logs" />)
  expect(await screen.findByText('The destination answered 500.')).toBeTruthy()
  expect(screen.getByText('Failed')).toBeTruthy()
  expect(screen.getByText('42 ms')).toBeTruthy()
  expect(http.get.mock.calls[0]![0]).toBe('/ajax/data-sync/destinations/webhook/logs')
})

test('the intelligence hub shows live figures, links, and what a card still needs', async () => {
  http.get.mockImplementation(() =>
    ok({
      days: 30,
      cards: [
        { key: 'rfm', href: '/customer-insights/rfm', ready: true, figures: { customers: 1200, champions: 80 } },
        { key: 'clv', href: '/predictive-models/clv', ready: false, figures: {} },
        {
          key: 'funnel',
          href: '/customer-insights/funnel',
          ready: true,
          figures: { entered: 200, converted: 10, conversion: 0.05 },
        },
        {
          key: 'audience',
          href: '/customer-insights/audience',
          ready: true,
          figures: { profiles: 5000, customers: 1200 },
        },
        {
          key: 'product',
          href: '/catalog-insights/product',
          ready: true,
          figures: { topProduct: 'Quilted Jacket', orders: 38, revenue: 7749.2 },
        },
      ],
      currency: 'EUR',
    }),
  )
  wrap(<IntelligenceHubScreen />)
  expect(await screen.findByText('1,200')).toBeTruthy()
  expect(screen.getByText('80 champions')).toBeTruthy()
  expect(screen.getByText('5%')).toBeTruthy()
  expect(screen.getByText(/Needs a fitted model/)).toBeTruthy()
  // Money in the account's currency.
  expect(screen.getByText(/€7,749/)).toBeTruthy()
  const links = screen.getAllByRole('link', { name: 'Open' }).map((a) => a.getAttribute('href'))
  expect(links).toEqual([
    '/customer-insights/rfm',
    '/predictive-models/clv',
    '/customer-insights/funnel',
    '/customer-insights/audience',
    '/catalog-insights/product',
  ])
})

test('event retention saves the period; a non-owner sees the export as owners only', async () => {
  http.get.mockImplementation(() =>
    ok({
      retention: {
        enabled: false,
        eventRetentionDays: 730,
        lastPurgeAt: null,
        lastPurgedCount: 0,
        eventsOlderThanPeriod: 3,
        eventsTotal: 10,
      },
      canEditRetention: true,
      canExport: false,
      exports: [],
    }),
  )
  http.put.mockImplementation(() => ok({}))
  wrap(<DataSettingsScreen />)
  expect(await screen.findByText('3 of 10 events are older than 730 days.')).toBeTruthy()
  expect(screen.getByText(/Only an owner/)).toBeTruthy()
  expect(screen.queryByTestId('account-export')).toBeNull()
  fireEvent.click(screen.getByTestId('retention-enabled'))
  fireEvent.change(screen.getByTestId('retention-period'), { target: { value: '365' } })
  fireEvent.click(screen.getByTestId('retention-save'))
  await waitFor(() => expect(http.put).toHaveBeenCalled())
  expect(http.put.mock.calls[0]).toEqual([
    '/ajax/account/data-settings/retention',
    { enabled: true, eventRetentionDays: 365 },
  ])
})

test('test recipients: the list, and a refused number shows the server message on the field', async () => {
  http.get.mockImplementation(() =>
    ok({
      testAccount: false,
      recipients: [
        { id: 1, kind: 'email', value: 'qa@example.test', label: 'QA', createdAt: '2026-11-20T10:00:00.000Z' },
      ],
    }),
  )
  http.post.mockImplementation(() =>
    Promise.reject(
      new HttpError(400, { message: 'Invalid', fieldErrors: { value: ['Enter the number with its country code.'] } }),
    ),
  )
  wrap(<TestingSettingsScreen />)
  expect(await screen.findByText('qa@example.test')).toBeTruthy()
  expect(screen.getByText('Live account')).toBeTruthy()
  fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'phone' } })
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '555' } })
  fireEvent.click(screen.getByTestId('test-recipient-add'))
  expect(await screen.findByText('Enter the number with its country code.')).toBeTruthy()
  expect(http.post.mock.calls[0]).toEqual(['/ajax/account/test-recipients', { kind: 'phone', value: '555' }])
})

test('the agent overview: an empty state for a new account, counts once it answered', async () => {
  const empty = {
    days: 30,
    inbound: 0,
    answered: 0,
    outcomes: { delivered: 0, failed: 0, pending: 0 },
    byRule: { faq: 0, intent: 0, awayMessage: 0 },
    knowledge: { entries: 0, enabled: 0, autoAnswer: false, awayMessage: false },
  }
  http.get.mockImplementation(() => ok(empty))
  const { unmount } = wrap(<AgentOverviewScreen />, ['sms_conversations_read'])
  expect(await screen.findByText('The agent has not answered anyone yet')).toBeTruthy()
  unmount()
  http.get.mockImplementation(() =>
    ok({
      ...empty,
      inbound: 9,
      answered: 4,
      outcomes: { delivered: 3, failed: 1, pending: 0 },
      byRule: { faq: 4, intent: 0, awayMessage: 0 },
      knowledge: { entries: 2, enabled: 1, autoAnswer: true, awayMessage: false },
    }),
  )
  wrap(<AgentOverviewScreen />, ['sms_conversations_read'])
  expect((await screen.findByTestId('agent-answered')).textContent).toContain('4')
  expect(screen.getByText('2 FAQ entries, 1 on')).toBeTruthy()
  expect(screen.getByText('Automatic answers on')).toBeTruthy()
})

test('a send-test box is offered the test recipients of its kind', async () => {
  http.get.mockImplementation(() =>
    ok({
      testAccount: false,
      recipients: [
        { id: 1, kind: 'email', value: 'qa@example.test', label: null, createdAt: '2026-11-20T10:00:00.000Z' },
        { id: 2, kind: 'phone', value: '+15555550100', label: 'Ops', createdAt: '2026-11-20T10:00:00.000Z' },
      ],
    }),
  )
  wrap(<TestRecipientOptions id="t" kind="phone" />)
  await waitFor(() => expect(screen.getByTestId('t').querySelectorAll('option')).toHaveLength(1))
  expect(screen.getByTestId('t').querySelector('option')!.getAttribute('value')).toBe('+15555550100')
})

// The webhooks list (/cdp/webhooks) on the shared list states (components/ui/list-states.tsx): a
// failed load offers a retry, which shows the rows; no webhooks is the empty state with the create
// button for a member who can write. Only the HTTP client is a stand-in.
import { fireEvent, render, screen } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'

jest.mock('@/lib/client/http', () => ({ http: { get: jest.fn() } }))
/* eslint-disable @typescript-eslint/no-require-imports */
const { http } = require('@/lib/client/http') as { http: { get: jest.Mock } }
const { WebhooksListScreen } =
  require('@/components/webhooks/webhooks-list-screen') as typeof import('@/components/webhooks/webhooks-list-screen')
/* eslint-enable @typescript-eslint/no-require-imports */

const ok = (data: unknown) => Promise.resolve({ data, status: 200, headers: new Headers() })
const fail = () =>
  Promise.reject(Object.assign(new Error('http'), { status: 500, data: {}, response: { status: 500 } }))
const HOOK = {
  id: 'W1',
  name: 'Clicks to CRM',
  description: 'Every click',
  endpointUrl: 'https://crm.example.com/hook',
  enabled: true,
  topics: ['T1'],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
}

const renderList = () =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider
          value={{ authorization: { resources: ['integrations_write'] } } as unknown as StartupData}
        >
          <WebhooksListScreen />
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )

beforeEach(() => jest.resetAllMocks())

test('a failed load offers a retry, which shows the webhooks', async () => {
  http.get.mockImplementationOnce(fail).mockImplementation(() => ok({ webhooks: [HOOK], topics: [] }))
  renderList()
  expect(await screen.findByText(messages.webhooks.loadError)).toBeInTheDocument()
  fireEvent.click(screen.getByRole('button', { name: messages.common.retry }))
  expect(await screen.findByTestId('webhook-W1')).toHaveTextContent('Clicks to CRM')
  expect(screen.getByText('https://crm.example.com/hook')).toBeInTheDocument()
  expect(screen.queryByText(messages.webhooks.loadError)).toBeNull()
})

test('no webhooks: the empty state with the create button', async () => {
  http.get.mockImplementation(() => ok({ webhooks: [], topics: [] }))
  renderList()
  expect(await screen.findByText(messages.webhooks.emptyHeading)).toBeInTheDocument()
  expect(screen.getByTestId('create-webhook')).toHaveTextContent(messages.webhooks.create)
  expect(screen.queryByRole('table')).toBeNull()
})

// The webhook editor (/cdp/webhooks/create and /{id}/edit) on the shared load skeleton
// (SettingsLoader): an unknown webhook says so without a retry, a failed load offers a retry
// that shows the form, and the form starts from the loaded webhook. Only the HTTP client is a
// stand-in.
import { fireEvent, render, screen } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'

jest.mock('@/lib/client/http', () => ({
  http: { get: jest.fn(), post: jest.fn(), patch: jest.fn(), delete: jest.fn() },
}))
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn() }) }))
/* eslint-disable @typescript-eslint/no-require-imports */
const { http } = require('@/lib/client/http') as { http: Record<'get' | 'post' | 'patch' | 'delete', jest.Mock> }
const { WebhookFormScreen } =
  require('@/components/webhooks/webhook-form-screen') as typeof import('@/components/webhooks/webhook-form-screen')
/* eslint-enable @typescript-eslint/no-require-imports */

const ok = (data: unknown) => Promise.resolve({ data, status: 200, headers: new Headers() })
const fail = (status: number) =>
  Promise.reject(Object.assign(new Error('http'), { status, data: {}, response: { status, data: {} } }))
const TOPICS = [{ id: 'T1', metric: 'Clicked Email', channel: 'email' }]
const HOOK = {
  id: 'W1',
  name: 'Clicks to CRM',
  description: null,
  endpointUrl: 'https://crm.example.com/hook',
  enabled: true,
  topics: ['T1'],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
}

const renderScreen = (webhookId?: string) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider
          value={{ authorization: { resources: ['integrations_write'] } } as unknown as StartupData}
        >
          <WebhookFormScreen webhookId={webhookId} />
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )

beforeEach(() => jest.resetAllMocks())

test('an unknown webhook says so, without a retry', async () => {
  http.get.mockImplementation(() => fail(404))
  renderScreen('W404')
  expect(await screen.findByText(messages.webhooks.notFound)).toBeInTheDocument()
  expect(screen.getByRole('heading', { name: messages.webhooks.editTitle })).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: messages.common.retry })).toBeNull()
})

test('a failed load offers a retry, which shows the form with the webhook', async () => {
  let first = true
  http.get.mockImplementation((url: string) => {
    if (url === '/ajax/webhooks/W1' && first) {
      first = false
      return fail(500)
    }
    if (url === '/ajax/webhooks/W1') return ok({ webhook: HOOK, topics: TOPICS })
    return ok({ deliveries: [] })
  })
  renderScreen('W1')
  expect(await screen.findByText(messages.webhooks.loadError)).toBeInTheDocument()
  fireEvent.click(screen.getByRole('button', { name: messages.common.retry }))
  expect(await screen.findByLabelText(messages.webhooks.name)).toHaveValue('Clicks to CRM')
  expect(screen.getByLabelText(messages.webhooks.endpointUrl)).toHaveValue('https://crm.example.com/hook')
})

test('the create screen starts empty', async () => {
  http.get.mockImplementation(() => ok({ topics: TOPICS }))
  renderScreen()
  expect(await screen.findByLabelText(messages.webhooks.name)).toHaveValue('')
  expect(screen.getByTestId('webhook-form')).toBeInTheDocument()
})

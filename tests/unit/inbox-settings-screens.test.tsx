// The inbox automation screens in the browser (issue 25 §1): the away message form sends the
// hours and text and shows a 400's field error under its weekday; /automations lists the rules,
// shows the chosen one's action fields and sends the phrases as a list; without
// account_settings_write every field is read-only and there is no save button. Only fetch and
// the router are stand-ins.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { ToastProvider } from '@/components/shell/toasts'
import { AwayMessageScreen } from '@/components/inbox-settings/away-message-screen'
import { AutomationsScreen } from '@/components/inbox-settings/automations-screen'
import { DEFAULT_BUSINESS_HOURS } from '@/lib/inbox/automations/business-hours'

const push = jest.fn()
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push, replace: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/automations',
}))

type Answer = { status?: number; body: unknown }
let routes: Record<string, (body: unknown) => Answer>
let sent: { method: string; path: string; body: unknown }[]
beforeEach(() => {
  sent = []
  push.mockReset()
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase()
    const path = new URL(String(input), 'http://localhost').pathname
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    if (method !== 'GET') sent.push({ method, path, body })
    const res = routes[`${method} ${path}`]?.(body) ?? { status: 404, body: { error: 'not_found' } }
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

const settings = {
  businessHours: DEFAULT_BUSINESS_HOURS,
  awayEnabled: false,
  awayText: '',
  faqAutoAnswer: false,
  channels: ['sms'],
  inboundNumbers: [],
  smsNumbers: [],
  autoCloseDays: 0,
  botName: '',
  onboarded: false,
  timeZone: 'Europe/Oslo',
}

const renderWith = (
  ui: React.ReactNode,
  resources = ['sms_conversations_read', 'automations_read', 'account_settings_write'],
) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={{ authorization: { resources } } as unknown as StartupData}>
          <ToastProvider>{ui}</ToastProvider>
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )

test('away message: sends hours and text, shows the field error under the weekday', async () => {
  routes = {
    'GET /ajax/inbox/settings': () => ({ body: { settings } }),
    'PUT /ajax/inbox/settings/away-message': () => ({
      status: 400,
      body: {
        error: 'invalid',
        message: 'Please correct the highlighted fields.',
        fieldErrors: { 'businessHours.sat.end': ['The closing time must be after the opening time.'] },
      },
    }),
  }
  renderWith(<AwayMessageScreen />)
  expect(await screen.findByText(/Europe\/Oslo/)).toBeInTheDocument()
  fireEvent.click(screen.getByRole('checkbox', { name: 'Saturday' }))
  fireEvent.change(screen.getByTestId('hours-sat').querySelector('input[name="sat.end"]')!, {
    target: { value: '08:00' },
  })
  fireEvent.click(screen.getByRole('checkbox', { name: /Send an away message/ }))
  fireEvent.change(screen.getByLabelText('Away message'), { target: { value: 'Closed, {{ first_name }}' } })
  fireEvent.click(screen.getByTestId('save-away-message'))
  expect(await screen.findByText('The closing time must be after the opening time.')).toBeInTheDocument()
  expect(sent).toHaveLength(1)
  expect(sent[0]!.body).toMatchObject({
    // the client sends snake_case keys; the /ajax wrapper camelizes them
    away_enabled: true,
    away_text: 'Closed, {{ first_name }}',
    business_hours: { sat: { open: true, start: '09:00', end: '08:00' }, mon: DEFAULT_BUSINESS_HOURS.mon },
  })
})

const intents = [
  {
    id: 7,
    name: 'Discounts',
    key: 'discount_request',
    phrases: ['discount', 'coupon'],
    action: 'tag',
    replyText: '',
    tag: 'deal',
    flowId: null,
    enabled: true,
    priority: 10,
  },
]

test('automations: the chosen rule with its action fields; saving sends the phrases as a list', async () => {
  routes = {
    'GET /ajax/automations/intents': () => ({ body: { intents, flows: [{ id: 'F1', name: 'Win-back' }] } }),
    'PUT /ajax/automations/intents/7': (b) => ({ body: { intent: { ...intents[0], ...(b as object) } } }),
  }
  renderWith(<AutomationsScreen intentId="7" />)
  expect(await screen.findByDisplayValue('deal')).toBeInTheDocument()
  expect(screen.getByLabelText('Keywords and phrases')).toHaveValue('discount, coupon')
  fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'start_flow' } })
  fireEvent.change(screen.getByLabelText('Flow'), { target: { value: 'F1' } })
  fireEvent.change(screen.getByLabelText('Keywords and phrases'), { target: { value: 'discount,\ncoupon , promo' } })
  fireEvent.click(screen.getByTestId('save-intent'))
  await waitFor(() => expect(sent).toHaveLength(1))
  expect(sent[0]).toMatchObject({
    method: 'PUT',
    path: '/ajax/automations/intents/7',
    body: { action: 'start_flow', flow_id: 'F1', phrases: ['discount', 'coupon', 'promo'], priority: '10' },
  })
})

test('automations: an unknown id says so; without write access the form is read-only', async () => {
  routes = { 'GET /ajax/automations/intents': () => ({ body: { intents, flows: [] } }) }
  const { unmount } = renderWith(<AutomationsScreen intentId="99" />)
  expect(await screen.findByText(/could not be found/)).toBeInTheDocument()
  unmount()
  renderWith(<AutomationsScreen intentId="7" />, ['sms_conversations_read', 'automations_read'])
  expect(await screen.findByDisplayValue('deal')).toBeDisabled()
  expect(screen.queryByTestId('save-intent')).toBeNull()
})

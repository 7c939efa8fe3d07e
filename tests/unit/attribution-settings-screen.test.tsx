// /settings/attribution in the browser: the saved settings in days or hours, a change saved as
// hours, the open window disabled when opens do not count, a field error from the server under
// its field, reset to defaults, and read-only without account_settings_write. Only fetch is a stand-in.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { ToastProvider } from '@/components/shell/toasts'
import { AttributionSettingsScreen } from '@/components/settings/attribution-settings-screen'

const defaults = {
  conversionMetricId: null,
  conversionMetricName: 'Placed Order',
  emailOpenWindowHours: 120,
  emailClickWindowHours: 120,
  smsClickWindowHours: 24,
  pushOpenWindowHours: 24,
  countEmailOpens: true,
}
let posts: unknown[] = []
let answer: (body: unknown) => { status: number; body: unknown }
beforeEach(() => {
  posts = []
  answer = (body) => ({
    status: 200,
    body: {
      settings: { ...defaults, ...(body as object) },
      defaults,
      metrics: [
        { id: 'M1', name: 'Placed Order' },
        { id: 'M2', name: 'Started Subscription' },
      ],
      maxWindowHours: 720,
    },
  })
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase()
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    if (method === 'POST') posts.push(body)
    const res = method === 'POST' ? answer(body) : answer({ emailClickWindowHours: 36 })
    return {
      ok: res.status < 300,
      status: res.status,
      type: 'basic',
      redirected: false,
      url: String(input),
      headers: new Headers(),
      text: async () => JSON.stringify(res.body),
    }
  }) as unknown as typeof fetch
})

const renderScreen = (resources = ['account_settings_read', 'account_settings_write']) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={{ authorization: { resources } } as unknown as StartupData}>
          <ToastProvider>
            <AttributionSettingsScreen />
          </ToastProvider>
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )

test('shows days or hours, saves the change in hours, disables the open window without opens', async () => {
  renderScreen()
  const open = await screen.findByTestId('window-emailOpenWindowHours')
  expect(open).toHaveValue(5) // 120 hours = 5 days
  expect(screen.getByTestId('window-emailClickWindowHours')).toHaveValue(36) // not whole days: hours
  expect(screen.getByTestId('conversion-metric')).toHaveDisplayValue('Placed Order (default)')
  fireEvent.change(screen.getByTestId('window-smsClickWindowHours'), { target: { value: '2' } })
  fireEvent.change(screen.getAllByLabelText('Unit')[2]!, { target: { value: 'days' } })
  fireEvent.change(screen.getByTestId('conversion-metric'), { target: { value: 'M2' } })
  fireEvent.click(screen.getByTestId('count-email-opens'))
  expect(open).toBeDisabled()
  fireEvent.click(screen.getByTestId('save-attribution'))
  await waitFor(() => expect(posts).toHaveLength(1))
  // (the client sends snake_case on the wire)
  expect(posts[0]).toEqual({
    conversion_metric_id: 'M2',
    email_open_window_hours: 120,
    email_click_window_hours: 36,
    sms_click_window_hours: 48,
    push_open_window_hours: 24,
    count_email_opens: false,
  })
  expect(await screen.findByText(/Attribution settings saved/)).toBeInTheDocument()
})

test('a window out of range is caught before sending; a server field error shows under its field; reset sends the defaults', async () => {
  renderScreen()
  fireEvent.change(await screen.findByTestId('window-pushOpenWindowHours'), { target: { value: '40' } })
  fireEvent.change(screen.getAllByLabelText('Unit')[3]!, { target: { value: 'days' } })
  fireEvent.change(screen.getByTestId('window-pushOpenWindowHours'), { target: { value: '40' } })
  fireEvent.click(screen.getByTestId('save-attribution'))
  expect(await screen.findByText('Enter a whole number of hours from 1 up to 30 days.')).toBeInTheDocument()
  expect(posts).toHaveLength(0)

  answer = () => ({
    status: 400,
    body: {
      error: 'invalid',
      message: 'Please correct the highlighted fields.',
      fieldErrors: { conversionMetricId: ['This metric does not exist.'] },
    },
  })
  fireEvent.change(screen.getByTestId('window-pushOpenWindowHours'), { target: { value: '1' } })
  fireEvent.click(screen.getByTestId('save-attribution'))
  expect(await screen.findByText('This metric does not exist.')).toBeInTheDocument()

  answer = (body) => ({
    status: 200,
    body: { settings: { ...defaults, ...(body as object) }, defaults, metrics: [], maxWindowHours: 720 },
  })
  fireEvent.click(screen.getByTestId('reset-attribution'))
  await waitFor(() =>
    expect(posts.at(-1)).toEqual({
      conversion_metric_id: null,
      email_open_window_hours: 120,
      email_click_window_hours: 120,
      sms_click_window_hours: 24,
      push_open_window_hours: 24,
      count_email_opens: true,
    }),
  )
})

test('without account_settings_write the settings are read-only', async () => {
  renderScreen(['account_settings_read'])
  expect(await screen.findByTestId('window-emailOpenWindowHours')).toBeDisabled()
  expect(screen.queryByTestId('save-attribution')).not.toBeInTheDocument()
})

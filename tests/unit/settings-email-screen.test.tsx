// The email settings screen (/settings/email): its cards saved on their own (SavingCard and the
// settings skeleton's save cycle): the tracking card posts its switches and toasts; a 400 on the
// unsubscribe card shows the field error under its field, another failure a toast; a reader sees
// no save buttons. Only the HTTP client is a stand-in.
import { fireEvent, render, screen, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { ToastProvider } from '@/components/shell/toasts'

jest.mock('@/lib/client/http', () => ({ http: { get: jest.fn(), post: jest.fn() } }))
/* eslint-disable @typescript-eslint/no-require-imports */
const { http } = require('@/lib/client/http') as { http: { get: jest.Mock; post: jest.Mock } }
const { EmailSettingsScreen } =
  require('@/components/settings/email-settings-screen') as typeof import('@/components/settings/email-settings-screen')
/* eslint-enable @typescript-eslint/no-require-imports */

const m = messages.emailSettings
const DOCS: Record<string, unknown> = {
  '/ajax/account/email/settings': {
    settings: {
      defaultFromName: 'Shop',
      defaultFromEmail: 'news@shop.test',
      replyTo: '',
      smtp: null,
      delivery: 'outbox',
    },
  },
  '/ajax/account/email/sending': {
    sending: {
      smartSendingHours: 16,
      frequencyCaps: {},
      softBounceLimit: 3,
      inboundWebhooks: { inboundEmail: 'https://a.test/in', ses: 'https://a.test/ses', sendgrid: 'https://a.test/sg' },
    },
  },
  '/ajax/account/email/tracking': { tracking: { openTracking: true, clickTracking: true } },
  '/ajax/account/email/consent': { consent: { unsubscribeScope: 'all' } },
}
const fail = (status: number, data: unknown) =>
  Promise.reject(Object.assign(new Error('http'), { status, data, response: { status, data } }))

function renderScreen(resources = ['account_settings_read', 'account_settings_write']) {
  http.get.mockImplementation((url: string) => Promise.resolve({ data: DOCS[url], status: 200 }))
  return render(
    <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={{ authorization: { resources } } as unknown as StartupData}>
          <ToastProvider>
            <EmailSettingsScreen />
          </ToastProvider>
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
}
const card = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('section, div[class]')!.parentElement!

beforeEach(() => jest.resetAllMocks())

test('the tracking card posts its switches and toasts', async () => {
  http.post.mockImplementation((_url: string, body: unknown) =>
    Promise.resolve({ data: { tracking: body }, status: 200 }),
  )
  renderScreen()
  const open = await screen.findByLabelText(new RegExp(m.openTracking))
  fireEvent.click(open)
  fireEvent.click(within(card(m.trackingTitle)).getByRole('button', { name: m.save }))
  expect(await screen.findByText(m.saved)).toBeInTheDocument()
  expect(http.post).toHaveBeenCalledWith('/ajax/account/email/tracking', { openTracking: false, clickTracking: true })
})

test("the unsubscribe card: a 400's field error under the field, another failure a toast", async () => {
  http.post.mockImplementationOnce(() =>
    fail(400, { error: 'invalid', message: 'Fix it', fieldErrors: { unsubscribeScope: ['Pick one of all, list.'] } }),
  )
  renderScreen()
  await screen.findByText(m.consentTitle)
  const save = () => fireEvent.click(within(card(m.consentTitle)).getByRole('button', { name: m.save }))
  save()
  expect(await screen.findByText('Pick one of all, list.')).toBeInTheDocument()
  http.post.mockImplementationOnce(() => fail(500, {}))
  save()
  expect(await screen.findByText(m.saveError)).toBeInTheDocument()
  expect(screen.queryByText('Pick one of all, list.')).toBeNull()
})

test('a reader sees the cards without save buttons', async () => {
  renderScreen(['account_settings_read'])
  await screen.findByText(m.consentTitle)
  expect(within(card(m.trackingTitle)).queryByRole('button', { name: m.save })).toBeNull()
  expect(within(card(m.consentTitle)).queryByRole('button', { name: m.save })).toBeNull()
})

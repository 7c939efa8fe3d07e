// The SMS and WhatsApp settings screens on the settings skeleton (SettingsPage, ConnectionCard,
// SettingsForm): the head, the provider account badged connected or not with its help, the saved
// fields in the form, and the save button for an editor only (a reader's form is disabled). A save
// posts the form and toasts. Only the HTTP client is a stand-in; the screens' other sections
// (tools, test cards) are left loading.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { ToastProvider } from '@/components/shell/toasts'

jest.mock('@/lib/client/http', () => ({ http: { get: jest.fn(), post: jest.fn() } }))
/* eslint-disable @typescript-eslint/no-require-imports */
const { http } = require('@/lib/client/http') as { http: { get: jest.Mock; post: jest.Mock } }
const { SmsSettingsScreen, SMS_SETTINGS_KEY } =
  require('@/components/settings/sms-settings-screen') as typeof import('@/components/settings/sms-settings-screen')
const { WhatsAppSettingsScreen, WHATSAPP_SETTINGS_KEY } =
  require('@/components/settings/whatsapp-settings-screen') as typeof import('@/components/settings/whatsapp-settings-screen')
/* eslint-enable @typescript-eslint/no-require-imports */

const SMS = {
  configured: true,
  provider: 'twilio',
  accountSid: 'AC123',
  authTokenMask: '••••abcd',
  senderNumber: '+15005550006',
  messagingServiceSid: '',
  baseUrl: 'https://api.twilio.com',
  phoneNumbers: ['+15005550006'],
  helpText: 'Reply STOP to stop.',
  keywords: { stop: ['STOP'], start: ['START'], help: ['HELP'] },
  costPerSegment: 0.0079,
  currency: 'USD',
  maxSegments: 4,
  quietHours: { enabled: false, start: '21:00', end: '08:00' },
  inboundWebhookUrl: 'https://app.test/webhooks/sms',
}
const WHATSAPP = {
  configured: false,
  phoneNumberId: '',
  businessAccountId: '',
  accessTokenMask: null,
  appSecretMask: null,
  verifyToken: null,
  webhookUrl: 'https://app.test/webhooks/whatsapp',
  baseUrl: 'https://graph.facebook.com',
  templates: [],
}

function renderScreen(ui: React.ReactNode, resources: string[]) {
  http.get.mockImplementation((url: string) =>
    url === SMS_SETTINGS_KEY
      ? Promise.resolve({ data: { settings: SMS }, status: 200 })
      : url === WHATSAPP_SETTINGS_KEY
        ? Promise.resolve({ data: { settings: WHATSAPP }, status: 200 })
        : new Promise(() => {}),
  )
  return render(
    <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={{ authorization: { resources } } as unknown as StartupData}>
          <ToastProvider>{ui}</ToastProvider>
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
}

beforeEach(() => jest.resetAllMocks())

test('SMS: the connected account with its help and saved fields; a save posts and toasts', async () => {
  const m = messages.smsSettings
  http.post.mockResolvedValue({ data: { settings: SMS }, status: 200 })
  renderScreen(<SmsSettingsScreen />, ['account_settings_read', 'account_settings_write'])
  expect(await screen.findByTestId('sms-settings-form')).toBeInTheDocument()
  expect(screen.getByRole('heading', { name: m.title })).toBeInTheDocument()
  expect(screen.getByText(m.description)).toBeInTheDocument()
  expect(screen.getByText(m.connected)).toBeInTheDocument()
  expect(screen.getByText(m.accountHelp)).toBeInTheDocument()
  expect(screen.getByLabelText(m.accountSid)).toHaveValue('AC123')
  expect(screen.queryByText(m.notConfigured)).toBeNull()
  fireEvent.click(screen.getByTestId('save-sms-settings'))
  expect(await screen.findByText(m.saved)).toBeInTheDocument()
  expect(http.post).toHaveBeenCalledWith(SMS_SETTINGS_KEY, expect.objectContaining({ accountSid: 'AC123' }))
})

test('WhatsApp for a reader: not connected, the warning, a disabled form and no save button', async () => {
  const m = messages.whatsappSettings
  renderScreen(<WhatsAppSettingsScreen />, ['account_settings_read'])
  expect(await screen.findByTestId('whatsapp-settings-form')).toBeInTheDocument()
  expect(screen.getByText(m.notConnected)).toBeInTheDocument()
  expect(screen.getByText(m.notConfigured)).toBeInTheDocument()
  await waitFor(() => expect(screen.getByLabelText(m.phoneNumberId)).toBeDisabled())
  expect(screen.queryByTestId('save-whatsapp-settings')).toBeNull()
})

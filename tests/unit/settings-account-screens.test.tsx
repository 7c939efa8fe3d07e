// The account settings screens (organization, push notifications, account users, personal,
// testing) through the real HTTP client with only fetch standing in: each shows its spinner while
// its document loads, then the loaded values; a save the server answers with a 400 shows the
// field error under its field (the server's snake_case field names arrive camelCased, as the
// client reads every answer).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { ToastProvider } from '@/components/shell/toasts'
import { OrganizationScreen, ORGANIZATION_KEY } from '@/components/settings/organization-screen'
import { PushSettingsScreen, PUSH_STATUS_KEY } from '@/components/settings/push-settings-screen'
import { AccountUsersScreen } from '@/components/settings/account-users-screen'
import { ACCOUNT_USERS_KEY } from '@/components/settings/account-users-types'
import { PersonalScreen } from '@/components/settings/personal-screen'
import { TestingSettingsScreen } from '@/components/settings/testing-settings-screen'

// The push screen's in-app messages card links to the editor with the router.
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
}))

type Answer = { status: number; body: unknown }
/** Answers by "METHOD path"; a GET held by `hold` waits until release() (the loading state). */
let answers: Record<string, Answer>
let held: { key: string; release: () => void } | null
let sent: Array<{ key: string; body: unknown }>

function hold(key: string) {
  let release!: () => void
  const gate = new Promise<void>((r) => (release = r))
  held = { key, release }
  return gate
}
let gate: Promise<void> | null

beforeEach(() => {
  answers = {}
  held = null
  gate = null
  sent = []
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`
    if (init?.body && typeof init.body === 'string') sent.push({ key, body: JSON.parse(init.body) })
    if (held?.key === key && gate) await gate
    const res = answers[key] ?? { status: 404, body: { error: 'not_found', message: 'Not found.' } }
    return {
      ok: res.status < 300,
      status: res.status,
      type: 'basic',
      redirected: false,
      url: String(input),
      headers: new Headers({ 'content-type': 'application/json' }),
      text: async () => JSON.stringify(res.body),
    }
  }) as unknown as typeof fetch
})

const invalid = (message: string, fieldErrors: Record<string, string[]>): Answer => ({
  status: 400,
  body: { error: 'invalid', message, fieldErrors },
})

function renderScreen(ui: React.ReactNode, resources: string[]) {
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

/** The spinner shows while the screen's document is held; released, the spinner goes. */
async function loadingThenLoaded() {
  expect(await screen.findByRole('status')).toBeInTheDocument()
  held!.release()
  await waitFor(() => expect(screen.queryByRole('status')).toBeNull())
}

const ORGANIZATION = {
  name: 'Mugs & Co',
  websiteUrl: 'https://mugs.example',
  logoUrl: null,
  industry: '',
  address: { line1: '1 Main St', line2: '', city: 'Springfield', region: '', postalCode: '62701', country: 'US' },
  hasPostalAddress: true,
  currency: 'USD',
  localePreferences: { language: 'en', region: 'US' },
  timezone: 'UTC',
}

test('organization: loading, the saved values, and a 400 puts the error under the name', async () => {
  const m = messages.organization
  answers[`GET ${ORGANIZATION_KEY}`] = {
    status: 200,
    body: {
      organization: ORGANIZATION,
      options: {
        countries: [{ code: 'US', name: 'United States' }],
        currencies: [{ code: 'USD', name: 'US dollar' }],
        languages: [{ code: 'en', name: 'English' }],
        industries: [],
      },
    },
  }
  answers['GET /ajax/account/timezones'] = { status: 200, body: { timezones: [] } }
  answers[`POST ${ORGANIZATION_KEY}`] = invalid('Check the fields.', { name: ['Enter the company name.'] })
  gate = hold(`GET ${ORGANIZATION_KEY}`)
  renderScreen(<OrganizationScreen />, ['account_settings_read', 'account_settings_write', 'account_info_organization'])
  expect(screen.getByRole('heading', { name: m.title })).toBeInTheDocument()
  await loadingThenLoaded()
  const name = await screen.findByLabelText(m.name, { exact: false })
  expect(name).toHaveValue('Mugs & Co')
  expect(screen.getByLabelText(m.city)).toHaveValue('Springfield')

  fireEvent.change(name, { target: { value: ' ' } })
  fireEvent.click(screen.getByTestId('save-organization'))
  expect(await screen.findByText('Enter the company name.')).toBeInTheDocument()
  expect(name).toHaveAccessibleDescription(expect.stringContaining('Enter the company name.'))
  expect(sent.find((s) => s.key === `POST ${ORGANIZATION_KEY}`)?.body).toMatchObject({ name: ' ' })
})

test('push: loading, the connected project, and a 400 on the test push shows the token error', async () => {
  const m = messages.pushSettings
  answers[`GET ${PUSH_STATUS_KEY}`] = {
    status: 200,
    body: {
      settings: { configured: true, projectId: 'mugs-app', clientEmail: 'fcm@mugs-app.iam', updatedAt: null },
      apns: { configured: false, keyId: null, teamId: null, bundleId: null, environment: null, updatedAt: null },
      tokens: { total: 3, active: 2 },
      platforms: [],
    },
  }
  answers['POST /ajax/push/send-test'] = invalid('Check the fields.', { token: ['Enter a device token.'] })
  gate = hold(`GET ${PUSH_STATUS_KEY}`)
  renderScreen(<PushSettingsScreen />, ['account_settings_read', 'account_settings_write'])
  await loadingThenLoaded()
  const project = await screen.findByTestId('push-project')
  expect(within(project).getByText('mugs-app')).toBeInTheDocument()
  expect(screen.queryByText(m.notConfigured)).toBeNull()

  fireEvent.click(screen.getByTestId('send-test-push'))
  expect(await screen.findByText('Enter a device token.')).toBeInTheDocument()
  expect(screen.getByLabelText(m.testToken, { exact: false })).toHaveAccessibleDescription(
    expect.stringContaining('Enter a device token.'),
  )
})

test('account users: loading, the users, and a 400 on an invitation shows the email error', async () => {
  const m = messages.accountUsers
  answers[`GET ${ACCOUNT_USERS_KEY}`] = {
    status: 200,
    body: {
      users: [
        {
          email: 'owner@mugs.example',
          firstName: 'Olive',
          lastName: 'Owner',
          role: 'owner',
          roleLabel: 'Owner',
          status: 'active',
          userId: 1,
          invitationId: null,
          lastLoginAt: null,
          invitedAt: null,
          invitationExpiresAt: null,
          invitationExpired: false,
          isCurrentUser: true,
          canChangeRole: false,
          canRemove: false,
        },
      ],
      ownerCount: 1,
      assignableRoles: ['admin', 'manager'],
    },
  }
  answers['POST /ajax/account/users/create'] = invalid('Check the fields.', {
    email: ['This person is already a member.'],
  })
  gate = hold(`GET ${ACCOUNT_USERS_KEY}`)
  renderScreen(<AccountUsersScreen />, ['account_users_read', 'account_users_write'])
  expect(screen.getByRole('heading', { name: m.title })).toBeInTheDocument()
  await loadingThenLoaded()
  const list = await screen.findByTestId('account-users')
  expect(within(list).getByText('owner@mugs.example', { exact: false })).toBeInTheDocument()

  fireEvent.click(screen.getByTestId('invite-user'))
  fireEvent.change(await screen.findByTestId('invite-email'), { target: { value: 'olive@mugs.example' } })
  fireEvent.click(screen.getByTestId('send-invite'))
  expect(await screen.findByText('This person is already a member.')).toBeInTheDocument()
  expect(screen.getByTestId('invite-email')).toHaveAccessibleDescription(
    expect.stringContaining('This person is already a member.'),
  )
  expect(sent.find((s) => s.key === 'POST /ajax/account/users/create')?.body).toMatchObject({
    email: 'olive@mugs.example',
  })
})

test('personal: loading, the name, and a 400 on first_name shows under the first name', async () => {
  const m = messages.personal
  answers['GET /ajax/account/personal'] = {
    status: 200,
    body: {
      email: 'olive@mugs.example',
      first_name: 'Olive',
      last_name: 'Owner',
      locale: 'en-US',
      region: 'US',
      photo_url: null,
      email_confirmed: true,
      pending_email: null,
    },
  }
  answers['GET /ajax/account/available-profile-locales'] = {
    status: 200,
    body: { locales: [{ code: 'en-US', name: 'English' }], regions: [{ code: 'US', name: 'United States' }] },
  }
  answers['POST /ajax/account/change-profile'] = invalid('Check the fields.', { first_name: ['Enter a first name.'] })
  gate = hold('GET /ajax/account/personal')
  renderScreen(<PersonalScreen />, [])
  expect(screen.getByRole('heading', { name: m.title })).toBeInTheDocument()
  await loadingThenLoaded()
  const first = await screen.findByLabelText(m.firstName)
  expect(first).toHaveValue('Olive')
  expect(screen.getByLabelText(m.lastName)).toHaveValue('Owner')

  fireEvent.change(first, { target: { value: '' } })
  fireEvent.submit(first.closest('form')!)
  expect(await screen.findByText('Enter a first name.')).toBeInTheDocument()
  expect(first).toHaveAccessibleDescription(expect.stringContaining('Enter a first name.'))
  expect(sent.find((s) => s.key === 'POST /ajax/account/change-profile')?.body).toEqual({
    first_name: '',
    last_name: 'Owner',
  })
})

test('testing: loading, the recipients, and a 400 on a new recipient shows under the address', async () => {
  const m = messages.dataPlatform.testing
  answers['GET /ajax/account/test-recipients'] = {
    status: 200,
    body: {
      testAccount: false,
      recipients: [{ id: 1, kind: 'email', value: 'qa@mugs.example', label: 'QA' }],
    },
  }
  answers['POST /ajax/account/test-recipients'] = invalid('Check the fields.', {
    value: ['Enter a valid email address.'],
  })
  gate = hold('GET /ajax/account/test-recipients')
  renderScreen(<TestingSettingsScreen />, ['account_settings_read', 'account_settings_write'])
  expect(screen.getByRole('heading', { name: m.title })).toBeInTheDocument()
  await loadingThenLoaded()
  expect(await screen.findByText('qa@mugs.example')).toBeInTheDocument()
  expect(screen.getByText(m.liveAccount)).toBeInTheDocument()

  const form = screen.getByTestId('test-recipient-form')
  const address = within(form).getByLabelText(m.email)
  fireEvent.change(address, { target: { value: 'not-an-address' } })
  fireEvent.click(screen.getByTestId('test-recipient-add'))
  expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument()
  expect(address).toHaveAccessibleDescription(expect.stringContaining('Enter a valid email address.'))
  expect(sent.find((s) => s.key === 'POST /ajax/account/test-recipients')?.body).toMatchObject({
    kind: 'email',
    value: 'not-an-address',
  })
})

// ShellProvider start-up against a fake browser fetch: mounts the screens with the context
// hooks once the start-up data is in (the screen itself shows at once); an authorization failure shows the start-up error.
import { act, render, screen } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import messages from '@/messages/en-US.json'
import {
  ShellProvider,
  useAbTest,
  useAppShell,
  useAuthorization,
  usePermission,
  useShellData,
} from '@/components/shell/shell-provider'

function res(status: number, body: unknown) {
  return {
    ok: status < 300,
    status,
    type: 'basic',
    redirected: false,
    url: '',
    headers: new Headers({ 'content-type': 'application/json' }),
    text: async () => JSON.stringify(body),
  } as unknown as Response
}

const AUTH = {
  company: 7,
  company_name: 'Demo Store',
  company_status: 0,
  user_profile_id: 42,
  resources: ['dashboard', 'flows_read'],
  staff_resources: [],
  is_masquerade: false,
}

function install(authStatus = 200) {
  globalThis.fetch = jest.fn(async (url: string) => {
    const path = String(url).split('?')[0]
    if (path === '/ajax/authorization') return res(authStatus, authStatus === 200 ? AUTH : { error: 'server_error' })
    if (path === '/ajax/app_shell')
      return res(200, { company_name: 'Demo Store', data_status: { placeholder: false }, nav_items: [] })
    if (path === '/ajax/account/ab_tests') return res(200, { new_nav: { ab_test_value: 3 } })
    if (path === '/ajax/current-locale') return res(200, { locale: 'en-US' })
    return res(404, {})
  }) as unknown as typeof fetch
}

function Probe() {
  return useShellData() ? <Loaded /> : <p>server-rendered screen</p>
}

function Loaded() {
  const auth = useAuthorization()
  const shell = useAppShell()
  return (
    <p>
      {auth.companyName}|{shell.companyName}|{String(useAbTest('new_nav'))}|{String(usePermission('flows_read'))}|
      {String(usePermission(['flows_read', 'billing_write']))}
    </p>
  )
}

function renderShell() {
  return render(
    <NextIntlClientProvider locale="en-US" messages={messages}>
      <ShellProvider initial={{ companyId: 7, userId: 42, companyName: 'Demo Store' }}>
        <Probe />
      </ShellProvider>
    </NextIntlClientProvider>,
  )
}

const realFetch = globalThis.fetch
afterEach(() => {
  globalThis.fetch = realFetch
})

it('mounts the screens once start-up data is in, with the context hooks', async () => {
  install()
  renderShell()
  // The screen is shown at once (it is server-rendered and carries the HTTP status).
  expect(screen.getByText('server-rendered screen')).toBeInTheDocument()
  expect(await screen.findByText('Demo Store|Demo Store|3|true|false')).toBeInTheDocument()
  expect(screen.getByTestId('support-chat-button')).toBeInTheDocument()
})

it('shows the start-up error with a retry when authorization fails', async () => {
  jest.useFakeTimers()
  try {
    install(500)
    renderShell()
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5000)
    })
    expect(screen.getByTestId('startup-error')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  } finally {
    jest.useRealTimers()
  }
})

it('the hooks throw the seed texts when read without data', () => {
  const err = jest.spyOn(console, 'error').mockImplementation(() => {})
  function ReadShell() {
    useAppShell()
    return null
  }
  function ReadAuth() {
    useAuthorization()
    return null
  }
  expect(() => render(<ReadShell />)).toThrow('Expected appShell data to not be null.')
  expect(() => render(<ReadAuth />)).toThrow('Expected authentication data to not be null.')
  err.mockRestore()
})

// The OAuth consent screen: the app, its developer and its scopes in words; the account picker
// when the merchant manages several; approve and deny send the query untouched and follow the
// server's redirect; an untrusted request is shown, not followed; an app error goes back to it.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'

jest.mock('@/lib/client/http', () => ({ http: { get: jest.fn(), post: jest.fn() } }))
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { http } = require('@/lib/client/http') as { http: { get: jest.Mock; post: jest.Mock } }
const { AuthorizeScreen } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@/components/oauth/authorize-screen') as typeof import('@/components/oauth/authorize-screen')

const ok = (data: unknown) => Promise.resolve({ data, status: 200, headers: new Headers() })
const QUERY =
  'client_id=kca_1&redirect_uri=https%3A%2F%2Fapp.test%2Fcb&response_type=code&state=s1&code_challenge=x&code_challenge_method=S256'
const INFO = {
  app: { id: 'kca_1', name: 'Sync Pro', developer: 'Dev Shop' },
  scopes: ['events:write', 'profiles:read'],
  redirectUri: 'https://app.test/cb',
  accounts: [
    { id: 1, name: 'Main store' },
    { id: 2, name: 'Second store' },
  ],
  currentCompanyId: 2,
}

function renderScreen(navigate = jest.fn()) {
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <AuthorizeScreen query={QUERY} navigate={navigate} />
      </SWRConfig>
    </NextIntlClientProvider>,
  )
  return navigate
}

beforeEach(() => {
  http.get.mockReset().mockImplementation(() => ok(INFO))
  http.post.mockReset().mockImplementation(() => ok({ redirect: 'https://app.test/cb?code=abc&state=s1' }))
})

test('shows the app, its developer and the scopes in words', async () => {
  renderScreen()
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Sync Pro wants to access your account')
  expect(screen.getByText('Made by Dev Shop')).toBeInTheDocument()
  expect(screen.getByText('View and change Events')).toBeInTheDocument()
  expect(screen.getByText('View Profiles')).toBeInTheDocument()
  // Not reviewed yet: the merchant is warned.
  expect(screen.getByText(/has not been reviewed yet/)).toBeInTheDocument()
  expect(http.get).toHaveBeenCalledWith(`/ajax/oauth/authorize?${QUERY}`)
})

test('approve sends the chosen account and the query as is, then follows the redirect', async () => {
  const navigate = renderScreen()
  const picker = await screen.findByLabelText('Account')
  expect(picker).toHaveValue('2')
  fireEvent.change(picker, { target: { value: '1' } })
  fireEvent.click(screen.getByTestId('oauth-approve'))
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://app.test/cb?code=abc&state=s1'))
  expect(http.post).toHaveBeenCalledWith('/ajax/oauth/authorize', { query: QUERY, approve: true, companyId: 1 })
})

test('deny sends approve false', async () => {
  http.post.mockImplementation(() => ok({ redirect: 'https://app.test/cb?error=access_denied&state=s1' }))
  const navigate = renderScreen()
  fireEvent.click(await screen.findByTestId('oauth-deny'))
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://app.test/cb?error=access_denied&state=s1'))
  expect(http.post.mock.calls[0][1]).toMatchObject({ approve: false })
})

test('one account is named without a picker', async () => {
  http.get.mockImplementation(() => ok({ ...INFO, accounts: [{ id: 1, name: 'Main store' }], currentCompanyId: 1 }))
  http.get.mockImplementation(() =>
    ok({
      ...INFO,
      app: { ...INFO.app, published: true },
      accounts: [{ id: 1, name: 'Main store' }],
      currentCompanyId: 1,
    }),
  )
  renderScreen()
  expect(await screen.findByText('Account: Main store')).toBeInTheDocument()
  expect(screen.queryByText(/has not been reviewed yet/)).toBeNull()
  expect(screen.queryByLabelText('Account')).toBeNull()
})

test('an untrusted request is shown and never followed; an app error goes back to the app', async () => {
  http.get.mockImplementation(() => ok({ error: 'The redirect_uri is not one the app registered.' }))
  const navigate = renderScreen()
  expect(await screen.findByText('The redirect_uri is not one the app registered.')).toBeInTheDocument()
  expect(screen.queryByTestId('oauth-approve')).toBeNull()
  expect(navigate).not.toHaveBeenCalled()
})

test('a request the app must hear about is sent back to it', async () => {
  http.get.mockImplementation(() => ok({ redirect: 'https://app.test/cb?error=invalid_request&state=s1' }))
  const navigate = renderScreen()
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://app.test/cb?error=invalid_request&state=s1'))
})

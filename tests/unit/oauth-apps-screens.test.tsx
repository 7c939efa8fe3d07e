// The developer's OAuth app screens and the connected-apps screen: the list, create with field
// errors from the server, the secret shown once on the created screen, and revoking a connected app.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'

const push = jest.fn()
jest.mock('next/navigation', () => ({ useRouter: () => ({ push }) }))
jest.mock('@/lib/client/http', () => {
  const actual = jest.requireActual('@/lib/client/http-error')
  return {
    http: { get: jest.fn(), post: jest.fn(), patch: jest.fn(), delete: jest.fn() },
    isHttpError: actual.isHttpError,
    HttpError: actual.HttpError,
  }
})
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { http, HttpError } = require('@/lib/client/http') as {
  http: Record<'get' | 'post' | 'patch' | 'delete', jest.Mock>
  HttpError: new (...a: unknown[]) => Error
}
/* eslint-disable @typescript-eslint/no-require-imports */
const { ManageAppsScreen } =
  require('@/components/oauth/manage-apps-screen') as typeof import('@/components/oauth/manage-apps-screen')
const { CreateAppScreen } =
  require('@/components/oauth/create-app-screen') as typeof import('@/components/oauth/create-app-screen')
const { AppCreatedScreen } =
  require('@/components/oauth/app-created-screen') as typeof import('@/components/oauth/app-created-screen')
const { AuthorizedAppsScreen } =
  require('@/components/oauth/authorized-apps-screen') as typeof import('@/components/oauth/authorized-apps-screen')
/* eslint-enable @typescript-eslint/no-require-imports */

const ok = (data: unknown) => Promise.resolve({ data, status: 200, headers: new Headers() })
const APP = {
  id: 'kca_abc',
  name: 'Sync Pro',
  description: '',
  status: 'in_review',
  redirectUris: ['https://app.test/cb'],
  scopes: ['profiles:read'],
  publicClient: false,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
}
const SCOPES = [{ family: 'profiles', scopes: ['profiles:read', 'profiles:write'] }]

function wrap(
  ui: ReactNode,
  resources = ['applications_read', 'applications_write', 'oauth_client_read', 'oauth_company_integration_write'],
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

beforeEach(() => {
  for (const m of Object.values(http)) m.mockReset()
  push.mockReset()
  sessionStorage.clear()
})

test('the list shows each app with its client id and status', async () => {
  http.get.mockImplementation(() => ok({ apps: [APP], scopes: SCOPES }))
  wrap(<ManageAppsScreen />)
  expect(await screen.findByTestId('oauth-app-kca_abc')).toHaveTextContent('Sync Pro')
  expect(screen.getByText('kca_abc')).toBeInTheDocument()
  expect(screen.getByText('In review')).toBeInTheDocument()
  expect(screen.getByTestId('create-oauth-app')).toBeInTheDocument()
})

test('create shows the server field errors, then keeps the secret for the created screen only', async () => {
  http.get.mockImplementation(() => ok({ apps: [], scopes: SCOPES }))
  http.post.mockImplementationOnce(() =>
    Promise.reject(
      new HttpError(400, {
        error: 'invalid',
        fieldErrors: { 'redirectUris.0': ['Use https, or http only on localhost or 127.0.0.1.'] },
      }),
    ),
  )
  wrap(<CreateAppScreen />)
  fireEvent.change(await screen.findByLabelText('App name'), { target: { value: 'Sync Pro' } })
  fireEvent.change(screen.getByLabelText('Redirect URIs'), { target: { value: 'http://app.test/cb' } })
  fireEvent.click(screen.getByLabelText('profiles:read'))
  fireEvent.click(screen.getByTestId('oauth-app-submit'))
  expect(await screen.findByText('Use https, or http only on localhost or 127.0.0.1.')).toBeInTheDocument()
  expect(http.post).toHaveBeenCalledWith('/ajax/manage-apps', {
    name: 'Sync Pro',
    description: '',
    redirectUris: ['http://app.test/cb'],
    scopes: ['profiles:read'],
    publicClient: false,
  })

  http.post.mockImplementationOnce(() => ok({ app: APP, clientSecret: 'kcs_secret' }))
  fireEvent.change(screen.getByLabelText('Redirect URIs'), { target: { value: 'https://app.test/cb' } })
  fireEvent.click(screen.getByTestId('oauth-app-submit'))
  await waitFor(() => expect(push).toHaveBeenCalledWith('/manage-apps/created/kca_abc'))
  expect(sessionStorage.getItem('oauth-app-secret:kca_abc')).toBe('kcs_secret')
})

test('the created screen shows the secret once and forgets it', async () => {
  sessionStorage.setItem('oauth-app-secret:kca_once', 'kcs_once')
  wrap(<AppCreatedScreen appId="kca_once" />)
  expect(await screen.findByTestId('oauth-client-secret')).toHaveTextContent('kcs_once')
  expect(screen.getByTestId('oauth-client-id')).toHaveTextContent('kca_once')
  expect(sessionStorage.getItem('oauth-app-secret:kca_once')).toBeNull()
})

test('the created screen without a stored secret says it is gone', async () => {
  wrap(<AppCreatedScreen appId="kca_none" />)
  expect(await screen.findByText(/no longer shown/)).toBeInTheDocument()
  expect(screen.queryByTestId('oauth-client-secret')).toBeNull()
})

test('connected apps: the scopes in words and a revoke that asks first', async () => {
  let apps = [
    {
      appId: 'kca_abc',
      name: 'Sync Pro',
      developer: 'Dev Shop',
      scopes: ['profiles:read', 'events:write'],
      authorizedAt: '2026-01-02T00:00:00Z',
    },
  ]
  http.get.mockImplementation(() => ok({ apps }))
  http.delete.mockImplementation(() => {
    apps = []
    return ok({ revoked: 1 })
  })
  jest.spyOn(window, 'confirm').mockReturnValue(true)
  wrap(<AuthorizedAppsScreen />)
  const row = await screen.findByTestId('authorized-kca_abc')
  expect(row).toHaveTextContent('Made by Dev Shop')
  expect(row).toHaveTextContent('View and change Events')
  fireEvent.click(screen.getByRole('button', { name: 'Revoke access' }))
  await waitFor(() => expect(http.delete).toHaveBeenCalledWith('/ajax/oauth/client/kca_abc'))
  expect(await screen.findByText('No connected apps')).toBeInTheDocument()
})

test('connected apps without the write permission: no revoke button', async () => {
  http.get.mockImplementation(() =>
    ok({
      apps: [
        {
          appId: 'kca_abc',
          name: 'Sync Pro',
          developer: 'Dev Shop',
          scopes: ['profiles:read'],
          authorizedAt: '2026-01-02T00:00:00Z',
        },
      ],
    }),
  )
  wrap(<AuthorizedAppsScreen />, ['oauth_client_read'])
  await screen.findByTestId('authorized-kca_abc')
  expect(screen.queryByRole('button', { name: 'Revoke access' })).toBeNull()
})

test('/oauth/client/{oauthClientId} shows that app only', async () => {
  const one = (id: string, name: string) => ({
    appId: id,
    name,
    developer: 'Dev',
    scopes: ['profiles:read'],
    authorizedAt: '2026-01-02T00:00:00Z',
  })
  http.get.mockImplementation(() => ok({ apps: [one('kca_a', 'Alpha'), one('kca_b', 'Beta')] }))
  wrap(<AuthorizedAppsScreen appId="kca_b" />)
  expect(await screen.findByTestId('authorized-kca_b')).toHaveTextContent('Beta')
  expect(screen.queryByTestId('authorized-kca_a')).toBeNull()
})

// The private API keys screen: list, empty state, create (full or custom access, the key
// shown once with copy), revoke with confirmation, and read-only without api_keys_write.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'

jest.mock('@/lib/client/http', () => ({ http: { get: jest.fn(), post: jest.fn() } }))
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { http } = require('@/lib/client/http') as { http: { get: jest.Mock; post: jest.Mock } }
const { ApiKeysScreen } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@/components/api-keys/api-keys-screen') as typeof import('@/components/api-keys/api-keys-screen')

const ok = (data: unknown) => Promise.resolve({ data, status: 200, headers: new Headers() })
const KEY = {
  id: 7,
  label: 'Store sync',
  prefix: 'pk_Ab3dE',
  scopes: ['events:write', 'profiles:read'],
  createdAt: '2026-01-02T10:00:00.000Z',
  lastUsedAt: null,
}
const FAMILIES = ['events', 'lists', 'metrics', 'profiles', 'segments', 'subscriptions'].map((family) => ({
  family,
  scopes: [`${family}:read`, `${family}:write`],
}))

let keys: unknown[]
function renderScreen(resources = ['api_keys_read', 'api_keys_write']) {
  const shell = { authorization: { resources } } as unknown as StartupData
  const wrap = (ui: ReactNode) => (
    <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={shell}>{ui}</ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>
  )
  return render(wrap(<ApiKeysScreen />))
}

beforeEach(() => {
  keys = [KEY]
  http.get
    .mockReset()
    .mockImplementation((url: string) =>
      url === '/ajax/account/api-key-scopes' ? ok({ families: FAMILIES }) : ok({ apiKeys: keys }),
    )
  http.post.mockReset()
})

test('lists keys with name, prefix, access, created and last used', async () => {
  renderScreen()
  expect(await screen.findByText('Store sync')).toBeInTheDocument()
  expect(screen.getByText('pk_Ab3dE…')).toBeInTheDocument()
  expect(screen.getByText('Events: write')).toBeInTheDocument()
  expect(screen.getByText('Profiles: read')).toBeInTheDocument()
  expect(screen.getByText('Never')).toBeInTheDocument()
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Private API keys')
})

test('empty state offers to create a key', async () => {
  keys = []
  renderScreen()
  expect(await screen.findByText('No private API keys yet')).toBeInTheDocument()
  expect(screen.getByTestId('create-api-key')).toBeInTheDocument()
})

test('create with custom access: write implies read; the key is shown once with a warning and copy', async () => {
  const writeText = jest.fn(() => Promise.resolve())
  Object.assign(navigator, { clipboard: { writeText } })
  http.post.mockImplementation(() =>
    ok({
      key: 'pk_' + 'a'.repeat(32),
      apiKey: { ...KEY, id: 8, label: 'Sync', scopes: ['profiles:read', 'profiles:write'] },
    }),
  )
  renderScreen()
  fireEvent.click(await screen.findByTestId('create-api-key'))
  const dialog = await screen.findByRole('dialog')
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }))
  expect(await within(dialog).findByText('Enter a name for the key.')).toBeInTheDocument()
  fireEvent.change(within(dialog).getByLabelText(/Key name/), { target: { value: 'Sync' } })
  fireEvent.click(within(dialog).getByTestId('custom-access'))
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }))
  expect(await within(dialog).findByText('Choose at least one permission, or full access.')).toBeInTheDocument()
  const write = await within(dialog).findByRole('checkbox', { name: 'Profiles: write' })
  fireEvent.click(write)
  expect(within(dialog).getByRole('checkbox', { name: 'Profiles: read' })).toBeChecked()
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }))
  await waitFor(() =>
    expect(http.post).toHaveBeenCalledWith('/ajax/account/private-api-key/create', {
      label: 'Sync',
      scopes: ['profiles:read', 'profiles:write'],
    }),
  )
  const shown = await screen.findByTestId('new-api-key')
  expect(shown).toHaveValue('pk_' + 'a'.repeat(32))
  expect(screen.getByText(/it will not be shown again/)).toBeInTheDocument()
  fireEvent.click(screen.getByTestId('copy-api-key'))
  await waitFor(() => expect(writeText).toHaveBeenCalledWith('pk_' + 'a'.repeat(32)))
  expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument()
  fireEvent.click(screen.getByTestId('api-key-done'))
  await waitFor(() => expect(screen.queryByTestId('new-api-key')).not.toBeInTheDocument())
})

test('full access sends no scopes', async () => {
  http.post.mockImplementation(() =>
    ok({ key: 'pk_' + 'b'.repeat(32), apiKey: { ...KEY, id: 9, label: 'All', scopes: [] } }),
  )
  renderScreen()
  fireEvent.click(await screen.findByTestId('create-api-key'))
  const dialog = await screen.findByRole('dialog')
  fireEvent.change(within(dialog).getByLabelText(/Key name/), { target: { value: 'All' } })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }))
  await waitFor(() => expect(http.post).toHaveBeenCalledWith('/ajax/account/private-api-key/create', { label: 'All' }))
})

test('revoke asks for confirmation, then removes the key', async () => {
  http.post.mockImplementation(() => ok({ success: true }))
  renderScreen()
  fireEvent.click(await screen.findByTestId('revoke-7'))
  const dialog = await screen.findByRole('dialog')
  expect(dialog).toHaveTextContent('Store sync')
  keys = []
  fireEvent.click(within(dialog).getByTestId('confirm-revoke'))
  await waitFor(() => expect(http.post).toHaveBeenCalledWith('/ajax/account/api-key/delete', { id: 7 }))
  expect(await screen.findByText('No private API keys yet')).toBeInTheDocument()
})

test('without api_keys_write: no create or revoke controls', async () => {
  renderScreen(['api_keys_read'])
  expect(await screen.findByText('Store sync')).toBeInTheDocument()
  expect(screen.queryByTestId('create-api-key')).not.toBeInTheDocument()
  expect(screen.queryByTestId('revoke-7')).not.toBeInTheDocument()
})

// /clone-private-api-key: the form opens with the source key's access under "Copy of …" and
// creates a new key with those scopes; an unknown source id is a not-found state, not a blank form.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'

jest.mock('@/lib/client/http', () => ({ http: { get: jest.fn(), post: jest.fn() } }))
let search = new URLSearchParams()
const push = jest.fn()
jest.mock('next/navigation', () => ({ useSearchParams: () => search, useRouter: () => ({ push }) }))
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { http } = require('@/lib/client/http') as { http: { get: jest.Mock; post: jest.Mock } }
const { PrivateApiKeyScreen } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@/components/api-keys/private-api-key-screen') as typeof import('@/components/api-keys/private-api-key-screen')

const ok = (data: unknown) => Promise.resolve({ data, status: 200, headers: new Headers() })
const KEY = { id: 7, label: 'Store sync', prefix: 'pk_Ab3dE', scopes: ['events:write', 'profiles:read'] }
const FAMILIES = ['events', 'profiles'].map((family) => ({ family, scopes: [`${family}:read`, `${family}:write`] }))

function renderClone(apiKeyId: string) {
  search = new URLSearchParams({ apiKeyId })
  const shell = { authorization: { resources: ['api_keys_read', 'api_keys_write'] } } as unknown as StartupData
  return render(
    <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={shell}>
          <PrivateApiKeyScreen mode="clone" />
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
}

beforeEach(() => {
  http.get
    .mockReset()
    .mockImplementation((url: string) =>
      url === '/ajax/account/api-key-scopes' ? ok({ families: FAMILIES }) : ok({ apiKeys: [KEY] }),
    )
  http.post.mockReset().mockImplementation(() => ok({ key: 'pk_' + 'b'.repeat(32), apiKey: { ...KEY, id: 8 } }))
})

test('cloning prefills the scopes and creates a new key with them', async () => {
  renderClone('7')
  const dialog = await screen.findByRole('dialog')
  expect(within(dialog).getByLabelText(/Key name/)).toHaveValue('Copy of Store sync')
  expect(await within(dialog).findByRole('checkbox', { name: 'Events: write' })).toBeChecked()
  expect(within(dialog).getByRole('checkbox', { name: 'Events: read' })).toBeChecked()
  expect(within(dialog).getByRole('checkbox', { name: 'Profiles: read' })).toBeChecked()
  expect(within(dialog).getByRole('checkbox', { name: 'Profiles: write' })).not.toBeChecked()
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }))
  await waitFor(() =>
    expect(http.post).toHaveBeenCalledWith('/ajax/account/private-api-key/create', {
      label: 'Copy of Store sync',
      scopes: ['events:read', 'events:write', 'profiles:read'],
    }),
  )
  expect(await screen.findByTestId('new-api-key')).toHaveValue('pk_' + 'b'.repeat(32))
})

test('an unknown source key shows not found', async () => {
  renderClone('99')
  expect(await screen.findByText('This API key was not found')).toBeInTheDocument()
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

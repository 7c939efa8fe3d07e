// The app directory screen: installed and available apps with their status, last sync and last
// error; search and the category filter; /integrations/add shows only what is not installed.
import { fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { DIRECTORY } from '@/lib/integrations/directory-entries'
import type { DirectoryItem } from '@/lib/integrations/directory'

jest.mock('@/lib/client/http', () => ({ http: { get: jest.fn(), post: jest.fn() } }))
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { http } = require('@/lib/client/http') as { http: { get: jest.Mock } }
const { DirectoryScreen } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@/components/integrations/directory/directory-screen') as typeof import('@/components/integrations/directory/directory-screen')

const none = {
  installed: false,
  status: null,
  isTest: false,
  connections: 0,
  lastSyncAt: null,
  lastError: null,
  lastErrorAt: null,
}
const APPS: DirectoryItem[] = DIRECTORY.map((e) => ({ ...e, ...none }))
APPS[0] = {
  ...APPS[0]!,
  installed: true,
  status: 'error',
  isTest: true,
  connections: 1,
  lastSyncAt: '2026-01-02T10:00:00.000Z',
  lastError: 'Access token revoked',
  lastErrorAt: '2026-01-03T10:00:00.000Z',
}

function wrap(ui: ReactNode) {
  const shell = { authorization: { resources: ['integrations_read', 'integrations_write'] } } as unknown as StartupData
  return render(
    <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={shell}>{ui}</ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
}

beforeEach(() => {
  http.get.mockReset().mockResolvedValue({ data: { apps: APPS }, status: 200, headers: new Headers() })
})

test('installed apps show their status, test mark, last sync and last error; the others are available', async () => {
  wrap(<DirectoryScreen />)
  const shopify = await screen.findByTestId('app-shopify')
  expect(shopify.getAttribute('href')).toBe('/integrations/shopify')
  expect(within(shopify).getByText('Error')).toBeTruthy()
  expect(within(shopify).getByText('Test connection')).toBeTruthy()
  expect(within(shopify).getByText(/Last activity Jan 2, 2026/)).toBeTruthy()
  expect(within(shopify).getByText(/Last error: Access token revoked/)).toBeTruthy()
  expect(within(screen.getByTestId('app-woocommerce')).getByText('Not installed')).toBeTruthy()
})

test('search and the category filter narrow the list', async () => {
  wrap(<DirectoryScreen />)
  await screen.findByTestId('app-shopify')
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'folder' } })
  expect(screen.queryByTestId('app-shopify')).toBeNull()
  expect(screen.getByTestId('app-sftp')).toBeTruthy()
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: '' } })
  fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'developer' } })
  expect(
    screen
      .getAllByRole('link')
      .map((l) => l.getAttribute('href'))
      .filter((h) => h?.startsWith('/integrations/') && h !== '/integrations/add')
      .sort(),
  ).toEqual(['/integrations/developer-apps', '/integrations/webhooks'])
})

test('/integrations/add lists only apps that are not installed', async () => {
  wrap(<DirectoryScreen mode="add" />)
  await screen.findByTestId('app-woocommerce')
  expect(screen.queryByTestId('app-shopify')).toBeNull()
  expect(screen.getByRole('heading', { name: 'Add an integration' })).toBeTruthy()
})

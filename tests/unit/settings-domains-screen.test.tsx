// The sending domains screen (/settings/email/domains) on the settings skeleton's load pages: the
// head with its description while loading and with the load error, whose retry shows the screen
// (here its empty state). Only the HTTP client is a stand-in.
import { fireEvent, render, screen } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { ToastProvider } from '@/components/shell/toasts'

jest.mock('@/lib/client/http', () => ({ http: { get: jest.fn(), post: jest.fn(), delete: jest.fn() } }))
/* eslint-disable @typescript-eslint/no-require-imports */
const { http } = require('@/lib/client/http') as { http: { get: jest.Mock } }
const { DomainsScreen } =
  require('@/components/settings/domains-screen') as typeof import('@/components/settings/domains-screen')
/* eslint-enable @typescript-eslint/no-require-imports */

const m = messages.sendingDomains

test('loading and the load error keep the head with its description; the retry shows the screen', async () => {
  let answer!: (v: unknown) => void
  http.get
    .mockImplementationOnce(() => new Promise((_, reject) => (answer = reject)))
    .mockImplementation(() => Promise.resolve({ data: { domains: [] }, status: 200, headers: new Headers() }))
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
        <ShellContext.Provider
          value={
            {
              authorization: { resources: ['account_settings_read', 'account_settings_write'] },
            } as unknown as StartupData
          }
        >
          <ToastProvider>
            <DomainsScreen />
          </ToastProvider>
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
  expect(screen.getByRole('heading', { name: m.title })).toBeInTheDocument()
  expect(screen.getByText(m.description)).toBeInTheDocument()
  answer(Object.assign(new Error('http'), { status: 500, data: {}, response: { status: 500 } }))
  expect(await screen.findByText(m.loadError)).toBeInTheDocument()
  expect(screen.getByText(m.description)).toBeInTheDocument()
  fireEvent.click(screen.getByRole('button', { name: messages.common.retry }))
  expect(await screen.findByText(m.emptyHeading)).toBeInTheDocument()
  expect(screen.getByRole('button', { name: m.add })).toBeInTheDocument()
})

// The transformation screen (/cdp/transformation/edit/{id}) on the settings skeleton's load pages:
// an unknown transformation says so without a retry; a failed load offers a retry, which shows the
// transformation. Only the HTTP client is a stand-in.
import { fireEvent, render, screen } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'

jest.mock('@/lib/client/http', () => ({ http: { get: jest.fn(), patch: jest.fn(), delete: jest.fn() } }))
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn() }) }))
/* eslint-disable @typescript-eslint/no-require-imports */
const { http } = require('@/lib/client/http') as { http: { get: jest.Mock } }
const { TransformationEditScreen } =
  require('@/components/cdp-code/transformation-edit-screen') as typeof import('@/components/cdp-code/transformation-edit-screen')
/* eslint-enable @typescript-eslint/no-require-imports */

const m = messages.cdpCode
const fail = (status: number) =>
  Promise.reject(Object.assign(new Error('http'), { status, data: {}, response: { status, data: {} } }))
const X = {
  id: 'X1',
  name: 'Drop test events',
  sourceCode: 'export default (e) => e',
  enabled: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
}

const renderScreen = (id: string) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
        <ShellContext.Provider value={{ authorization: { resources: [] } } as unknown as StartupData}>
          <TransformationEditScreen transformationId={id} />
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )

beforeEach(() => jest.resetAllMocks())

test('an unknown transformation says so, without a retry', async () => {
  http.get.mockImplementation(() => fail(404))
  renderScreen('X404')
  expect(await screen.findByText(m.transformationNotFound)).toBeInTheDocument()
  expect(screen.getByRole('heading', { name: m.transformationTitle })).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: messages.common.retry })).toBeNull()
})

test('a failed load offers a retry, which shows the transformation', async () => {
  http.get
    .mockImplementationOnce(() => fail(500))
    .mockImplementation(() => Promise.resolve({ data: { transformation: X, runs: [] }, status: 200 }))
  renderScreen('X1')
  expect(await screen.findByText(m.loadError)).toBeInTheDocument()
  fireEvent.click(screen.getByRole('button', { name: messages.common.retry }))
  expect(await screen.findByRole('heading', { name: 'Drop test events' })).toBeInTheDocument()
})

// /flow/code/{flowId}: the definition as JSON; bad JSON is refused before any request, a save
// sends the edited definition with the version it was loaded at, and the server's pointer
// errors are listed.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { HttpError } from '@/lib/client/http-error'

jest.mock('@/lib/client/http', () => {
  const actual = jest.requireActual('@/lib/client/http-error')
  return { http: { get: jest.fn(), post: jest.fn() }, isHttpError: actual.isHttpError }
})
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn() }) }))
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { http } = require('@/lib/client/http') as { http: { get: jest.Mock; post: jest.Mock } }
const { FlowCodeScreen } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@/components/flows/code/flow-code-screen') as typeof import('@/components/flows/code/flow-code-screen')

const ok = (data: unknown) => Promise.resolve({ data, status: 200, headers: new Headers() })
const DEF = { triggers: [{ type: 'list', id: 'L1' }], actions: [], entry_action_id: null }

function renderScreen() {
  const shell = { authorization: { resources: ['flows_read', 'flows_write'] } } as unknown as StartupData
  return render(
    <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={shell}>
          <FlowCodeScreen flowId="F1" />
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
}

beforeEach(() => {
  http.get
    .mockReset()
    .mockImplementation(() => ok({ flow: { id: 'F1', name: 'Welcome', version: 3 }, definition: DEF }))
  http.post.mockReset()
})

test('bad JSON is refused locally; a save sends the definition with its version', async () => {
  renderScreen()
  const box = await screen.findByTestId('flow-code-json')
  expect(JSON.parse((box as HTMLTextAreaElement).value)).toEqual(DEF)
  fireEvent.change(box, { target: { value: '{ nope' } })
  fireEvent.click(screen.getByTestId('flow-code-save'))
  expect(await screen.findByText(/This is not valid JSON/)).toBeInTheDocument()
  expect(http.post).not.toHaveBeenCalled()

  const edited = { ...DEF, triggers: [{ type: 'list', id: 'L2' }] }
  http.post.mockImplementation(() => ok({ flowId: 'F1', version: 4, definition: edited }))
  fireEvent.change(box, { target: { value: JSON.stringify(edited) } })
  fireEvent.click(screen.getByTestId('flow-code-save'))
  await waitFor(() =>
    expect(http.post).toHaveBeenCalledWith(
      '/ajax/flow/encoded',
      { flowId: 'F1', definition: edited, expectedVersion: 3 },
      expect.anything(),
    ),
  )
  expect(await screen.findByText('Definition (JSON), version 4')).toBeInTheDocument()
})

test('the server’s definition errors are listed with their pointers', async () => {
  http.post.mockImplementation(() =>
    Promise.reject(new HttpError(400, { errors: [{ pointer: '/triggers/0/id', message: 'Unknown list.' }] })),
  )
  renderScreen()
  await screen.findByTestId('flow-code-json')
  fireEvent.click(screen.getByTestId('flow-code-save'))
  const list = await screen.findByTestId('flow-code-errors')
  expect(list).toHaveTextContent('/triggers/0/id Unknown list.')
})

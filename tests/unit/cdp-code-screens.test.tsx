// The /cdp/code and /cdp/transformation screens (issue 27): the dashboard's figures, empty and
// error states and the consent notice; the editor's save with field errors from the server and
// its test run with logs; the consent screen for an owner and for a manager; an invocation with
// its logs; the transformation bench (output side by side, a drop); read-only without write.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'

jest.mock('@/lib/client/http', () => ({
  http: { get: jest.fn(), post: jest.fn(), patch: jest.fn(), delete: jest.fn() },
}))
const push = jest.fn()
jest.mock('next/navigation', () => ({ useRouter: () => ({ push }) }))
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { http } = require('@/lib/client/http') as { http: Record<'get' | 'post' | 'patch' | 'delete', jest.Mock> }
/* eslint-disable @typescript-eslint/no-require-imports */
const { FunctionsDashboardScreen } =
  require('@/components/cdp-code/functions-dashboard-screen') as typeof import('@/components/cdp-code/functions-dashboard-screen')
const { FunctionEditorScreen } =
  require('@/components/cdp-code/function-editor-screen') as typeof import('@/components/cdp-code/function-editor-screen')
const { CodeAuthorizeScreen } =
  require('@/components/cdp-code/code-authorize-screen') as typeof import('@/components/cdp-code/code-authorize-screen')
const { FunctionInvocationsScreen } =
  require('@/components/cdp-code/function-invocations-screen') as typeof import('@/components/cdp-code/function-invocations-screen')
const { TransformationBuildScreen } =
  require('@/components/cdp-code/transformation-build-screen') as typeof import('@/components/cdp-code/transformation-build-screen')
const { CodeOverviewScreen } =
  require('@/components/cdp-code/code-overview-screen') as typeof import('@/components/cdp-code/code-overview-screen')
/* eslint-enable @typescript-eslint/no-require-imports */

const ok = (data: unknown) => Promise.resolve({ data, status: 200, headers: new Headers() })
const fail = (status: number, data: unknown) =>
  Promise.reject(Object.assign(new Error('http'), { status, data, response: { status, data } }))
const WRITE = ['data_transform_read', 'integrations_write']

function renderScreen(ui: ReactNode, resources = WRITE) {
  const shell = { authorization: { resources } } as unknown as StartupData
  return render(
    <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={shell}>{ui}</ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
}

const FN = {
  id: 'F1',
  name: 'Tag big orders',
  triggerMetric: 'Placed Order',
  sourceCode: 'return 1',
  enabled: true,
  secretNames: ['API_KEY'],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  stats: { invocations: 8, errors: 2, errorRate: 0.25 },
}
const NOT_YET = { accepted: false, acceptedAt: null, acceptedBy: null }

beforeEach(() => {
  for (const m of Object.values(http)) m.mockReset()
  push.mockReset()
})

test('the dashboard lists functions with 7-day runs and error rate, the transformations, and the consent notice', async () => {
  http.get.mockImplementation((url: string) =>
    url === '/ajax/cdp/transformations'
      ? ok({ transformations: [{ ...FN, id: 'T1', name: 'Tag channel', source: 'events', enabled: false }] })
      : ok({ functions: [FN], authorization: NOT_YET }),
  )
  renderScreen(<FunctionsDashboardScreen />)
  expect(await screen.findByText('Tag big orders')).toHaveAttribute('href', '/cdp/code/function/F1')
  expect(screen.getByText('8')).toBeInTheDocument()
  expect(screen.getByTestId('error-rate-F1')).toHaveTextContent('25%')
  expect(screen.getByText('Functions are not authorized yet')).toBeInTheDocument()
  expect(await screen.findByText('Tag channel')).toHaveAttribute('href', '/cdp/transformation/edit/T1')
})

test('the dashboard: empty state with create, and an error with retry', async () => {
  http.get.mockImplementation((url: string) =>
    url === '/ajax/cdp/transformations'
      ? ok({ transformations: [] })
      : ok({ functions: [], authorization: { ...NOT_YET, accepted: true } }),
  )
  const { unmount } = renderScreen(<FunctionsDashboardScreen />)
  expect(await screen.findByText('No functions yet')).toBeInTheDocument()
  expect(screen.getByTestId('create-function')).toHaveAttribute('href', '/cdp/code/create')
  expect(screen.queryByText('Functions are not authorized yet')).toBeNull()
  unmount()
  http.get.mockImplementation(() => fail(500, {}))
  renderScreen(<FunctionsDashboardScreen />, ['data_transform_read'])
  expect(
    (await screen.findAllByText('This could not be loaded. Check your connection and try again.')).length,
  ).toBeGreaterThan(0)
  expect(screen.queryByTestId('create-function')).toBeNull()
})

test('the editor saves a new function, shows the server field error on the code, and runs a test with logs', async () => {
  http.get.mockImplementation(() =>
    ok({ functions: [], authorization: NOT_YET, metrics: ['Placed Order'], starter: '// starter' }),
  )
  renderScreen(<FunctionEditorScreen />)
  const code = await screen.findByTestId('function-code')
  expect(code).toHaveValue('// starter')
  fireEvent.click(screen.getByTestId('save-function'))
  expect(await screen.findByText('Enter a name.')).toBeInTheDocument()
  expect(screen.getByText('Choose the metric whose events run the function.')).toBeInTheDocument()
  expect(http.post).not.toHaveBeenCalled()

  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Echo' } })
  fireEvent.change(screen.getByLabelText('Trigger metric'), { target: { value: 'Placed Order' } })
  fireEvent.change(code, { target: { value: 'return {' } })
  http.post.mockImplementationOnce(() =>
    fail(400, {
      error: 'bad_request',
      message: 'SyntaxError',
      fieldErrors: { source_code: ['SyntaxError: unexpected end'] },
    }),
  )
  fireEvent.click(screen.getByTestId('save-function'))
  expect(await screen.findByText('SyntaxError: unexpected end')).toBeInTheDocument()

  http.post.mockImplementationOnce(() =>
    ok({ ok: true, output: { a: 1 }, logs: ['info hello'], error: null, durationMs: 3 }),
  )
  fireEvent.change(code, { target: { value: 'console.log("hello"); return { a: 1 }' } })
  fireEvent.click(screen.getByTestId('run-test'))
  expect(await screen.findByTestId('test-logs')).toHaveTextContent('info hello')
  expect(http.post).toHaveBeenLastCalledWith(
    '/ajax/cdp/code/test',
    expect.objectContaining({ sourceCode: 'console.log("hello"); return { a: 1 }' }),
  )

  http.post.mockImplementationOnce(() => ok({ function: { ...FN, id: 'NEW' } }))
  fireEvent.click(screen.getByTestId('save-function'))
  await waitFor(() => expect(push).toHaveBeenCalledWith('/cdp/code/function/NEW'))
})

test('the consent screen: an owner accepts it once; a manager is told to ask an owner or admin', async () => {
  http.get.mockImplementation(() => ok({ authorization: NOT_YET, canAuthorize: true }))
  http.post.mockImplementation(() =>
    ok({
      authorization: { accepted: true, acceptedAt: '2026-11-03T09:00:00.000Z', acceptedBy: 'owner@example.test' },
      canAuthorize: true,
    }),
  )
  const { unmount } = renderScreen(<CodeAuthorizeScreen />)
  const accept = await screen.findByTestId('accept-consent')
  expect(accept).toBeDisabled()
  fireEvent.click(screen.getByTestId('consent-checkbox'))
  fireEvent.click(accept)
  expect(await screen.findByText('Functions are authorized for this account')).toBeInTheDocument()
  expect(screen.getByText(/owner@example.test/)).toBeInTheDocument()
  unmount()
  http.get.mockImplementation(() => ok({ authorization: NOT_YET, canAuthorize: false }))
  renderScreen(<CodeAuthorizeScreen />)
  expect(await screen.findByText(/Only an owner or an admin/)).toBeInTheDocument()
  expect(screen.queryByTestId('accept-consent')).toBeNull()
})

test('the function screen lists runs and one run shows its logs, input and error; an unknown id says so', async () => {
  http.get.mockImplementation((url: string) =>
    url.includes('/invocations/I1')
      ? ok({
          invocation: {
            id: 'I1',
            functionId: 'F1',
            eventId: 5,
            status: 'error',
            error: 'Error: boom',
            durationMs: 4,
            createdAt: '2026-11-03T09:00:00.000Z',
            finishedAt: '2026-11-03T09:00:01.000Z',
            input: { event: { metric: 'Placed Order' } },
            output: null,
            logs: ['info first line'],
          },
        })
      : ok({
          function: FN,
          invocations: [
            {
              id: 'I1',
              functionId: 'F1',
              eventId: 5,
              status: 'error',
              error: 'Error: boom',
              durationMs: 4,
              createdAt: '2026-11-03T09:00:00.000Z',
              finishedAt: null,
            },
          ],
          hasMore: false,
        }),
  )
  const { unmount } = renderScreen(<FunctionInvocationsScreen functionId="F1" />)
  expect(await screen.findByTestId('invocation-I1')).toHaveAttribute('href', '/cdp/code/function/F1/I1')
  expect(screen.getByText('Error: boom')).toBeInTheDocument()
  unmount()
  const detail = renderScreen(<FunctionInvocationsScreen functionId="F1" invocationId="I1" />)
  expect(await screen.findByTestId('invocation-logs')).toHaveTextContent('info first line')
  expect(screen.getByText('Error: boom')).toBeInTheDocument()
  detail.unmount()
  http.get.mockImplementation(() => fail(404, { error: 'not_found', message: 'gone' }))
  renderScreen(<FunctionInvocationsScreen functionId="NOPE" />)
  expect(await screen.findByText('This function does not exist or was deleted.')).toBeInTheDocument()
})

test('the transformation bench shows the output beside the input, a drop, and creates then opens its settings', async () => {
  http.get.mockImplementation(() => ok({ transformations: [], starter: 'function transform(event) { return event }' }))
  renderScreen(<TransformationBuildScreen />)
  expect(await screen.findByTestId('transformation-code')).toHaveValue('function transform(event) { return event }')
  http.post.mockImplementationOnce(() =>
    ok({
      status: 'ok',
      input: {},
      output: { metric: 'Viewed Product', properties: { channel: 'web' } },
      error: null,
      logs: [],
      durationMs: 2,
    }),
  )
  fireEvent.click(screen.getByTestId('run-transformation-test'))
  expect(await screen.findByText(/"channel": "web"/)).toBeInTheDocument()
  http.post.mockImplementationOnce(() =>
    ok({ status: 'dropped', input: {}, output: null, error: null, logs: [], durationMs: 1 }),
  )
  fireEvent.click(screen.getByTestId('run-transformation-test'))
  expect(await screen.findByText('Dropped: the event would not be stored.')).toBeInTheDocument()

  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Tag channel' } })
  http.post.mockImplementationOnce(() => ok({ transformation: { id: 'T9' } }))
  fireEvent.click(screen.getByTestId('save-transformation'))
  await waitFor(() => expect(push).toHaveBeenCalledWith('/cdp/transformation/edit/T9'))
})

test('the overview links to create only for members who can write', async () => {
  const { unmount } = renderScreen(<CodeOverviewScreen />)
  expect(screen.getByTestId('overview-create')).toHaveAttribute('href', '/cdp/code/create')
  unmount()
  renderScreen(<CodeOverviewScreen />, ['data_transform_read'])
  expect(screen.queryByTestId('overview-create')).toBeNull()
})

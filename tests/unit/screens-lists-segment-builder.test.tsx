// The condition builder in the browser: rows per condition kind, the live count asked for with a
// valid definition, server errors pinned to their row, and saving. Only the network (fetch) and
// the router are stand-ins.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { segmentDefinition } from '@/lib/segments/definition'
import { SegmentBuilderScreen } from '@/components/segment-builder/segment-builder-screen'

const push = jest.fn()
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push, replace: jest.fn(), prefetch: jest.fn(), back: jest.fn() }),
}))

type Handler = (body: unknown) => { status?: number; body: unknown }
let routes: Record<string, Handler>
const calls: Array<{ method: string; path: string; body: unknown }> = []

function installFetch() {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ method, path: url.pathname + url.search, body })
    const handler = routes[`${method} ${url.pathname}`]
    const res = handler ? handler(body) : { status: 404, body: { error: 'not_found', message: 'Not found' } }
    const status = res.status ?? 200
    // jsdom has no Response class: the few fields the http module reads.
    return {
      ok: status < 300,
      status,
      type: 'basic',
      redirected: false,
      url: url.href,
      headers: new Headers({ 'Content-Type': 'application/json' }),
      text: async () => JSON.stringify(res.body),
    }
  }) as unknown as typeof fetch
}

const shell = (resources: string[]) => ({ authorization: { resources } }) as unknown as StartupData

function renderBuilder(resources = ['groups_read', 'groups_write', 'profile_read', 'metrics_read']) {
  const wrap = (ui: ReactNode) => (
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={shell(resources)}>{ui}</ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>
  )
  return render(wrap(<SegmentBuilderScreen />))
}

const previewCalls = () => calls.filter((c) => c.path === '/ajax/segment/preview')

beforeEach(() => {
  calls.length = 0
  push.mockReset()
  routes = {
    'GET /ajax/data/metrics': () => ({
      body: {
        metrics: [
          { id: 'PLC123', name: 'Placed Order' },
          { id: 'VWD456', name: 'Viewed Product' },
        ],
      },
    }),
    'GET /ajax/people/properties': () => ({
      body: {
        properties: [
          { name: 'email', type: 'string', builtIn: true },
          { name: 'Loyalty Tier', type: 'string', builtIn: false },
          { name: 'Points', type: 'number', builtIn: false },
        ],
      },
    }),
    'GET /ajax/lists/simple': () => ({ body: [{ id: 'L1st01', name: 'Newsletter', type: 0 }] }),
    'POST /ajax/segment/preview': () => ({ body: { count: 1234 } }),
    'GET /ajax/data/metric/PLC123/dimensions': () => ({
      body: {
        dimensions: [
          ['$value', '$value', 'number'],
          ['Brand', 'Brand', 'string'],
        ],
      },
    }),
    'POST /ajax/group': (b) => ({
      status: 201,
      body: { group: { id: 'SeG001', name: (b as { name: string }).name, type: 1 } },
    }),
  }
  installFetch()
})

const kindSelects = () => screen.getAllByTestId('condition-kind') as HTMLSelectElement[]

test('a condition row shows the fields of its kind', async () => {
  renderBuilder()
  expect(screen.getAllByTestId('condition-row')).toHaveLength(1)
  expect(screen.getByTestId('segment-preview-incomplete')).toBeInTheDocument()

  fireEvent.change(kindSelects()[0]!, { target: { value: 'metric' } })
  const metric = await screen.findByTestId('condition-metric')
  await waitFor(() => expect(within(metric).getByRole('option', { name: 'Placed Order' })).toBeInTheDocument())
  expect(screen.getByTestId('condition-comparison')).toHaveValue('at_least')
  expect(screen.getByTestId('condition-count')).toHaveValue(1)

  fireEvent.change(kindSelects()[0]!, { target: { value: 'profile_property' } })
  const field = screen.getByTestId('condition-field')
  await waitFor(() => expect(within(field).getByRole('option', { name: 'Loyalty Tier' })).toBeInTheDocument())
  expect(within(field).getByRole('option', { name: 'Email' })).toBeInTheDocument()

  fireEvent.change(kindSelects()[0]!, { target: { value: 'list_membership' } })
  const list = screen.getByTestId('condition-list')
  await waitFor(() => expect(within(list).getByRole('option', { name: 'Newsletter' })).toBeInTheDocument())

  fireEvent.change(kindSelects()[0]!, { target: { value: 'location' } })
  // A country is chosen from the data and the ISO list (issue 12 §4); region and city stay free text.
  expect(screen.getByTestId('condition-country')).toBeInTheDocument()
  // An OR condition adds a second row to the group.
  fireEvent.click(screen.getByTestId('add-condition'))
  expect(screen.getAllByTestId('condition-row')).toHaveLength(2)
  expect(screen.getByTestId('group-join')).toHaveTextContent('OR')
})

test('the live count is asked for with a valid definition and shown', async () => {
  renderBuilder()
  fireEvent.change(kindSelects()[0]!, { target: { value: 'metric' } })
  const metric = await screen.findByTestId('condition-metric')
  await waitFor(() => expect(within(metric).getByRole('option', { name: 'Placed Order' })).toBeInTheDocument())
  fireEvent.change(metric, { target: { value: 'PLC123' } })
  fireEvent.change(screen.getByTestId('condition-count'), { target: { value: '3' } })
  fireEvent.change(screen.getByTestId('condition-timeframe'), { target: { value: 'in_last_days' } })

  const count = await screen.findByTestId('segment-preview-count', {}, { timeout: 3000 })
  await waitFor(() => expect(count).toHaveAttribute('data-state', 'done'), { timeout: 3000 })
  expect(count).toHaveTextContent('≈ 1,234 profiles')
  // Debounced: one request for the settled definition, not one per change.
  expect(previewCalls()).toHaveLength(1)
  const sent = (previewCalls()[0]!.body as { definition: unknown }).definition
  // The http module sends snake_case keys; the server camelCases them back before parsing.
  const { camelizeKeys } = await import('@/lib/text/keys')
  const parsed = segmentDefinition.safeParse(camelizeKeys(sent))
  expect(parsed.success).toBe(true)
  expect(parsed.data!.root.conditions[0]).toEqual({
    type: 'or',
    conditions: [
      {
        kind: 'metric',
        metricId: 'PLC123',
        comparison: 'at_least',
        count: 3,
        timeframe: { type: 'in_last_days', days: 30 },
      },
    ],
  })
})

test('the server’s field errors highlight the row they belong to', async () => {
  routes['POST /ajax/segment/preview'] = () => ({
    status: 400,
    body: {
      error: 'invalid',
      message: 'The segment definition is not valid.',
      field_errors: { 'definition.root.conditions.0.conditions.0.list_id': ['List not found.'] },
    },
  })
  renderBuilder()
  fireEvent.change(kindSelects()[0]!, { target: { value: 'list_membership' } })
  const list = screen.getByTestId('condition-list')
  await waitFor(() => expect(within(list).getByRole('option', { name: 'Newsletter' })).toBeInTheDocument())
  fireEvent.change(list, { target: { value: 'L1st01' } })
  await waitFor(() => expect(screen.getByTestId('condition-row')).toHaveAttribute('data-invalid', 'true'), {
    timeout: 3000,
  })
  expect(within(screen.getByTestId('condition-row')).getByRole('alert')).toHaveTextContent('List not found.')
  expect(screen.getByTestId('segment-preview-error')).toBeInTheDocument()
})

test('saving an incomplete form shows what to fix and sends nothing', async () => {
  renderBuilder()
  fireEvent.click(screen.getByTestId('segment-save'))
  expect(await screen.findByText('Enter a name.')).toBeInTheDocument()
  expect(screen.getByText('Choose a condition type.')).toBeInTheDocument()
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
})

test('save creates the segment and opens its page', async () => {
  renderBuilder()
  fireEvent.change(screen.getByTestId('segment-name'), { target: { value: 'Email subscribers' } })
  fireEvent.change(kindSelects()[0]!, { target: { value: 'consent' } })
  await act(async () => {
    fireEvent.click(screen.getByTestId('segment-save'))
  })
  await waitFor(() => expect(push).toHaveBeenCalledWith('/list/SeG001/email-subscribers'))
  const post = calls.find((c) => c.method === 'POST' && c.path === '/ajax/group')!
  expect(post.body).toEqual({
    name: 'Email subscribers',
    type: 1,
    definition: {
      version: 1,
      root: {
        type: 'and',
        conditions: [
          { type: 'or', conditions: [{ kind: 'consent', channel: 'email_marketing', operator: 'can_receive' }] },
        ],
      },
    },
  })
})

test('without write permission the builder is read-only', async () => {
  renderBuilder(['groups_read'])
  expect(screen.getByTestId('segment-save')).toBeDisabled()
  expect(kindSelects()[0]).toBeDisabled()
  expect(screen.getByText(/doesn’t include creating or changing segments/)).toBeInTheDocument()
  // Let the option lists arrive inside act.
  await act(async () => {
    await new Promise((r) => setTimeout(r, 20))
  })
})

test('event-property filters suggest the metric’s properties and type their values', async () => {
  renderBuilder()
  fireEvent.change(kindSelects()[0]!, { target: { value: 'metric' } })
  const metric = await screen.findByTestId('condition-metric')
  await waitFor(() => expect(within(metric).getByRole('option', { name: 'Placed Order' })).toBeInTheDocument())
  fireEvent.change(metric, { target: { value: 'PLC123' } })
  fireEvent.click(screen.getByRole('button', { name: '+ Add an event property filter' }))
  await waitFor(() => expect(document.querySelector('datalist option[value="Brand"]')).not.toBeNull())
  fireEvent.change(screen.getByLabelText('Event property'), { target: { value: '$value' } })
  expect(screen.getByRole('combobox', { name: 'Value type' })).toHaveValue('number')
  fireEvent.change(screen.getByRole('combobox', { name: 'Filter operator' }), { target: { value: 'greater_than' } })
  fireEvent.change(screen.getByRole('textbox', { name: 'Filter value' }), { target: { value: '50' } })
  const count = await screen.findByTestId('segment-preview-count', {}, { timeout: 3000 })
  await waitFor(() => expect(count).toHaveAttribute('data-state', 'done'), { timeout: 3000 })
  const sent = previewCalls().at(-1)!.body as {
    definition: { root: { conditions: Array<{ conditions: Array<{ filters: unknown }> }> } }
  }
  expect(sent.definition.root.conditions[0]!.conditions[0]!.filters).toEqual([
    { property: '$value', operator: 'greater_than', value: 50 },
  ])
})

test('the builder stops offering conditions and groups at the definition limits (issue 29, finding 1)', () => {
  renderBuilder()
  // A group holds at most 20 conditions.
  for (let i = 1; i < 20; i++) fireEvent.click(screen.getByTestId('add-condition'))
  expect(screen.getAllByTestId('condition-row')).toHaveLength(20)
  expect(screen.queryByTestId('add-condition')).toBeNull()
  // 50 conditions in all: two more full groups and the add buttons are gone.
  fireEvent.click(screen.getByTestId('add-group'))
  for (let i = 1; i < 20; i++) fireEvent.click(screen.getAllByTestId('add-condition')[0]!)
  fireEvent.click(screen.getByTestId('add-group'))
  for (let i = 1; i < 10; i++) fireEvent.click(screen.getAllByTestId('add-condition')[0]!)
  expect(screen.getAllByTestId('condition-row')).toHaveLength(50)
  expect(screen.queryByTestId('add-condition')).toBeNull()
  expect(screen.queryByTestId('add-group')).toBeNull()
})

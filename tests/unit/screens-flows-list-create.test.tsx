// The /flows list and /flows/create screens: rows with status badges and figures, sort and
// filters sent to GET /ajax/flows/list/, the empty state, the issues banner, bulk status and
// delete through the §7.1 calls, and creating from blank or from a template (then the builder).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { FlowsScreen } from '@/components/flows/list/flows-screen'
import { CreateFlowScreen } from '@/components/flows/create/create-flow-screen'
import { FlowLibraryScreen } from '@/components/flows/create/flow-library-screen'
import type { TemplateSummary } from '@/lib/flows/templates'

const push = jest.fn()
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, replace: jest.fn(), prefetch: jest.fn() }) }))

type Handler = (body: unknown, url: URL) => { status?: number; body: unknown }
let routes: Record<string, Handler>
const calls: Array<{ method: string; url: URL; body: unknown }> = []

beforeEach(() => {
  calls.length = 0
  push.mockReset()
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ method, url, body })
    const handler = routes[`${method} ${url.pathname}`]
    const res = handler ? handler(body, url) : { status: 404, body: { error: 'not_found' } }
    const status = res.status ?? 200
    return {
      ok: status < 300,
      status,
      type: 'basic',
      redirected: false,
      url: url.href,
      headers: new Headers(),
      text: async () => JSON.stringify(res.body),
    }
  }) as unknown as typeof fetch
})

function renderWith(ui: ReactNode, resources = ['flows_read', 'flows_write', 'flows_create']) {
  return render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={{ authorization: { resources } } as unknown as StartupData}>
          {ui}
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
}

const flow = (id: string, name: string, status: string, extra: object = {}) => ({
  id,
  name,
  status,
  statusName: 'x',
  archived: false,
  triggerType: 'Metric',
  tags: [],
  created: '2026-03-01T10:00:00.000Z',
  updated: '2026-03-02T10:00:00.000Z',
  runs: 0,
  sends: 10,
  recipients: 10,
  conversion: 3,
  conversionPerRecipient: 0.3,
  ...extra,
})
const listRoutes = (flows: object[], extra: Record<string, Handler> = {}): Record<string, Handler> => ({
  'GET /ajax/flows/list/': () => ({ body: { flows, total: flows.length, page: 1, pageSize: 25 } }),
  'GET /ajax/flows/list/holdout': () => ({
    body: { experiment: { experimentId: 'e', percent: 10 }, flows: [{ flowId: 'F1', inHoldout: true, percent: 10 }] },
  }),
  'GET /ajax/flows/non-compliant-list': () => ({
    body: {
      flows: [
        {
          flowId: 'F2',
          name: 'Welcome',
          issues: [{ type: 'non_compliant', message: 'An email has no unsubscribe link.' }],
        },
      ],
    },
  }),
  ...extra,
})

test('rows show the status badge, trigger, conversion figures, holdout and the issues banner', async () => {
  routes = listRoutes([
    flow('F1', 'Abandoned checkout', '2'),
    flow('F2', 'Welcome', '0', { triggerType: 'Added to List' }),
  ])
  renderWith(<FlowsScreen />)
  const link = await screen.findByRole('link', { name: 'Abandoned checkout' })
  expect(link).toHaveAttribute('href', '/flow/F1/edit')
  const row = link.closest('tr')!
  expect(within(row).getByText('Live')).toBeInTheDocument()
  expect(within(row).getByText('Metric')).toBeInTheDocument()
  expect(within(row).getByText('30%')).toBeInTheDocument()
  expect(within(row).getByTestId('holdout')).toHaveTextContent('Holdout 10%')
  const welcome = screen.getAllByRole('link', { name: 'Welcome' }).find((a) => a.closest('tr'))!
  expect(within(welcome.closest('tr')!).getByText('Draft')).toBeInTheDocument()
  expect(within(welcome.closest('tr')!).getByText('Added to list')).toBeInTheDocument()
  expect(await screen.findByTestId('flow-issues')).toHaveTextContent('An email has no unsubscribe link.')
})

test('sort headers, filters, search and the archived tab go to the server', async () => {
  routes = listRoutes([flow('F1', 'Abandoned checkout', '2')])
  renderWith(<FlowsScreen />)
  await screen.findByRole('link', { name: 'Abandoned checkout' })
  const last = () => calls.filter((c) => c.url.pathname === '/ajax/flows/list/').at(-1)!.url.searchParams
  expect(last().get('sort')).toBe('updated')
  fireEvent.click(screen.getByTestId('sort-conversion_per_recipient'))
  await waitFor(() => expect(last().get('sort')).toBe('conversion_per_recipient'))
  expect(last().get('direction')).toBe('desc')
  fireEvent.click(screen.getByTestId('sort-name'))
  await waitFor(() => expect(last().get('sort')).toBe('name'))
  expect(last().get('direction')).toBe('asc')
  fireEvent.change(screen.getByTestId('status-filter'), { target: { value: '2' } })
  await waitFor(() => expect(last().get('status')).toBe('2'))
  fireEvent.change(screen.getByTestId('flows-search'), { target: { value: 'check' } })
  await waitFor(() => expect(last().get('search')).toBe('check'))
  fireEvent.click(screen.getByTestId('archived-tab'))
  await waitFor(() => expect(last().get('archived')).toBe('true'))
})

test('a new account sees the empty state with a call to create', async () => {
  routes = listRoutes([])
  renderWith(<FlowsScreen />)
  expect(await screen.findByText('Create your first flow')).toBeInTheDocument()
  expect(screen.getAllByRole('link', { name: 'Create flow' })[0]).toHaveAttribute('href', '/flows/create')
})

test('bulk status and bulk delete call the lifecycle endpoints per flow', async () => {
  routes = listRoutes([flow('F1', 'One', '0'), flow('F2', 'Two', '0')], {
    'POST /ajax/flow/F1/details': () => ({ body: {} }),
    'POST /ajax/flow/F2/details': () => ({ body: {} }),
    'POST /flow/F1/delete': () => ({ body: {} }),
    'POST /flow/F2/delete': () => ({ body: {} }),
  })
  renderWith(<FlowsScreen />)
  await screen.findByRole('link', { name: 'One' })
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select all flows on this page' }))
  fireEvent.change(within(screen.getByTestId('bulk-actions')).getByTestId('bulk-status'), { target: { value: '2' } })
  await waitFor(() => expect(calls.filter((c) => c.url.pathname.endsWith('/details'))).toHaveLength(2))
  expect(calls.find((c) => c.url.pathname === '/ajax/flow/F1/details')!.body).toEqual({
    status: '2',
    set_action_statuses: true,
  })
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select One' }))
  fireEvent.click(screen.getByTestId('bulk-delete'))
  fireEvent.click(await screen.findByTestId('confirm-delete'))
  await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/flow/F1/delete')).toBe(true))
  expect(calls.some((c) => c.url.pathname === '/flow/F2/delete')).toBe(false)
})

const templates: TemplateSummary[] = [
  {
    key: 'checkout_abandonment',
    name: 'Abandoned checkout',
    messageCount: 2,
    steps: [
      { kind: 'trigger', trigger: 'metric', metric: 'Started Checkout' },
      { kind: 'delay', value: 4, unit: 'hours' },
      { kind: 'split', metric: 'Placed Order' },
      { kind: 'email', name: 'R', subject: 'You left something' },
    ],
  },
  {
    key: 'birthday',
    name: 'Birthday',
    messageCount: 1,
    steps: [
      { kind: 'trigger', trigger: 'date', property: 'birthday' },
      { kind: 'email', name: 'B', subject: 'Happy birthday, {{ first_name|default:"friend" }}!' },
    ],
  },
]

test('create from a template posts its key and opens the builder', async () => {
  routes = { 'POST /ajax/flows/create': () => ({ status: 201, body: { flowId: 'NEW1' } }) }
  renderWith(<CreateFlowScreen templates={templates} />)
  const card = screen.getByTestId('template-checkout_abandonment')
  expect(within(card).getByText('2 messages')).toBeInTheDocument()
  expect(within(card).getByText('Wait 4 hours')).toBeInTheDocument()
  expect(within(card).getByText('Only if no Placed Order since the flow started')).toBeInTheDocument()
  expect(
    within(screen.getByTestId('template-birthday')).getByText('Email: Happy birthday, friend!'),
  ).toBeInTheDocument()
  fireEvent.click(screen.getByTestId('use-checkout_abandonment'))
  await waitFor(() => expect(push).toHaveBeenCalledWith('/flow/NEW1/edit'))
  expect(calls[0]!.body).toEqual({ name: 'Abandoned checkout', template_key: 'checkout_abandonment' })
})

test('create from blank needs a name and sends the chosen trigger kind', async () => {
  routes = { 'POST /ajax/flows/create': () => ({ status: 201, body: { flowId: 'NEW2' } }) }
  renderWith(<CreateFlowScreen templates={templates} />)
  fireEvent.click(screen.getByTestId('create-blank'))
  expect(await screen.findByText('Give the flow a name.')).toBeInTheDocument()
  expect(calls).toHaveLength(0)
  fireEvent.change(screen.getByTestId('flow-name'), { target: { value: 'Welcome series' } })
  fireEvent.click(screen.getByRole('radio', { name: /Added to list/ }))
  fireEvent.click(screen.getByTestId('create-blank'))
  await waitFor(() => expect(push).toHaveBeenCalledWith('/flow/NEW2/edit'))
  const body = calls[0]!.body as { name: string; definition: { triggers: Array<{ type: string }>; actions: unknown[] } }
  expect(body.name).toBe('Welcome series')
  expect(body.definition.triggers).toEqual([{ type: 'list', id: null }])
  expect(body.definition.actions).toEqual([])
})

test('a refused create shows the server message and stays', async () => {
  routes = {
    'POST /ajax/flows/create': () => ({
      status: 400,
      body: { error: 'invalid', message: 'There is no flow template "x".' },
    }),
  }
  renderWith(<FlowLibraryScreen templates={templates} />)
  fireEvent.click(screen.getByTestId('use-birthday'))
  expect(await screen.findByText('There is no flow template "x".')).toBeInTheDocument()
  expect(push).not.toHaveBeenCalled()
})

test('without flows_create the create buttons are disabled', () => {
  routes = {}
  renderWith(<CreateFlowScreen templates={templates} />, ['flows_read'])
  expect(screen.getByTestId('create-blank')).toBeDisabled()
  expect(screen.getByTestId('use-birthday')).toBeDisabled()
})

// The flow builder in the browser: loads the flow, adds steps from the "+" menu, edits a step in
// its side panel, undoes with Ctrl+Z, saves the whole definition (expectedVersion), pins 400
// errors to the node their pointer names, asks to reload on 409, and sets the flow live through
// the details call. Only the network (fetch) and the router are stand-ins.
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { FlowBuilderScreen } from '@/components/flows/builder/flow-builder-screen'
import type { FlowDefinition } from '@/lib/flows/definition'

// A loaded machine renders React Flow slowly: give async queries room.
configure({ asyncUtilTimeout: 8000 })
jest.setTimeout(60_000)

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn() }),
  usePathname: () => '/flow/F1/edit',
}))

// React Flow measures its container; jsdom has no layout.
class RO {
  observe() {}
  unobserve() {}
  disconnect() {}
}
;(globalThis as unknown as { ResizeObserver: typeof RO }).ResizeObserver = RO
;(globalThis as unknown as { DOMMatrixReadOnly: unknown }).DOMMatrixReadOnly = class {
  m22 = 1
  constructor() {}
}
// dagre copies graphs with structuredClone (present in browsers, not in jsdom).
;(globalThis as unknown as { structuredClone: (v: unknown) => unknown }).structuredClone ??= (v: unknown) =>
  v === undefined ? v : JSON.parse(JSON.stringify(v))

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

const twoSteps: FlowDefinition = {
  triggers: [{ type: 'metric', id: 'MET1', trigger_filter: null }],
  entry_action_id: 'A1',
  actions: [
    { id: 'A1', type: 'time-delay', links: { next: 'A2' }, data: { unit: 'days', value: 2 } },
    {
      id: 'A2',
      type: 'send-email',
      links: { next: null },
      data: { status: 'live', message: { id: 'M1', name: 'Welcome', subject_line: 'Hello there' } },
    },
    { id: 'A3', type: 'some-new-kind', links: { next: null }, data: {}, unsupported: true } as never,
  ],
}

function editData(def: FlowDefinition, status = '0') {
  return {
    flow: {
      id: 'F1',
      name: 'Welcome series',
      status,
      statusName: 'draft',
      archived: false,
      triggerType: 'Metric',
      version: 3,
      updatedAt: '2026-11-23T10:00:00Z',
      webhookSecretSet: false,
    },
    definition: def,
    actions: [],
    messages: [],
    counts: { A1: { waiting: 12, done: 30 } },
    issues: [],
  }
}

function renderBuilder(resources = ['flows_read', 'flows_write']) {
  const wrap = (ui: ReactNode) => (
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={shell(resources)}>{ui}</ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>
  )
  return render(wrap(<FlowBuilderScreen flowId="F1" />))
}

const nodes = () => screen.queryAllByTestId('flow-node')
const nodeOf = (key: string) => nodes().find((n) => n.getAttribute('data-key') === key)!

beforeEach(() => {
  calls.length = 0
  routes = {
    'GET /ajax/flow/F1/edit': () => ({ body: editData(twoSteps) }),
    'GET /ajax/data/metrics': () => ({ body: { metrics: [{ id: 'MET1', name: 'Placed Order' }] } }),
    'GET /ajax/people/properties': () => ({ body: { properties: [{ name: 'email', type: 'string', builtIn: true }] } }),
    'GET /ajax/lists/simple': () => ({ body: [{ id: 'L1', name: 'Newsletter', type: 0 }] }),
    'GET /ajax/email-templates': () => ({
      body: { templates: [{ id: 'T1', name: 'Welcome template' }], total: 1, page: 1, pageSize: 100 },
    }),
    'GET /ajax/data/metric/MET1/dimensions': () => ({ body: { dimensions: [['$value', '$value', 'number']] } }),
  }
  installFetch()
})

test('the canvas shows the trigger, each step with its badges, and the unsupported kind', async () => {
  renderBuilder()
  await waitFor(() => expect(nodes()).toHaveLength(3))
  expect(screen.getByTestId('flow-node-trigger')).toHaveTextContent('Metric')
  expect(nodeOf('A1')).toHaveTextContent('Wait 2 days')
  expect(within(nodeOf('A1')).getByTestId('node-waiting')).toHaveTextContent('12 waiting')
  expect(nodeOf('A2')).toHaveTextContent('Hello there')
  expect(within(nodeOf('A2')).getByTestId('node-status')).toHaveTextContent('Live')
  expect(nodeOf('A3')).toHaveTextContent('Unsupported: some-new-kind')
  expect(screen.getByTestId('save-flow')).toBeDisabled()
  expect(screen.getByTestId('flow-status')).toHaveValue('draft')
})

test('adding, editing, undoing and saving the whole definition', async () => {
  let saved: { definition: FlowDefinition; expectedVersion: number } | undefined
  routes['POST /ajax/flow/encoded'] = (b) => {
    saved = b as typeof saved
    const def = JSON.parse(JSON.stringify(saved!.definition)) as FlowDefinition
    for (const a of def.actions)
      if (!a.id) {
        a.id = 'A9'
        delete a.temporary_id
      }
    for (const a of def.actions)
      if ((a.links as { next?: string } | null)?.next === 'new-1') (a.links as { next: string }).next = 'A9'
    return { body: { flowId: 'F1', version: 4, definition: def } }
  }
  renderBuilder()
  await waitFor(() => expect(nodes()).toHaveLength(3))
  // "+" on the edge after the email: add an SMS there.
  const edge = screen.getAllByTestId('add-step').find((b) => b.getAttribute('data-edge') === 'e-A2-links.next')!
  fireEvent.click(edge)
  fireEvent.click(within(screen.getByTestId('add-menu')).getByTestId('add-send-sms'))
  await waitFor(() => expect(nodes()).toHaveLength(4))
  // The new step is selected and its panel open.
  const panel = await screen.findByTestId('action-panel')
  expect(panel).toHaveAttribute('data-action-type', 'send-sms')
  fireEvent.change(within(panel).getByTestId('message-body'), { target: { value: 'Thanks for your order!' } })
  expect(nodeOf('new-1')).toHaveTextContent('Thanks for your order!')
  expect(screen.getByTestId('save-state')).toHaveTextContent('Unsaved changes')

  // Ctrl+Z outside a text field undoes the body edit, Ctrl+Shift+Z redoes it.
  act(() => {
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true })
  })
  expect(nodeOf('new-1')).not.toHaveTextContent('Thanks for your order!')
  act(() => {
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true, shiftKey: true })
  })
  expect(nodeOf('new-1')).toHaveTextContent('Thanks for your order!')

  fireEvent.click(screen.getByTestId('save-flow'))
  await waitFor(() => expect(screen.getByTestId('save-state')).toHaveTextContent(/Saved at/))
  expect(saved!.expectedVersion).toBe(3)
  const sms = saved!.definition.actions.find((a) => a.temporary_id === 'new-1')!
  expect(sms).toMatchObject({
    type: 'send-sms',
    links: { next: null },
    data: { status: 'live', message: { body: 'Thanks for your order!' } },
  })
  expect(saved!.definition.actions.find((a) => a.id === 'A2')!.links).toEqual({ next: 'new-1' })
  // The real id replaced the temporary one; nothing left to save.
  expect(nodeOf('A9')).toBeTruthy()
  expect(screen.getByTestId('save-flow')).toBeDisabled()
})

test('a 400 pins its errors to the node the pointer names and to the panel', async () => {
  routes['POST /ajax/flow/encoded'] = () => ({
    status: 400,
    body: {
      errors: [
        { pointer: '/definition/actions/1/data/message/template_id', message: 'There is no template with id "T404".' },
      ],
    },
  })
  renderBuilder()
  await waitFor(() => expect(nodes()).toHaveLength(3))
  fireEvent.click(nodeOf('A1'))
  const panel = await screen.findByTestId('action-panel')
  fireEvent.change(within(panel).getByTestId('delay-value'), { target: { value: '3' } })
  fireEvent.click(screen.getByTestId('save-flow'))
  await waitFor(() => expect(within(nodeOf('A2')).getByTestId('node-errors')).toHaveTextContent('1 error'))
  expect(screen.getByTestId('builder-errors')).toHaveTextContent('There is no template with id "T404".')
  // The first error's step is selected, its panel lists the error.
  expect(await screen.findByTestId('action-panel')).toHaveAttribute('data-action-type', 'send-email')
  expect(screen.getByTestId('action-panel')).toHaveTextContent('There is no template with id "T404".')
  expect(screen.getByTestId('save-state')).toHaveTextContent('Unsaved changes')
})

test('a 409 says the flow changed elsewhere and offers to reload', async () => {
  routes['POST /ajax/flow/encoded'] = () => ({ status: 409, body: { error: 'conflict', message: 'The flow changed.' } })
  renderBuilder()
  await waitFor(() => expect(nodes()).toHaveLength(3))
  fireEvent.click(screen.getAllByTestId('node-menu')[0]!)
  fireEvent.click(screen.getByRole('menuitem', { name: 'Duplicate' }))
  fireEvent.click(screen.getByTestId('save-flow'))
  expect(await screen.findByText('Changed elsewhere')).toBeInTheDocument()
  const loads = () => calls.filter((c) => c.path === '/ajax/flow/F1/edit').length
  const before = loads()
  fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
  await waitFor(() => expect(loads()).toBeGreaterThan(before))
  await waitFor(() => expect(nodes()).toHaveLength(3))
})

test('deleting a split asks which branch to keep', async () => {
  routes['GET /ajax/flow/F1/edit'] = () => ({
    body: editData({
      triggers: [{ type: 'list', id: 'L1' }],
      entry_action_id: 'S1',
      actions: [
        {
          id: 'S1',
          type: 'conditional-split',
          links: { next_if_true: 'Y1', next_if_false: 'N1' },
          data: {
            profile_filter: {
              condition_groups: [
                {
                  conditions: [
                    { type: 'profile-property', property: 'email', filter: { type: 'existence', operator: 'is-set' } },
                  ],
                },
              ],
            },
          },
        },
        {
          id: 'Y1',
          type: 'send-email',
          links: { next: null },
          data: { status: 'live', message: { subject_line: 'Yes side' } },
        },
        { id: 'N1', type: 'send-sms', links: { next: null }, data: { status: 'live', message: { body: 'No side' } } },
      ],
    }),
  })
  renderBuilder()
  await waitFor(() => expect(nodes()).toHaveLength(3))
  expect(screen.getByText('Yes')).toBeInTheDocument()
  expect(screen.getByText('No')).toBeInTheDocument()
  fireEvent.click(within(nodeOf('S1')).getByTestId('node-menu'))
  fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }))
  fireEvent.click(screen.getByRole('radio', { name: 'No' }))
  fireEvent.click(screen.getByTestId('confirm-delete-split'))
  await waitFor(() => expect(nodes().map((n) => n.getAttribute('data-key'))).toEqual(['N1']))
})

test('the trigger panel edits the metric trigger, its filters, profile filter and re-entry', async () => {
  let saved: { definition: FlowDefinition } | undefined
  routes['POST /ajax/flow/encoded'] = (b) => {
    saved = b as typeof saved
    return { body: { flowId: 'F1', version: 4, definition: saved!.definition } }
  }
  renderBuilder()
  await waitFor(() => expect(nodes()).toHaveLength(3))
  fireEvent.click(screen.getByTestId('flow-node-trigger'))
  const panel = await screen.findByTestId('trigger-panel')
  await waitFor(() => expect(within(panel).getByRole('option', { name: 'Placed Order' })).toBeInTheDocument())
  expect(within(panel).getByTestId('trigger-metric')).toHaveValue('MET1')
  fireEvent.click(within(panel).getByTestId('trigger-filter-add'))
  fireEvent.change(within(panel).getByLabelText('Event property'), { target: { value: '$value' } })
  fireEvent.change(within(panel).getAllByLabelText('Value type')[0]!, { target: { value: 'numeric' } })
  fireEvent.change(within(panel).getAllByLabelText('Operator')[0]!, { target: { value: 'greater-than' } })
  fireEvent.change(within(panel).getAllByLabelText('Value')[0]!, { target: { value: '50' } })
  fireEvent.click(within(panel).getByTestId('profile-filter-add'))
  fireEvent.change(within(panel).getByTestId('reentry-mode'), { target: { value: 'once' } })
  fireEvent.click(screen.getByTestId('save-flow'))
  await waitFor(() => expect(saved).toBeDefined())
  expect(saved!.definition.triggers[0]).toEqual({
    type: 'metric',
    id: 'MET1',
    trigger_filter: {
      condition_groups: [
        {
          conditions: [
            {
              type: 'metric-property',
              metric_id: 'MET1',
              field: '$value',
              filter: { type: 'numeric', operator: 'greater-than', value: 50 },
            },
          ],
        },
      ],
    },
  })
  expect(saved!.definition.profile_filter).toEqual({
    condition_groups: [
      {
        conditions: [
          { type: 'profile-property', property: 'email', filter: { type: 'string', operator: 'equals', value: '' } },
        ],
      },
    ],
  })
  expect(saved!.definition.reentry_criteria).toEqual({ duration: 1, unit: 'alltime' })
})

test('a price-drop trigger sets the drop, who hears of it and the window; low inventory its threshold and level', async () => {
  let saved: { definition: FlowDefinition } | undefined
  routes['POST /ajax/flow/encoded'] = (b) => {
    saved = b as typeof saved
    return { body: { flowId: 'F1', version: 4, definition: saved!.definition } }
  }
  renderBuilder()
  await waitFor(() => expect(nodes()).toHaveLength(3))
  fireEvent.click(screen.getByTestId('flow-node-trigger'))
  const panel = await screen.findByTestId('trigger-panel')
  fireEvent.change(within(panel).getByTestId('trigger-type'), { target: { value: 'price-drop' } })
  fireEvent.change(within(panel).getByTestId('price-drop-value'), { target: { value: '15' } })
  fireEvent.change(within(panel).getByTestId('price-drop-unit'), { target: { value: 'currency' } })
  fireEvent.click(within(panel).getByLabelText('Started a checkout with it'))
  fireEvent.change(within(panel).getByTestId('catalog-timeframe'), { target: { value: '14' } })
  expect(within(panel).getByText(/Fires once per drop/)).toBeInTheDocument()
  fireEvent.click(screen.getByTestId('save-flow'))
  await waitFor(() => expect(saved).toBeDefined())
  expect(saved!.definition.triggers[0]).toEqual({
    type: 'price-drop',
    trigger_filter: null,
    price_drop_amount_value: 15,
    price_drop_amount_unit: 'currency',
    audience: ['viewed', 'checkout-started'],
    timeframe_days: 14,
  })

  fireEvent.change(within(panel).getByTestId('trigger-type'), { target: { value: 'low-inventory' } })
  fireEvent.change(within(panel).getByTestId('low-inventory-count'), { target: { value: '3' } })
  fireEvent.change(within(panel).getByLabelText('Count inventory per'), { target: { value: 'variant' } })
  fireEvent.click(within(panel).getByLabelText('Added it to their cart'))
  saved = undefined
  fireEvent.click(screen.getByTestId('save-flow'))
  await waitFor(() => expect(saved).toBeDefined())
  expect(saved!.definition.triggers[0]).toEqual({
    type: 'low-inventory',
    product_level: 'variant',
    trigger_filter: null,
    inventory_count: 3,
    audience: ['viewed', 'checkout-started'],
    timeframe_days: 30,
  })
})

test('turning a flow with draft steps live asks whether to set the steps live too', async () => {
  const draft = {
    ...twoSteps,
    actions: twoSteps.actions.map((a) =>
      a.id === 'A2' ? { ...a, data: { ...(a.data as object), status: 'draft' } } : a,
    ),
  } as FlowDefinition
  routes['GET /ajax/flow/F1/edit'] = () => ({ body: editData(draft) })
  const details: unknown[] = []
  routes['POST /ajax/flow/F1/details'] = (b) => {
    details.push(b)
    return { body: { ok: true } }
  }
  let saved: { definition: FlowDefinition } | undefined
  routes['POST /ajax/flow/encoded'] = (b) => {
    saved = b as typeof saved
    return { body: { flowId: 'F1', version: 4, definition: saved!.definition } }
  }
  renderBuilder()
  await waitFor(() => expect(nodes()).toHaveLength(3))
  fireEvent.change(screen.getByTestId('flow-status'), { target: { value: 'live' } })
  const dialog = await screen.findByRole('dialog', { name: 'Set the flow to Live?' })
  expect(dialog).toHaveTextContent('1 step is still a draft and will not send.')
  fireEvent.click(within(dialog).getByTestId('status-all-steps'))
  await waitFor(() => expect(details).toEqual([{ status: '2', setActionStatuses: true }]))
  await waitFor(() => expect(screen.getByTestId('flow-status')).toHaveValue('live'))
  // The builder now shows the step live, without unsaved changes; a later save keeps it live.
  expect(screen.getByTestId('save-flow')).toBeDisabled()
  fireEvent.click(nodeOf('A2'))
  const panel = await screen.findByTestId('action-panel')
  fireEvent.change(within(panel).getByTestId('email-subject'), { target: { value: 'Hello again' } })
  fireEvent.click(screen.getByTestId('save-flow'))
  await waitFor(() => expect(saved).toBeDefined())
  expect((saved!.definition.actions.find((a) => a.id === 'A2')!.data as { status: string }).status).toBe('live')
})

test('the email panel picks a template; turning the flow live saves first, then calls details', async () => {
  const order: string[] = []
  routes['POST /ajax/flow/encoded'] = (b) => {
    order.push('save')
    return { body: { flowId: 'F1', version: 4, definition: (b as { definition: FlowDefinition }).definition } }
  }
  routes['POST /ajax/flow/F1/details'] = (b) => {
    order.push(`details:${(b as { status: string }).status}`)
    return { body: { ok: true } }
  }
  renderBuilder()
  await waitFor(() => expect(nodes()).toHaveLength(3))
  fireEvent.click(nodeOf('A2'))
  const panel = await screen.findByTestId('action-panel')
  await waitFor(() => expect(within(panel).getByRole('option', { name: 'Welcome template' })).toBeInTheDocument())
  fireEvent.change(within(panel).getByTestId('email-template'), { target: { value: 'T1' } })
  fireEvent.change(within(panel).getByTestId('email-subject'), { target: { value: 'Your order' } })
  fireEvent.change(screen.getByTestId('flow-status'), { target: { value: 'live' } })
  await waitFor(() => expect(order).toEqual(['save', 'details:2']))
  await waitFor(() => expect(screen.getByTestId('flow-status')).toHaveValue('live'))
  const body = calls.find((c) => c.path === '/ajax/flow/encoded')!.body as { definition: FlowDefinition }
  expect(body.definition.actions[1]!.data).toMatchObject({ message: { template_id: 'T1', subject_line: 'Your order' } })
})

test('the problems the load call reports are listed above the canvas', async () => {
  routes['GET /ajax/flow/F1/edit'] = () => ({
    body: {
      ...editData(twoSteps),
      issues: [{ type: 'trigger', message: 'The trigger metric was deleted.', pointer: '/triggers/0/id' }],
    },
  })
  renderBuilder()
  await waitFor(() => expect(nodes()).toHaveLength(3))
  expect(screen.getByTestId('builder-issues')).toHaveTextContent('This flow has 1 problem')
  expect(screen.getByTestId('builder-issues')).toHaveTextContent('The trigger metric was deleted.')
})

test('an A/B test is kept in the shape the engine reads: the main email, variations and allocations', async () => {
  let saved: { definition: FlowDefinition } | undefined
  routes['POST /ajax/flow/encoded'] = (b) => {
    saved = b as typeof saved
    return { body: { flowId: 'F1', version: 4, definition: saved!.definition } }
  }
  renderBuilder()
  await waitFor(() => expect(nodes()).toHaveLength(3))
  fireEvent.click(screen.getAllByTestId('add-step').find((b) => b.getAttribute('data-edge') === 'e-A2-links.next')!)
  fireEvent.click(within(screen.getByTestId('add-menu')).getByTestId('add-ab-test'))
  const panel = await screen.findByTestId('action-panel')
  expect(within(panel).getAllByTestId('ab-variation')).toHaveLength(2)
  fireEvent.click(within(panel).getByRole('button', { name: 'Add a variation' }))
  expect(within(panel).getAllByTestId('ab-variation')).toHaveLength(3)
  expect(panel).not.toHaveTextContent('The shares add up to')
  fireEvent.click(screen.getByTestId('save-flow'))
  await waitFor(() => expect(saved).toBeDefined())
  const ab = saved!.definition.actions.find((a) => a.type === 'ab-test')!
  const data = ab.data as {
    main_action: { type: string }
    current_experiment: { variations: Array<{ temporary_id: string }>; allocations: Record<string, number> }
  }
  expect(data.main_action.type).toBe('send-email')
  expect(data.current_experiment.variations.map((v) => v.temporary_id)).toEqual(['new-1-b', 'variation-3'])
  expect(data.current_experiment.allocations).toEqual({ main: 50, 'new-1-b': 50, 'variation-3': 0 })
})

test('without flows_write the builder is read-only', async () => {
  renderBuilder(['flows_read'])
  await waitFor(() => expect(nodes()).toHaveLength(3))
  expect(screen.queryAllByTestId('add-step')).toHaveLength(0)
  expect(screen.queryAllByTestId('node-menu')).toHaveLength(0)
  expect(screen.getByTestId('flow-status')).toBeDisabled()
})

// The flow builder for keyboard and screen-reader users (issue 30 §5): each step is one tab stop
// named by its type and name, Tab goes from the header to the first step and then step by
// step (each followed by its "+"), Enter or Space opens the step's panel and moves the focus
// into it, Escape gives it back; React Flow's edges are no tab stops and name no internal ids.
// Message steps link to their report (the card once it has sent, the panel always).
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { FlowDefinition } from '@/lib/flows/definition'
import { baseRoutes, editData, installFetch, renderBuilder, type Handler } from '../helpers/flow-builder-render'

configure({ asyncUtilTimeout: 8000 })
jest.setTimeout(60_000)
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn() }),
  usePathname: () => '/flow/F1/edit',
}))

const def: FlowDefinition = {
  triggers: [{ type: 'metric', id: 'MET1', trigger_filter: null }],
  entry_action_id: 'A1',
  actions: [
    { id: 'A1', type: 'time-delay', links: { next: 'A2' }, data: { unit: 'days', value: 2 } },
    {
      id: 'A2',
      type: 'send-email',
      links: { next: 'A3' },
      data: { status: 'live', message: { id: 'M1', name: 'Welcome', subject_line: 'Hello there' } },
    },
    {
      id: 'A3',
      type: 'send-sms',
      links: { next: null },
      data: { status: 'live', message: { id: 'M2', name: 'Nudge', body: 'Come back' } },
    },
  ],
}

let routes: Record<string, Handler>
function serve(extra: Parameters<typeof editData>[1] = {}) {
  routes = { ...baseRoutes(), 'GET /ajax/flow/F1/edit': () => ({ body: editData(def, extra) }) }
  installFetch(routes)
}

const steps = () => screen.queryAllByTestId('step-open')
const tabbables = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
    (e) => e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled,
  )

test('Tab goes from the header to the first step; each step is one button named "Type: name"; no edge is a tab stop', async () => {
  serve()
  const user = userEvent.setup()
  renderBuilder()
  await waitFor(() => expect(steps()).toHaveLength(4))
  expect(steps().map((s) => s.getAttribute('aria-label'))).toEqual([
    'Trigger: Metric: Placed Order',
    'Time delay: Wait 2 days',
    'Email: Hello there',
    'SMS: Come back',
  ])
  expect(screen.getByRole('button', { name: 'Email: Hello there' })).toBe(steps()[2])

  // The last control of the header, then Tab: the trigger step, its "+", the first step.
  screen.getByRole('link', { name: 'Export JSON' }).focus()
  await user.tab()
  expect(document.activeElement).toBe(steps()[0])
  await user.tab()
  expect(document.activeElement).toHaveAttribute('data-edge', 'e-trigger')
  expect(document.activeElement).toHaveAccessibleName('Add a step after Trigger: Metric: Placed Order')
  await user.tab()
  expect(document.activeElement).toBe(steps()[1])

  // Every tab stop on the canvas has a name, and none is React Flow's "Edge from <id> to <id>".
  const canvas = screen.getByTestId('flow-canvas')
  const stops = tabbables(canvas)
  expect(stops.filter((e) => e.closest('.react-flow__edge'))).toEqual([])
  for (const e of stops) expect(e.getAttribute('aria-label') || e.textContent).toBeTruthy()
  for (const e of canvas.querySelectorAll('[aria-label^="Edge from"]'))
    expect(e.closest('[aria-hidden="true"]')).not.toBeNull()
  expect(canvas.querySelectorAll('.react-flow__node[tabindex]')).toHaveLength(0)
})

test('Enter and Space open the focused step in the panel, which takes the focus; Escape closes it and gives the focus back', async () => {
  serve()
  const user = userEvent.setup()
  renderBuilder()
  await waitFor(() => expect(steps()).toHaveLength(4))

  act(() => steps()[1]!.focus())
  await user.keyboard('{Enter}')
  const panel = await screen.findByTestId('action-panel')
  expect(panel).toHaveAttribute('data-action-type', 'time-delay')
  expect(steps()[1]).toHaveAttribute('aria-current', 'true')
  await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('side-panel')))

  await user.keyboard('{Escape}')
  await waitFor(() => expect(screen.queryByTestId('side-panel')).toBeNull())
  await waitFor(() => expect(document.activeElement).toBe(steps()[1]))

  act(() => steps()[0]!.focus())
  await user.keyboard(' ')
  expect(await screen.findByTestId('trigger-panel')).toBeInTheDocument()
})

test('a message step that has sent links to its report on the card; its panel links there too', async () => {
  serve({
    messages: [
      { id: 'FM1', actionId: 'A2', channel: 'email', name: 'Welcome', templateId: null },
      { id: 'FM2', actionId: 'A3', channel: 'sms', name: 'Nudge', templateId: null },
    ],
    counts: { A2: { waiting: 0, done: 7 }, A3: { waiting: 2, done: 0 } },
  })
  renderBuilder({ resources: ['flows_read', 'flows_write', 'flows_reporting'] })
  await waitFor(() => expect(steps()).toHaveLength(4))
  const cards = screen.getAllByTestId('flow-node')
  const email = cards.find((c) => c.dataset.key === 'A2')!
  const sms = cards.find((c) => c.dataset.key === 'A3')!
  const link = within(email).getByRole('link', { name: 'View report' })
  expect(link).toHaveAttribute('href', '/flow/message/FM1/reports/overview')
  // Several cards have one: each says whose report it is.
  expect(link).toHaveAccessibleDescription('Email: Hello there')
  // The SMS has not sent yet: no link on its card, but its panel has one.
  expect(within(sms).queryByRole('link', { name: 'View report' })).toBeNull()
  fireEvent.click(within(sms).getByTestId('step-open'))
  const panel = await screen.findByTestId('side-panel')
  expect(within(panel).getByRole('link', { name: 'View report' })).toHaveAttribute(
    'href',
    '/flow/message/FM2/reports/overview',
  )
})

test('without access to flow reports there is no report link', async () => {
  serve({
    messages: [{ id: 'FM1', actionId: 'A2', channel: 'email', name: 'Welcome', templateId: null }],
    counts: { A2: { waiting: 0, done: 7 } },
  })
  renderBuilder({ resources: ['flows_read', 'flows_write'] })
  await waitFor(() => expect(steps()).toHaveLength(4))
  expect(screen.queryByTestId('node-report')).toBeNull()
})

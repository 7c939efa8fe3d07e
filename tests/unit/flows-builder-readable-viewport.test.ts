// The flow builder's first view (issue 30 §5): fitting a long flow into the window shrank step
// text to about 7 px. The first view keeps step text at its own size (zoom 1: 12 px and up),
// centres a flow that fits, and shows the top of a longer one (the trigger), the rest a scroll away.
import { buildGraph } from '@/components/flows/builder/flow-graph'
import { readableViewport, READABLE_ZOOM } from '@/components/flows/builder/readable-viewport'
import type { FlowAction, FlowDefinition } from '@/lib/flows/definition'

// dagre copies graphs with structuredClone (present in browsers and Node 17+, not in jsdom).
;(globalThis as unknown as { structuredClone: (v: unknown) => unknown }).structuredClone ??= (v: unknown) =>
  v === undefined ? v : JSON.parse(JSON.stringify(v))

const NODE_TEXT_MIN_PX = 12

function chain(n: number): FlowDefinition {
  const actions = Array.from({ length: n }, (_, i) => ({
    id: `A${i}`,
    type: i % 2 ? 'time-delay' : 'send-email',
    links: { next: i + 1 < n ? `A${i + 1}` : null },
    data: i % 2 ? { unit: 'days', value: 1 } : { status: 'live', message: { name: `Mail ${i}` } },
  })) as FlowAction[]
  return { triggers: [{ type: 'metric', id: 'M', trigger_filter: null }], entry_action_id: 'A0', actions }
}

test('a long flow opens at a readable zoom with its trigger at the top, centred across', () => {
  const { nodes } = buildGraph(chain(10))
  const size = { width: 1400, height: 900 }
  const v = readableViewport(nodes, size)
  expect(v.zoom * NODE_TEXT_MIN_PX).toBeGreaterThanOrEqual(12)
  const trigger = nodes[0]!
  // The trigger is at the top (within the padding), its middle in the middle of the width.
  expect(trigger.y * v.zoom + v.y).toBe(24)
  expect((trigger.x + trigger.width / 2) * v.zoom + v.x).toBeCloseTo(700)
  // The flow is longer than the window: the last step is below it, a scroll away.
  const last = nodes[nodes.length - 1]!
  expect(last.y * v.zoom + v.y).toBeGreaterThan(size.height)
})

test('at phone width the zoom stays readable too and a step fits across', () => {
  const { nodes } = buildGraph(chain(4))
  const v = readableViewport(nodes, { width: 390, height: 700 })
  expect(v.zoom).toBe(READABLE_ZOOM)
  const trigger = nodes[0]!
  const left = trigger.x * v.zoom + v.x
  expect(left).toBeGreaterThanOrEqual(0)
  expect(left + trigger.width * v.zoom).toBeLessThanOrEqual(390)
})

test('a flow that fits is centred', () => {
  const { nodes } = buildGraph(chain(1))
  const v = readableViewport(nodes, { width: 1000, height: 800 })
  const top = Math.min(...nodes.map((n) => n.y)) * v.zoom + v.y
  const bottom = Math.max(...nodes.map((n) => n.y + n.height)) * v.zoom + v.y
  expect(top).toBeCloseTo(800 - bottom)
})

/** @jest-environment node */
// The flow builder's reducer: adding actions on any edge (trigger edge, a split's branches),
// deleting (a split keeps the chosen branch and drops what only the other reached), duplicating,
// statuses, undo and redo, and the saved state after a save answers with real ids. The results
// are checked with the same structural validation the server runs.
import {
  builderReducer,
  initialState,
  isDirty,
  reachable,
  slotTarget,
  TRIGGER,
  type BuilderAction,
  type BuilderState,
} from '@/components/flows/builder/builder-state'
import { buildGraph, nodeForPointer } from '@/components/flows/builder/flow-graph'
import { actionKey, flowDefinition, type FlowDefinition } from '@/lib/flows/definition'
import { structuralErrors } from '@/lib/flows/validate-definition'

const empty: FlowDefinition = { triggers: [{ type: 'metric', id: 'MET001' }], actions: [], entry_action_id: null }
const run = (s: BuilderState, ...actions: BuilderAction[]) => actions.reduce(builderReducer, s)
const keys = (s: BuilderState) => s.def.actions.map((a) => actionKey(a))
const valid = (def: FlowDefinition) => {
  expect(flowDefinition.safeParse(def).success).toBe(true)
  expect(structuralErrors(def, { mode: 'stored' })).toEqual([])
}

test('adding on the trigger edge makes the new action the entry, and the old entry its next', () => {
  let s = initialState(empty)
  s = run(s, { type: 'add', slot: { from: TRIGGER, path: null }, actionType: 'send-email', status: 'live' })
  expect(s.def.entry_action_id).toBe('new-1')
  expect(s.selected).toEqual({ kind: 'action', key: 'new-1' })
  s = run(s, { type: 'add', slot: { from: TRIGGER, path: null }, actionType: 'time-delay' })
  expect(s.def.entry_action_id).toBe('new-2')
  expect(s.def.actions.find((a) => actionKey(a) === 'new-2')!.links).toEqual({ next: 'new-1' })
  expect(s.def.actions.find((a) => actionKey(a) === 'new-1')!.data).toMatchObject({
    status: 'live',
    message: { subject_line: '' },
  })
  valid(s.def)
  expect(isDirty(s)).toBe(true)
})

test('a split inserted on an edge takes the old target on its yes branch; each branch can be extended', () => {
  let s = initialState(empty)
  s = run(
    s,
    { type: 'add', slot: { from: TRIGGER, path: null }, actionType: 'send-email' }, // new-1
    { type: 'add', slot: { from: TRIGGER, path: null }, actionType: 'conditional-split' }, // new-2 → yes: new-1
    { type: 'add', slot: { from: 'new-2', path: ['links', 'next_if_false'] }, actionType: 'send-sms' }, // new-3 on no
  )
  const split = s.def.actions.find((a) => actionKey(a) === 'new-2')!
  expect(split.links).toEqual({ next_if_true: 'new-1', next_if_false: 'new-3' })
  expect(slotTarget(s.def, { from: 'new-2', path: ['links', 'next_if_false'] })).toBe('new-3')
  valid(s.def)

  const g = buildGraph(s.def)
  const labels = g.edges.filter((e) => e.source === 'new-2').map((e) => e.label)
  expect(labels).toEqual([{ kind: 'yes' }, { kind: 'no' }])
  // Every action and an end after each open link; the trigger sits above the split.
  expect(g.nodes.filter((n) => n.kind === 'action')).toHaveLength(3)
  expect(g.nodes.filter((n) => n.kind === 'end')).toHaveLength(2)
  const y = (id: string) => g.nodes.find((n) => n.id === id)!.y
  expect(y(TRIGGER)).toBeLessThan(y('new-2'))
  expect(y('new-2')).toBeLessThan(y('new-1'))
  // The yes branch is drawn on the left of the no branch.
  const x = (id: string) => g.nodes.find((n) => n.id === id)!.x
  expect(x('new-1')).toBeLessThan(x('new-3'))
})

test('a multi-branch split names its branches on the edges', () => {
  const s = run(initialState(empty), {
    type: 'add',
    slot: { from: TRIGGER, path: null },
    actionType: 'multi-branch-split',
  })
  valid(s.def)
  const labels = buildGraph(s.def)
    .edges.filter((e) => e.source === 'new-1')
    .map((e) => e.label)
  expect(labels).toEqual([
    { kind: 'branch', name: 'Branch 1' },
    { kind: 'branch', name: 'Else' },
  ])
  const g = buildGraph(s.def)
  const [first, second] = g.edges
    .filter((e) => e.source === 'new-1')
    .map((e) => g.nodes.find((n) => n.id === e.target)!.x)
  expect(first).toBeLessThan(second!)
})

test('deleting a linear action reconnects its predecessors to its next', () => {
  let s = run(
    initialState(empty),
    { type: 'add', slot: { from: TRIGGER, path: null }, actionType: 'send-email' }, // new-1
    { type: 'add', slot: { from: TRIGGER, path: null }, actionType: 'time-delay' }, // new-2 → new-1
  )
  s = run(s, { type: 'delete', key: 'new-2' })
  expect(keys(s)).toEqual(['new-1'])
  expect(s.def.entry_action_id).toBe('new-1')
  valid(s.def)
})

test('deleting a split keeps the chosen branch and removes what only the other branch reached', () => {
  const s = run(
    initialState(empty),
    { type: 'add', slot: { from: TRIGGER, path: null }, actionType: 'send-email' }, // new-1 (yes side)
    { type: 'add', slot: { from: TRIGGER, path: null }, actionType: 'conditional-split' }, // new-2
    { type: 'add', slot: { from: 'new-2', path: ['links', 'next_if_false'] }, actionType: 'send-sms' }, // new-3 (no side)
    { type: 'add', slot: { from: 'new-3', path: ['links', 'next'] }, actionType: 'time-delay' }, // new-4 after new-3
  )
  const keepNo = run(s, { type: 'delete', key: 'new-2', keep: 1 })
  expect(keepNo.def.entry_action_id).toBe('new-3')
  expect(keys(keepNo).sort()).toEqual(['new-3', 'new-4'])
  valid(keepNo.def)

  const keepYes = run(s, { type: 'delete', key: 'new-2', keep: 0 })
  expect(keepYes.def.entry_action_id).toBe('new-1')
  expect(keys(keepYes)).toEqual(['new-1'])
  expect([...reachable(keepYes.def)]).toEqual(['new-1'])
})

test('undo and redo walk the edits back and forth; a new edit clears redo', () => {
  let s = initialState(empty)
  s = run(
    s,
    { type: 'add', slot: { from: TRIGGER, path: null }, actionType: 'send-email' },
    { type: 'add', slot: { from: 'new-1', path: ['links', 'next'] }, actionType: 'send-sms' },
  )
  expect(keys(s)).toEqual(['new-1', 'new-2'])
  s = run(s, { type: 'undo' })
  expect(keys(s)).toEqual(['new-1'])
  s = run(s, { type: 'undo' })
  expect(keys(s)).toEqual([])
  expect(isDirty(s)).toBe(false)
  expect(run(s, { type: 'undo' })).toBe(s) // nothing left to undo
  s = run(s, { type: 'redo' }, { type: 'redo' })
  expect(keys(s)).toEqual(['new-1', 'new-2'])
  s = run(
    s,
    { type: 'undo' },
    { type: 'add', slot: { from: 'new-1', path: ['links', 'next'] }, actionType: 'time-delay' },
  )
  expect(s.future).toEqual([])
  expect(keys(s)).toEqual(['new-1', 'new-3'])
})

test('status and duplicate; splits cannot be duplicated; a delay has no status', () => {
  let s = run(
    initialState(empty),
    { type: 'add', slot: { from: TRIGGER, path: null }, actionType: 'send-email', status: 'draft' },
    { type: 'status', key: 'new-1', status: 'manual' },
  )
  expect(s.def.actions[0]!.data).toMatchObject({ status: 'manual' })
  s = run(s, { type: 'duplicate', key: 'new-1' })
  expect(keys(s)).toEqual(['new-1', 'new-2'])
  expect(s.def.actions[0]!.links).toEqual({ next: 'new-2' })
  expect(s.def.actions[1]!.data).toMatchObject({ status: 'manual', message: { name: 'Email #1' } })
  valid(s.def)
  const withDelay = run(s, { type: 'add', slot: { from: TRIGGER, path: null }, actionType: 'time-delay' })
  expect(run(withDelay, { type: 'status', key: 'new-3', status: 'live' })).toBe(withDelay)
  const withSplit = run(s, { type: 'add', slot: { from: TRIGGER, path: null }, actionType: 'conditional-split' })
  expect(run(withSplit, { type: 'duplicate', key: 'new-3' })).toBe(withSplit)
})

test('after a save the real ids replace temporary ones, the selection follows, nothing is dirty', () => {
  let s = run(initialState(empty), { type: 'add', slot: { from: TRIGGER, path: null }, actionType: 'send-email' })
  const real: FlowDefinition = {
    ...s.def,
    entry_action_id: 'A1',
    actions: [{ ...s.def.actions[0]!, id: 'A1', temporary_id: undefined }] as FlowDefinition['actions'],
  }
  s = run(s, { type: 'saved', def: real })
  expect(s.selected).toEqual({ kind: 'action', key: 'A1' })
  expect(isDirty(s)).toBe(false)
  expect(s.past).toEqual([])
})

test('a pointer of a 400 names the node it is about', () => {
  const s = run(
    initialState(empty),
    { type: 'add', slot: { from: TRIGGER, path: null }, actionType: 'send-email' },
    { type: 'add', slot: { from: 'new-1', path: ['links', 'next'] }, actionType: 'send-sms' },
  )
  expect(nodeForPointer(s.def, '/actions/1/data/message/body')).toBe('new-2')
  expect(nodeForPointer(s.def, '/definition/actions/0/links/next')).toBe('new-1')
  expect(nodeForPointer(s.def, '/triggers/0/id')).toBe(TRIGGER)
  expect(nodeForPointer(s.def, '/name')).toBeNull()
})

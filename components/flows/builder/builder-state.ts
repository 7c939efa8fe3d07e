// The builder's client-side state: the FlowDefinition being edited, changed only through this
// reducer so every edit can be undone and redone, and the selection of the side panel. The whole
// definition is saved at once (POST /ajax/flow/encoded); new actions carry temporary ids until the
// server answers with real ones.
import {
  actionKey,
  actionLinks,
  isUnsupported,
  setLink,
  STATUS_ACTION_TYPES,
  type ActionStatus,
  type FlowAction,
  type FlowDefinition,
  type FlowTrigger,
} from '@/lib/flows/definition'
import { newAction, type AddableType } from './action-factory'

export const TRIGGER = '$trigger'
export type LinkPath = Array<string | number>
/** Where to insert: on the trigger's edge to the entry action, or on one link of an action. */
export interface Slot {
  from: string
  path: LinkPath | null
}
export type Selection = { kind: 'trigger' } | { kind: 'settings' } | { kind: 'action'; key: string } | null

export interface BuilderState {
  def: FlowDefinition
  past: FlowDefinition[]
  future: FlowDefinition[]
  /** The definition as last saved (or loaded), to tell whether there is something to save. */
  saved: FlowDefinition
  selected: Selection
  /** Counter for temporary ids of new actions. */
  seq: number
}

export type BuilderAction =
  | { type: 'load'; def: FlowDefinition }
  | { type: 'saved'; def: FlowDefinition }
  | { type: 'select'; selection: Selection }
  | {
      type: 'add'
      slot: Slot
      actionType: AddableType
      status?: ActionStatus
      ctx?: { triggerMetricId?: string | null }
    }
  | { type: 'delete'; key: string; keep?: number }
  | { type: 'duplicate'; key: string }
  | { type: 'status'; key: string; status: ActionStatus }
  | { type: 'update-action'; key: string; action: FlowAction }
  | { type: 'update-trigger'; trigger: FlowTrigger | null }
  | { type: 'update-definition'; patch: Partial<FlowDefinition> }
  | { type: 'undo' }
  | { type: 'redo' }

const UNDO_LIMIT = 100
// Definitions are JSON (jsdom has no structuredClone).
const clone = <T>(v: T): T => (v === undefined ? v : JSON.parse(JSON.stringify(v)))

export function initialState(def: FlowDefinition): BuilderState {
  return { def: clone(def), past: [], future: [], saved: clone(def), selected: null, seq: 1 + maxTempSeq(def) }
}

function maxTempSeq(def: FlowDefinition): number {
  let n = 0
  for (const a of def.actions) {
    const m = /^new-(\d+)$/.exec(a.temporary_id ?? '')
    if (m) n = Math.max(n, Number(m[1]))
  }
  return n
}

export const isDirty = (s: BuilderState) => JSON.stringify(s.def) !== JSON.stringify(s.saved)
export const findAction = (def: FlowDefinition, key: string) => def.actions.find((a) => actionKey(a) === key)
export const canUndo = (s: BuilderState) => s.past.length > 0
export const canRedo = (s: BuilderState) => s.future.length > 0

function getAt(obj: unknown, path: LinkPath): unknown {
  let node = obj as Record<string | number, unknown> | undefined
  for (const p of path) node = node?.[p] as Record<string | number, unknown> | undefined
  return node
}

/** The target of a slot (the entry action for the trigger slot). */
export function slotTarget(def: FlowDefinition, slot: Slot): string | null {
  if (slot.from === TRIGGER) return def.entry_action_id
  const a = findAction(def, slot.from)
  const v = a && slot.path ? getAt(a, slot.path) : null
  return typeof v === 'string' ? v : null
}

function setSlot(def: FlowDefinition, slot: Slot, target: string | null) {
  if (slot.from === TRIGGER) {
    def.entry_action_id = target
    return
  }
  const a = findAction(def, slot.from)
  if (a && slot.path) setLink(a, slot.path, target)
}

/** Links into `key` from the trigger or other actions. */
function incoming(def: FlowDefinition, key: string): Slot[] {
  const out: Slot[] = []
  if (def.entry_action_id === key) out.push({ from: TRIGGER, path: null })
  for (const a of def.actions) {
    const k = actionKey(a)
    if (!k) continue
    for (const l of actionLinks(a)) if (l.target === key) out.push({ from: k, path: l.path })
  }
  return out
}

/** Keys reachable from the entry action. */
export function reachable(def: FlowDefinition): Set<string> {
  const seen = new Set<string>()
  const byKey = new Map(def.actions.map((a) => [actionKey(a), a] as const))
  const stack = def.entry_action_id ? [def.entry_action_id] : []
  while (stack.length) {
    const k = stack.pop()!
    if (seen.has(k)) continue
    const a = byKey.get(k)
    if (!a) continue
    seen.add(k)
    for (const l of actionLinks(a)) if (l.target) stack.push(l.target)
  }
  return seen
}

/** Applies an edit: the previous definition goes on the undo stack, the redo stack is cleared. */
function edit(s: BuilderState, change: (def: FlowDefinition) => void, extra: Partial<BuilderState> = {}): BuilderState {
  const def = clone(s.def)
  change(def)
  return { ...s, ...extra, def, past: [...s.past, s.def].slice(-UNDO_LIMIT), future: [] }
}

export function builderReducer(s: BuilderState, a: BuilderAction): BuilderState {
  switch (a.type) {
    case 'load':
      return initialState(a.def)
    case 'saved': {
      // Real ids replace temporary ones; the selection follows its action by position.
      let selected = s.selected
      if (selected?.kind === 'action') {
        const i = s.def.actions.findIndex((x) => actionKey(x) === (selected as { key: string }).key)
        const k = i >= 0 && a.def.actions[i] ? actionKey(a.def.actions[i]!) : null
        selected = k ? { kind: 'action', key: k } : null
      }
      return { ...s, def: clone(a.def), saved: clone(a.def), past: [], future: [], selected }
    }
    case 'select':
      return { ...s, selected: a.selection }
    case 'add': {
      const key = `new-${s.seq}`
      return edit(
        s,
        (def) => {
          const target = slotTarget(def, a.slot)
          const action = newAction(a.actionType, key, target, {
            status: a.status,
            triggerMetricId: a.ctx?.triggerMetricId,
            seq: s.seq,
          })
          def.actions.push(action)
          setSlot(def, a.slot, key)
        },
        { seq: s.seq + 1, selected: { kind: 'action', key } },
      )
    }
    case 'delete': {
      const target = findAction(s.def, a.key)
      if (!target) return s
      return edit(
        s,
        (def) => {
          const i = def.actions.findIndex((x) => actionKey(x) === a.key)
          const action = def.actions[i]!
          const links = actionLinks(action)
          const kept = links[a.keep ?? 0]?.target ?? null
          const before = reachable(def)
          for (const slot of incoming(def, a.key)) setSlot(def, slot, kept)
          def.actions.splice(i, 1)
          // The branches not kept go with the split: what only they reached is removed too.
          const after = reachable(def)
          def.actions = def.actions.filter((x) => {
            const k = actionKey(x)
            return !k || !before.has(k) || after.has(k)
          })
        },
        { selected: s.selected?.kind === 'action' && s.selected.key === a.key ? null : s.selected },
      )
    }
    case 'duplicate': {
      const src = findAction(s.def, a.key)
      if (!src || isSplit(src) || isUnsupported(src)) return s
      const key = `new-${s.seq}`
      return edit(
        s,
        (def) => {
          const original = findAction(def, a.key)!
          const copy = clone(original) as FlowAction & { id?: string | null }
          delete copy.id
          copy.temporary_id = key
          const msg = (copy.data as { message?: Record<string, unknown> } | undefined)?.message
          if (msg) delete msg.id
          def.actions.push(copy)
          const next = (original.links as { next?: string | null } | null | undefined)?.next ?? null
          ;(copy as { links?: unknown }).links = { next }
          original.links = { ...((original.links as object | null) ?? {}), next: key } as never
        },
        { seq: s.seq + 1, selected: { kind: 'action', key } },
      )
    }
    case 'status': {
      const target = findAction(s.def, a.key)
      if (!target || !hasStatus(target)) return s
      return edit(s, (def) => {
        const x = findAction(def, a.key)! as { data?: Record<string, unknown> }
        x.data = { ...(x.data ?? {}), status: a.status }
      })
    }
    case 'update-action':
      return edit(s, (def) => {
        const i = def.actions.findIndex((x) => actionKey(x) === a.key)
        if (i >= 0) def.actions[i] = clone(a.action)
      })
    case 'update-trigger':
      return edit(s, (def) => {
        def.triggers = a.trigger ? [clone(a.trigger)] : []
      })
    case 'update-definition':
      return edit(s, (def) => Object.assign(def, clone(a.patch)))
    case 'undo': {
      if (!s.past.length) return s
      const def = s.past[s.past.length - 1]!
      return {
        ...s,
        def,
        past: s.past.slice(0, -1),
        future: [s.def, ...s.future],
        selected: keepSelection(def, s.selected),
      }
    }
    case 'redo': {
      if (!s.future.length) return s
      const def = s.future[0]!
      return {
        ...s,
        def,
        past: [...s.past, s.def],
        future: s.future.slice(1),
        selected: keepSelection(def, s.selected),
      }
    }
  }
}

function keepSelection(def: FlowDefinition, sel: Selection): Selection {
  return sel?.kind === 'action' && !findAction(def, sel.key) ? null : sel
}

export const isSplit = (a: FlowAction) =>
  ['conditional-split', 'trigger-split', 'multi-branch-split', 'action-output-split'].includes(a.type)
export const hasStatus = (a: FlowAction) => !isUnsupported(a) && STATUS_ACTION_TYPES.has(a.type)
export const statusOf = (a: FlowAction): ActionStatus | null =>
  hasStatus(a) ? ((a.data as { status?: ActionStatus } | undefined)?.status ?? 'draft') : null

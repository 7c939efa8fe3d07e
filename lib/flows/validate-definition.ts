// The graph and reference checks of a FlowDefinition that zod cannot express: action keys,
// entry_action_id, dangling links, cycles, splits with one branch, one trigger, and the
// company's lists, segments, metrics and templates. Each error carries a JSON pointer.
import {
  actionKey,
  actionLinks,
  isUnsupported,
  type FlowAction,
  type FlowCondition,
  type FlowDefinition,
  type ProfileFilter,
} from './definition'
import { codeDataProblems } from './sandbox/code-limits'

export interface DefinitionError {
  pointer: string
  detail: string
}

export type RefKind = 'list' | 'segment' | 'metric' | 'template' | 'group'

/** Resolves which of the given ids exist for the company ("group": a list or a segment). */
export interface FlowRefs {
  existing(kind: RefKind, ids: string[]): Promise<Set<string>>
}

export interface ValidateOptions {
  /** create: actions carry temporary_id and no id; stored: actions carry ids. */
  mode: 'create' | 'stored'
  /** The pointer of the definition in the request body. */
  base?: string
}

const esc = (t: string | number) => String(t).replace(/~/g, '~0').replace(/\//g, '~1')
const ptr = (base: string, path: Array<string | number>) => base + path.map((p) => '/' + esc(p)).join('')

interface RefUse {
  kind: RefKind
  id: string
  path: Array<string | number>
  what: string
}

function filterRefs(filter: ProfileFilter | null | undefined, path: Array<string | number>, out: RefUse[]) {
  filter?.condition_groups.forEach((g, gi) =>
    g.conditions.forEach((c: FlowCondition, ci) => {
      const at = [...path, 'condition_groups', gi, 'conditions', ci]
      const cond = c as Record<string, unknown>
      if (c.type === 'profile-group-membership' && Array.isArray(cond.group_ids)) {
        cond.group_ids.forEach(
          (id, i) =>
            typeof id === 'string' &&
            out.push({ kind: 'group', id, path: [...at, 'group_ids', i], what: 'list or segment' }),
        )
      }
      if (c.type === 'profile-metric' && typeof cond.metric_id === 'string')
        out.push({ kind: 'metric', id: cond.metric_id, path: [...at, 'metric_id'], what: 'metric' })
    }),
  )
}

/** Every list, segment, metric and template a definition names, with where it names it. */
export function definitionRefs(def: FlowDefinition): RefUse[] {
  const out: RefUse[] = []
  def.triggers.forEach((t, i) => {
    const tid = (t as { id?: unknown }).id
    if (typeof tid !== 'string' || isUnsupported(t)) return
    if (t.type === 'list') out.push({ kind: 'list', id: tid, path: ['triggers', i, 'id'], what: 'list' })
    if (t.type === 'segment') out.push({ kind: 'segment', id: tid, path: ['triggers', i, 'id'], what: 'segment' })
    if (t.type === 'metric') out.push({ kind: 'metric', id: tid, path: ['triggers', i, 'id'], what: 'metric' })
  })
  filterRefs(def.profile_filter, ['profile_filter'], out)
  def.actions.forEach((a, i) => actionRefs(a, ['actions', i], out))
  return out
}

export function actionRefs(a: FlowAction, at: Array<string | number>, out: RefUse[] = []): RefUse[] {
  if (isUnsupported(a)) return out
  if (a.type === 'list-update' && a.data.list_id)
    out.push({ kind: 'list', id: a.data.list_id, path: [...at, 'data', 'list_id'], what: 'list' })
  if (a.type === 'conditional-split') filterRefs(a.data.profile_filter, [...at, 'data', 'profile_filter'], out)
  if (a.type === 'multi-branch-split')
    a.data.branches.forEach((b, bi) =>
      filterRefs(b.branch_filter, [...at, 'data', 'branches', bi, 'branch_filter'], out),
    )
  if (
    a.type === 'send-email' ||
    a.type === 'send-sms' ||
    a.type === 'send-internal-alert' ||
    a.type === 'send-review-request'
  ) {
    const tid = a.data?.message?.template_id
    if (tid) out.push({ kind: 'template', id: tid, path: [...at, 'data', 'message', 'template_id'], what: 'template' })
  }
  return out
}

/** The checks that need no database: keys, entry action, links, cycles, branches, triggers. */
export function structuralErrors(def: FlowDefinition, opts: ValidateOptions): DefinitionError[] {
  const base = opts.base ?? ''
  const errors: DefinitionError[] = []
  const err = (path: Array<string | number>, detail: string) => errors.push({ pointer: ptr(base, path), detail })

  if (def.triggers.length > 1) err(['triggers'], 'Only one trigger is supported.')

  const keys = new Map<string, number>()
  def.actions.forEach((a, i) => {
    if (opts.mode === 'create' && a.id != null)
      err(['actions', i, 'id'], 'An action cannot carry an id when a flow is created; use temporary_id.')
    const key = opts.mode === 'create' ? (a.temporary_id ?? null) : actionKey(a)
    if (!key) {
      err(
        ['actions', i, opts.mode === 'create' ? 'temporary_id' : 'id'],
        opts.mode === 'create' ? 'Every action needs a temporary_id.' : 'Every action needs an id.',
      )
      return
    }
    if (keys.has(key))
      err(
        ['actions', i, opts.mode === 'create' ? 'temporary_id' : 'id'],
        `The action id "${key}" is used more than once.`,
      )
    else keys.set(key, i)
  })

  if (def.entry_action_id == null) {
    if (def.actions.length) err(['entry_action_id'], 'entry_action_id is required: it names the first action.')
  } else if (!keys.has(def.entry_action_id)) {
    err(['entry_action_id'], `entry_action_id "${def.entry_action_id}" is not the id of an action of this flow.`)
  }

  const edges = new Map<number, Array<{ to: number; path: Array<string | number> }>>()
  def.actions.forEach((a, i) => {
    const out: Array<{ to: number; path: Array<string | number> }> = []
    for (const l of actionLinks(a)) {
      if (l.target == null) continue
      const to = keys.get(l.target)
      if (to === undefined)
        err(['actions', i, ...l.path], `The link points to "${l.target}", which is not an action of this flow.`)
      else if (to === i) err(['actions', i, ...l.path], 'An action cannot link to itself.')
      else out.push({ to, path: l.path })
    }
    edges.set(i, out)
    if (a.type === 'code' && !isUnsupported(a))
      for (const p of codeDataProblems(a.data)) err(['actions', i, 'data', ...p.path], p.detail)
    if (a.type === 'multi-branch-split' && !isUnsupported(a)) {
      if (a.data.branches.length < 2) err(['actions', i, 'data', 'branches'], 'A split needs at least two branches.')
      if (a.data.branches.filter((b) => b.is_else).length > 1)
        err(['actions', i, 'data', 'branches'], 'A split can have only one else branch.')
      const ids = new Set<string>()
      a.data.branches.forEach((b, bi) => {
        if (ids.has(b.branch_id))
          err(
            ['actions', i, 'data', 'branches', bi, 'branch_id'],
            `The branch id "${b.branch_id}" is used more than once.`,
          )
        ids.add(b.branch_id)
      })
    }
  })

  // Cycles: depth-first from every action; a link to an action on the current path closes one.
  const state = new Array<number>(def.actions.length).fill(0) // 0 new, 1 on path, 2 done
  const visit = (i: number) => {
    state[i] = 1
    for (const e of edges.get(i) ?? []) {
      if (state[e.to] === 1)
        err(['actions', i, ...e.path], 'This link makes a cycle: a flow must not loop back to an earlier action.')
      else if (state[e.to] === 0) visit(e.to)
    }
    state[i] = 2
  }
  const entry = def.entry_action_id != null ? keys.get(def.entry_action_id) : undefined
  if (entry !== undefined) visit(entry)
  for (let i = 0; i < def.actions.length; i++) if (state[i] === 0) visit(i)
  return errors
}

/** structuralErrors plus unknown lists, segments, metrics and templates of the company. */
export async function validateFlowDefinition(
  def: FlowDefinition,
  refs: FlowRefs,
  opts: ValidateOptions,
): Promise<DefinitionError[]> {
  const errors = structuralErrors(def, opts)
  errors.push(...(await refErrors(definitionRefs(def), refs, opts.base ?? '')))
  return errors
}

export async function refErrors(uses: RefUse[], refs: FlowRefs, base: string): Promise<DefinitionError[]> {
  const errors: DefinitionError[] = []
  const kinds = [...new Set(uses.map((u) => u.kind))]
  for (const kind of kinds) {
    const mine = uses.filter((u) => u.kind === kind)
    const found = await refs.existing(kind, [...new Set(mine.map((u) => u.id))])
    for (const u of mine)
      if (!found.has(u.id))
        errors.push({ pointer: ptr(base, u.path), detail: `There is no ${u.what} with id "${u.id}".` })
  }
  return errors
}

/** Definition errors as /ajax field errors ({"actions.3.links.next": [message]}), for the builder. */
export function definitionFieldErrors(errors: DefinitionError[]): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const e of errors) {
    const key =
      e.pointer
        .split('/')
        .slice(1)
        .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
        .join('.') || '_'
    ;(out[key] ??= []).push(e.detail)
  }
  return out
}

// Paths of a flow graph for the /ajax action calls (seed 002 §7.3). A path is the place between
// two steps where an action can be inserted, written as a path id:
//   "<actionId>:next"              after a single-path action
//   "<actionId>:next_if_true"      the "yes" branch of a true/false split (also "<actionId>:true")
//   "<actionId>:next_if_false"     the "no" branch (also "<actionId>:false")
//   "<actionId>:branch:<branchId>" one branch of a multi-branch split
//   "entry:<flowId>"               before the flow's first action (entry_action_id)
// A bare "<actionId>" means "<actionId>:next". Action ids are numeric and flow ids short
// alphanumeric, so a path id names its flow on its own.
import { badRequest } from '@/lib/errors/app-error'
import { actionLinks, setLink, type FlowAction, type FlowDefinition } from '@/lib/flows/definition'

export type PathRef = { kind: 'entry'; flowId: string } | { kind: 'link'; actionId: string; link: string }

export function parsePathId(raw: string, field = 'pathId'): PathRef {
  const fail = () =>
    badRequest('The path is not valid.', {
      [field]: [
        'Use "<actionId>:next", "<actionId>:next_if_true", "<actionId>:next_if_false", "<actionId>:branch:<branchId>" or "entry:<flowId>".',
      ],
    })
  let s: string
  try {
    // Route params arrive decoded; a body's targetPath may still carry %3A for the colons.
    s = (raw.includes('%') ? decodeURIComponent(raw) : raw).trim()
  } catch {
    throw fail()
  }
  if (s.startsWith('entry:')) {
    const flowId = s.slice(6)
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(flowId)) throw fail()
    return { kind: 'entry', flowId }
  }
  const m = /^([A-Za-z0-9_-]{1,64})(?::(next|next_if_true|next_if_false|true|false|branch:[^:]{1,64}))?$/.exec(s)
  if (!m) throw fail()
  const link = m[2] === 'true' ? 'next_if_true' : m[2] === 'false' ? 'next_if_false' : (m[2] ?? 'next')
  return { kind: 'link', actionId: m[1]!, link }
}

/** A link name of an action (next, next_if_true, next_if_false, branch:<id>) as a path below it. */
export function linkPath(a: FlowAction, link: string): Array<string | number> | null {
  const name = link === 'true' ? 'next_if_true' : link === 'false' ? 'next_if_false' : link
  if (name.startsWith('branch:')) {
    const branches = (a.data as { branches?: Array<{ branch_id?: string }> } | undefined)?.branches ?? []
    const i = a.type === 'multi-branch-split' ? branches.findIndex((b) => b.branch_id === name.slice(7)) : -1
    return i < 0 ? null : ['data', 'branches', i, 'links', 'next']
  }
  return (
    actionLinks(a).find((l) => l.path[0] === 'links' && l.path[1] === name)?.path ??
    (name === 'next' && isLinear(a) ? ['links', 'next'] : null)
  )
}

/** The name of a link path (the inverse of linkPath). */
export function linkName(a: FlowAction, path: Array<string | number>): string {
  if (path[0] === 'data') {
    const b = (a.data as { branches: Array<{ branch_id: string }> }).branches[path[2] as number]
    return `branch:${b?.branch_id}`
  }
  return String(path[1])
}

export function linkTarget(a: FlowAction, path: Array<string | number>): string | null {
  let node: unknown = a
  for (const p of path)
    node = node && typeof node === 'object' ? (node as Record<string | number, unknown>)[p] : undefined
  return typeof node === 'string' ? node : null
}

/** Sets a link, creating the links object of a single-path action that has none yet. */
export function putLink(a: FlowAction, path: Array<string | number>, target: string | null): void {
  if (path[0] === 'links' && (a as { links?: unknown }).links == null) (a as { links?: unknown }).links = {}
  setLink(a, path, target)
}

/** A single-path action: at most one outgoing link, named next. */
export function isLinear(a: FlowAction): boolean {
  const links = actionLinks(a)
  if (a.type === 'multi-branch-split') return false
  return links.every((l) => l.path[1] === 'next')
}

/** A true/false split (conditional, trigger or action-output split). */
export const isBooleanSplit = (a: FlowAction): boolean =>
  actionLinks(a).some((l) => l.path[1] === 'next_if_true' || l.path[1] === 'next_if_false')

export function successors(a: FlowAction): string[] {
  return actionLinks(a)
    .map((l) => l.target)
    .filter((t): t is string => t != null)
}

/** Every action reachable from the given ids (themselves included). */
export function reachable(def: FlowDefinition, from: Iterable<string>): Set<string> {
  const byId = new Map(def.actions.map((a) => [a.id!, a]))
  const seen = new Set<string>()
  const stack = [...from].filter((id) => byId.has(id))
  while (stack.length) {
    const id = stack.pop()!
    if (seen.has(id)) continue
    seen.add(id)
    for (const t of successors(byId.get(id)!)) if (!seen.has(t)) stack.push(t)
  }
  return seen
}

/** The roots of a graph: the entry action and every action nothing links to (a disconnected piece). */
export function roots(def: FlowDefinition): Set<string> {
  const linked = new Set(def.actions.flatMap(successors))
  const out = new Set<string>()
  if (def.entry_action_id) out.add(def.entry_action_id)
  for (const a of def.actions) if (!linked.has(a.id!)) out.add(a.id!)
  return out
}

/** Points every link (and the entry) that goes to `from` at `to`. */
export function redirectLinks(def: FlowDefinition, from: string, to: string | null): void {
  for (const a of def.actions) for (const l of actionLinks(a)) if (l.target === from) setLink(a, l.path, to)
  if (def.entry_action_id === from) def.entry_action_id = to
}

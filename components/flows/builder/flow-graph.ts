// The canvas graph of a definition: the trigger at the top, one node per action, an "end" node
// for each link that leads nowhere (so every branch has a "+" to extend it), edges labelled with
// their branch, laid out top to bottom by dagre.
import dagre from '@dagrejs/dagre'
import { actionKey, actionLinks, isUnsupported, type FlowAction, type FlowDefinition } from '@/lib/flows/definition'
import { TRIGGER, type LinkPath } from './builder-state'

export const NODE_WIDTH = 260
export const NODE_HEIGHT = 88
export const END_SIZE = 28

export interface GraphNode {
  id: string
  kind: 'trigger' | 'action' | 'end'
  action?: FlowAction
  /** Index in definition.actions (for error pointers). */
  index?: number
  x: number
  y: number
  width: number
  height: number
}

/** An edge's branch: 'yes' / 'no' for boolean splits, the branch name for multi-branch splits. */
export type EdgeLabel = { kind: 'yes' } | { kind: 'no' } | { kind: 'branch'; name: string } | null

export interface GraphEdge {
  id: string
  source: string
  target: string
  /** The slot a "+" on this edge inserts into. */
  from: string
  path: LinkPath | null
  label: EdgeLabel
}

export function labelOf(a: FlowAction, path: LinkPath): EdgeLabel {
  const last = path[path.length - 1]
  if (last === 'next_if_true') return { kind: 'yes' }
  if (last === 'next_if_false') return { kind: 'no' }
  if (path[1] === 'branches' && a.type === 'multi-branch-split' && !isUnsupported(a)) {
    const b = a.data.branches[path[2] as number]
    return { kind: 'branch', name: b?.name || b?.branch_id || '' }
  }
  return null
}

export function buildGraph(def: FlowDefinition): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const nodes: GraphNode[] = [{ id: TRIGGER, kind: 'trigger', x: 0, y: 0, width: NODE_WIDTH, height: NODE_HEIGHT }]
  const edges: GraphEdge[] = []
  const keys = new Set(def.actions.map((a) => actionKey(a)).filter((k): k is string => !!k))
  let ends = 0
  const end = () => {
    const id = `$end-${ends++}`
    nodes.push({ id, kind: 'end', x: 0, y: 0, width: END_SIZE, height: END_SIZE })
    return id
  }

  const entry = def.entry_action_id && keys.has(def.entry_action_id) ? def.entry_action_id : null
  edges.push({ id: 'e-trigger', source: TRIGGER, target: entry ?? end(), from: TRIGGER, path: null, label: null })

  def.actions.forEach((a, index) => {
    const key = actionKey(a)
    if (!key) return
    nodes.push({ id: key, kind: 'action', action: a, index, x: 0, y: 0, width: NODE_WIDTH, height: NODE_HEIGHT })
    const links = actionLinks(a)
    for (const l of links) {
      const target = l.target && keys.has(l.target) ? l.target : end()
      edges.push({
        id: `e-${key}-${l.path.join('.')}`,
        source: key,
        target,
        from: key,
        path: l.path,
        label: labelOf(a, l.path),
      })
    }
    // An unknown kind whose links we cannot read still ends visibly.
    if (!links.length && isUnsupported(a))
      edges.push({ id: `e-${key}-end`, source: key, target: end(), from: key, path: null, label: null })
  })

  const g = new dagre.graphlib.Graph()
  g.setGraph({ rankdir: 'TB', nodesep: 60, ranksep: 70, marginx: 20, marginy: 20 })
  g.setDefaultEdgeLabel(() => ({}))
  for (const n of nodes) g.setNode(n.id, { width: n.width, height: n.height })
  // dagre places the successors of a node right to left in edge insertion order: inserting the
  // edges reversed puts a split's first branch ("yes", branch 1) on the left.
  for (const e of [...edges].reverse()) g.setEdge(e.source, e.target)
  dagre.layout(g)
  for (const n of nodes) {
    const p = g.node(n.id)
    n.x = p.x - n.width / 2
    n.y = p.y - n.height / 2
  }
  return { nodes, edges }
}

/** The node a JSON pointer from a 400 names: /actions/3/... → that action, /triggers/... → the trigger. */
export function nodeForPointer(def: FlowDefinition, pointer: string): string | null {
  const parts = pointer.split('/').slice(1)
  // A pointer may be relative to the request body (/definition/actions/...).
  if (parts[0] === 'definition') parts.shift()
  if (parts[0] === 'actions' && parts[1] !== undefined) {
    const a = def.actions[Number(parts[1])]
    return a ? actionKey(a) : null
  }
  if (
    parts[0] === 'triggers' ||
    parts[0] === 'profile_filter' ||
    parts[0] === 'reentry_criteria' ||
    parts[0] === 'entry_action_id'
  )
    return TRIGGER
  return null
}

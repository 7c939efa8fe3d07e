'use client'
// The @xyflow/react canvas: nodes placed by the automatic layout (nodes are not dragged: the
// layout follows the definition), click or Enter on a step to open it, zoom and fit controls.
// React Flow's own focus handling is off: each step is one labelled button of ours, edges are
// drawings, and the "+" of an edge lives in its source step so Tab walks step, "+", next step.
import { useEffect, useMemo, useRef } from 'react'
import {
  Background,
  Controls,
  getSmoothStepPath,
  MarkerType,
  Position,
  ReactFlow,
  useReactFlow,
  useStore,
  type Edge,
  type Node,
} from '@xyflow/react'
import '@xyflow/react/dist/style.css'
import type { FlowDefinition } from '@/lib/flows/definition'
import { buildGraph, type GraphEdge, type GraphNode } from './flow-graph'
import { TRIGGER, type Selection } from './builder-state'
import { ActionNode, AddEdge, EndNode, TriggerNode, type AddSlot } from './canvas-parts'
import { readableViewport } from './readable-viewport'
import styles from './builder.module.css'

const nodeTypes = { trigger: TriggerNode, action: ActionNode, end: EndNode }
const edgeTypes = { add: AddEdge }

/** Where an edge's "+" sits, relative to its source node (the middle of the edge, below a branch label). */
function addSlotsOf(nodes: GraphNode[], edges: GraphEdge[]): Map<string, AddSlot[]> {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const out = new Map<string, AddSlot[]>()
  for (const e of edges) {
    if (e.from !== TRIGGER && !e.path) continue
    const s = byId.get(e.source)!
    const t = byId.get(e.target)!
    const [, x, y] = getSmoothStepPath({
      sourceX: s.x + s.width / 2,
      sourceY: s.y + s.height,
      targetX: t.x + t.width / 2,
      targetY: t.y,
      sourcePosition: Position.Bottom,
      targetPosition: Position.Top,
    })
    const list = out.get(e.source) ?? []
    list.push({ edge: e, x: x - s.x, y: y + (e.label ? 12 : 0) - s.y })
    out.set(e.source, list)
  }
  return out
}

export function FlowCanvas({
  def,
  selectedId,
  onSelect,
}: {
  def: FlowDefinition
  selectedId: string | null
  onSelect: (s: Selection) => void
}) {
  const graph = useMemo(() => buildGraph(def), [def])
  const slots = useMemo(() => addSlotsOf(graph.nodes, graph.edges), [graph])
  const nodes: Node[] = useMemo(
    () =>
      graph.nodes.map((n) => ({
        id: n.id,
        type: n.kind,
        position: { x: n.x, y: n.y },
        data:
          n.kind === 'action'
            ? { action: n.action, key: n.id, adds: slots.get(n.id) ?? [] }
            : n.kind === 'trigger'
              ? { adds: slots.get(n.id) ?? [] }
              : {},
        selected: n.id === selectedId,
        selectable: n.kind !== 'end',
        draggable: false,
        connectable: false,
        width: n.width,
        height: n.height,
        // Known sizes and handles: edges draw before (or without) the browser measuring the nodes.
        handles: [
          { type: 'target' as const, position: Position.Top, x: n.width / 2, y: 0, width: 1, height: 1 },
          { type: 'source' as const, position: Position.Bottom, x: n.width / 2, y: n.height, width: 1, height: 1 },
        ],
      })),
    [graph, slots, selectedId],
  )
  const edges: Edge[] = useMemo(
    () =>
      graph.edges.map((e) => ({
        id: e.id,
        source: e.source,
        target: e.target,
        type: 'add',
        data: { edge: e },
        markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16 },
        selectable: false,
        focusable: false,
        // A drawing, hidden from screen readers: React Flow names it "Edge from <id> to <id>"; the
        // steps' order and the "+" buttons' names ("… on the Yes branch of …") say it in words.
        ariaRole: 'presentation' as const,
        domAttributes: { 'aria-hidden': true },
      })),
    [graph],
  )

  return (
    <div className={styles.canvas} data-testid="flow-canvas">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        nodesDraggable={false}
        nodesConnectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        disableKeyboardA11y
        elementsSelectable
        minZoom={0.2}
        maxZoom={1.5}
        proOptions={{ hideAttribution: true }}
        deleteKeyCode={null}
        // The wheel scrolls a long flow like a page (Ctrl + wheel or pinch zooms) instead of shrinking it.
        panOnScroll
        zoomActivationKeyCode="Control"
        onNodeClick={(_, n) => {
          if (n.type === 'trigger') onSelect({ kind: 'trigger' })
          else if (n.type === 'action') onSelect({ kind: 'action', key: n.id })
        }}
        onPaneClick={() => onSelect(null)}
      >
        <Background gap={20} size={1} />
        <Controls showInteractive={false} fitViewOptions={{ padding: 0.1 }} />
        <ReadableView nodes={graph.nodes} />
      </ReactFlow>
    </div>
  )
}

/**
 * The first view, and again while a blank flow grows from one node: at a zoom where step text is
 * read at its own size, the top of the flow in view and the rest a scroll away.
 */
function ReadableView({ nodes }: { nodes: GraphNode[] }) {
  const { setViewport } = useReactFlow()
  const width = useStore((s) => s.width)
  const height = useStore((s) => s.height)
  const placed = useRef(false)
  const count = nodes.length
  const small = count <= 4
  useEffect(() => {
    if (!width || !height || (placed.current && !small)) return
    placed.current = true
    void setViewport(readableViewport(nodes, { width, height }), { duration: 0 })
    // Only a change of size or of the number of steps moves the view, not an edit of a step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [count, small, width, height, setViewport])
  return null
}

export { TRIGGER }

'use client'
// The @xyflow/react canvas: nodes placed by the automatic layout (nodes are not dragged: the
// layout follows the definition), click to select, zoom and fit controls.
import { useEffect, useMemo } from 'react'
import { Background, Controls, MarkerType, Position, ReactFlow, useReactFlow, type Edge, type Node } from '@xyflow/react'
import '@xyflow/react/dist/style.css'
import type { FlowDefinition } from '@/lib/flows/definition'
import { buildGraph } from './flow-graph'
import { TRIGGER, type Selection } from './builder-state'
import { ActionNode, AddEdge, EndNode, TriggerNode } from './canvas-parts'
import styles from './builder.module.css'

const nodeTypes = { trigger: TriggerNode, action: ActionNode, end: EndNode }
const edgeTypes = { add: AddEdge }

export function FlowCanvas({ def, selectedId, onSelect }: { def: FlowDefinition; selectedId: string | null; onSelect: (s: Selection) => void }) {
  const graph = useMemo(() => buildGraph(def), [def])
  const nodes: Node[] = useMemo(() => graph.nodes.map((n) => ({
    id: n.id,
    type: n.kind,
    position: { x: n.x, y: n.y },
    data: n.kind === 'action' ? { action: n.action, key: n.id } : {},
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
  })), [graph, selectedId])
  const edges: Edge[] = useMemo(() => graph.edges.map((e) => ({
    id: e.id, source: e.source, target: e.target, type: 'add', data: { edge: e },
    markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16 },
    selectable: false,
  })), [graph])

  return (
    <div className={styles.canvas} data-testid="flow-canvas">
      <ReactFlow nodes={nodes} edges={edges} nodeTypes={nodeTypes} edgeTypes={edgeTypes}
        nodesDraggable={false} nodesConnectable={false} elementsSelectable fitView fitViewOptions={{ padding: 0.2, maxZoom: 1 }}
        minZoom={0.2} maxZoom={1.5} proOptions={{ hideAttribution: true }} deleteKeyCode={null}
        onNodeClick={(_, n) => {
          if (n.type === 'trigger') onSelect({ kind: 'trigger' })
          else if (n.type === 'action') onSelect({ kind: 'action', key: n.id })
        }}
        onPaneClick={() => onSelect(null)}>
        <Background gap={20} size={1} />
        <Controls showInteractive={false} />
        <FitOnGrowth count={graph.nodes.length} />
      </ReactFlow>
    </div>
  )
}

/** Refits when the first actions arrive (a blank flow grows from one node). */
function FitOnGrowth({ count }: { count: number }) {
  const { fitView } = useReactFlow()
  const small = count <= 4
  useEffect(() => {
    if (small) void fitView({ padding: 0.2, maxZoom: 1, duration: 150 })
  }, [count, small, fitView])
  return null
}

export { TRIGGER }

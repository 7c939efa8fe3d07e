'use client'
// The canvas's node and edge kinds: the trigger, an action (type, summary, status, live count,
// unsupported and error badges, a menu), the end of a branch, and an edge with its branch label
// and a "+" that opens the menu of action types to insert there.
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useTranslations } from 'next-intl'
import { BaseEdge, EdgeLabelRenderer, getSmoothStepPath, Handle, Position, type Edge, type EdgeProps, type Node, type NodeProps } from '@xyflow/react'
import { isUnsupported, type FlowAction } from '@/lib/flows/definition'
import { hasStatus, isSplit, statusOf, TRIGGER } from './builder-state'
import { ADDABLE_GROUPS, type AddableType } from './action-factory'
import { actionSummary, actionTitle, triggerTitle, typeKey } from './action-labels'
import { useBuilder } from './builder-context'
import type { EdgeLabel, GraphEdge } from './flow-graph'
import { nameOf, useGroupOptions, useMetricOptions } from './use-builder-options'
import styles from './builder.module.css'

export type ActionNodeType = Node<{ action: FlowAction; key: string }, 'action'>
export type TriggerNodeType = Node<Record<string, never>, 'trigger'>
export type EndNodeType = Node<Record<string, never>, 'end'>
export type AddEdgeType = Edge<{ edge: GraphEdge }, 'add'>

const hidden = { opacity: 0 }

export function TriggerNode({ selected }: NodeProps<TriggerNodeType>) {
  const t = useTranslations('flowBuilder')
  const { def, errorsByNode } = useBuilder()
  const tr = def.triggers[0] as (Record<string, unknown> & { type: string }) | undefined
  const errors = errorsByNode.get(TRIGGER)
  const { data: metrics } = useMetricOptions()
  const { data: lists } = useGroupOptions(0)
  const { data: segments } = useGroupOptions(1)
  const target = typeof tr?.id === 'string' ? tr.id : null
  const name = tr?.type === 'metric' ? nameOf(metrics, target) : tr?.type === 'list' ? nameOf(lists, target)
    : tr?.type === 'segment' ? nameOf(segments, target) : tr?.type === 'date' ? String(tr.date_profile_property ?? '') : ''
  return (
    <div className={[styles.node, styles.triggerNode, selected ? styles.selected : '', errors ? styles.nodeError : ''].join(' ')} data-testid="flow-node-trigger">
      <div className={styles.nodeHead}><span className={styles.nodeKind}>{t('trigger.label')}</span>
        {tr && isUnsupported(tr as never) && <span className={styles.badgeWarn}>{t('unsupported', { type: tr.type })}</span>}
      </div>
      <div className={styles.nodeTitle}>{name ? `${triggerTitle(tr as never, t)}: ${name}` : triggerTitle(tr as never, t)}</div>
      <div className={styles.nodeFoot}>
        {!tr && <span className={styles.badgeWarn}>{t('trigger.notConfigured')}</span>}
        {errors && <span className={styles.badgeError}>{t('errorsBadge', { count: errors.length })}</span>}
      </div>
      <Handle type="source" position={Position.Bottom} style={hidden} isConnectable={false} />
    </div>
  )
}

export function EndNode() {
  const t = useTranslations('flowBuilder')
  return (
    <div className={styles.endNode} title={t('end')} aria-label={t('end')}>
      <Handle type="target" position={Position.Top} style={hidden} isConnectable={false} />
    </div>
  )
}

export function ActionNode({ data, selected }: NodeProps<ActionNodeType>) {
  const t = useTranslations('flowBuilder')
  const { counts, errorsByNode, dispatch, requestDelete, readOnly } = useBuilder()
  const { action, key } = data
  const [menu, setMenu] = useState(false)
  const errors = errorsByNode.get(key)
  const count = counts[key]
  const status = statusOf(action)
  const unsupported = isUnsupported(action)
  const { data: lists } = useGroupOptions(0)
  return (
    <div className={[styles.node, selected ? styles.selected : '', errors ? styles.nodeError : '', status === 'disabled' || status === 'draft' ? styles.nodeMuted : ''].join(' ')}
      data-testid="flow-node" data-action-type={action.type} data-key={key}>
      <Handle type="target" position={Position.Top} style={hidden} isConnectable={false} />
      <div className={styles.nodeHead}>
        <span className={styles.nodeKind}>{unsupported ? t('unsupportedShort') : t(`types.${typeKey(action.type) ?? 'code'}`)}</span>
        {status && <span className={styles[`status_${status}`]} data-testid="node-status">{t(`actionStatus.${status}`)}</span>}
        {!readOnly && (
          <button type="button" className={`${styles.nodeMenuButton} nodrag`} aria-label={t('nodeMenu.open')} aria-expanded={menu} data-testid="node-menu"
            onClick={(e) => { e.stopPropagation(); setMenu((m) => !m) }}>⋯</button>
        )}
      </div>
      <div className={styles.nodeTitle}>{unsupported ? actionTitle(action, t) : actionSummary(action, t, { list: (id) => nameOf(lists, id) }) || actionTitle(action, t)}</div>
      <div className={styles.nodeFoot}>
        {unsupported && <span className={styles.badgeWarn}>{t('unsupported', { type: action.type })}</span>}
        {count && count.waiting > 0 && <span className={styles.badgeInfo} data-testid="node-waiting">{t('waiting', { count: count.waiting })}</span>}
        {count && count.done > 0 && <span className={styles.badgeMuted} data-testid="node-done">{t('done', { count: count.done })}</span>}
        {errors && <span className={styles.badgeError} data-testid="node-errors">{t('errorsBadge', { count: errors.length })}</span>}
      </div>
      {menu && (
        <NodeMenu onClose={() => setMenu(false)}>
          <button type="button" role="menuitem" onClick={() => { setMenu(false); requestDelete(key) }}>{t('nodeMenu.delete')}</button>
          {!isSplit(action) && !unsupported && <button type="button" role="menuitem" onClick={() => { setMenu(false); dispatch({ type: 'duplicate', key }) }}>{t('nodeMenu.duplicate')}</button>}
          {hasStatus(action) && (['live', 'manual', 'draft', 'disabled'] as const).map((s) => (
            <button key={s} type="button" role="menuitemradio" aria-checked={status === s} onClick={() => { setMenu(false); dispatch({ type: 'status', key, status: s }) }}>
              {t('nodeMenu.setStatus', { status: t(`actionStatus.${s}`) })}
            </button>
          ))}
        </NodeMenu>
      )}
      <Handle type="source" position={Position.Bottom} style={hidden} isConnectable={false} />
    </div>
  )
}

function NodeMenu({ children, onClose }: { children: React.ReactNode; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const down = (e: MouseEvent) => { if (!ref.current?.contains(e.target as globalThis.Node)) onClose() }
    const key = (e: KeyboardEvent) => { if (e.key === 'Escape') onClose() }
    document.addEventListener('mousedown', down)
    document.addEventListener('keydown', key)
    return () => { document.removeEventListener('mousedown', down); document.removeEventListener('keydown', key) }
  }, [onClose])
  return <div ref={ref} role="menu" className={`${styles.menu} nodrag nowheel`} onClick={(e) => e.stopPropagation()}>{children}</div>
}

function EdgeLabelText({ label }: { label: EdgeLabel }) {
  const t = useTranslations('flowBuilder')
  if (!label) return null
  const text = label.kind === 'yes' ? t('yes') : label.kind === 'no' ? t('no') : label.name
  return <span className={label.kind === 'no' ? styles.edgeLabelNo : styles.edgeLabel}>{text}</span>
}

export function AddEdge({ id, sourceX, sourceY, targetX, targetY, data, markerEnd }: EdgeProps<AddEdgeType>) {
  const t = useTranslations('flowBuilder')
  const { addingAt, openAdd, readOnly, dispatch, def, flowIsLive } = useBuilder()
  const [path, labelX, labelY] = getSmoothStepPath({ sourceX, sourceY, targetX, targetY, sourcePosition: Position.Bottom, targetPosition: Position.Top, borderRadius: 8 })
  const edge = data!.edge
  const open = addingAt === id
  const button = useRef<HTMLButtonElement>(null)
  const triggerMetricId = (def.triggers[0] as { type?: string; id?: string | null } | undefined)?.type === 'metric' ? (def.triggers[0] as { id?: string | null }).id ?? null : null
  const add = (type: AddableType) => {
    openAdd(null)
    dispatch({ type: 'add', slot: { from: edge.from, path: edge.path }, actionType: type, status: flowIsLive ? 'draft' : 'live', ctx: { triggerMetricId } })
  }
  // The label sits just below a split, the "+" midway.
  const lx = edge.label ? sourceX + (targetX - sourceX) * 0.5 : labelX
  const ly = edge.label ? sourceY + 22 : labelY
  return (
    <>
      <BaseEdge id={id} path={path} markerEnd={markerEnd} className={styles.edgePath} />
      <EdgeLabelRenderer>
        {edge.label && <div className={styles.edgeLabelWrap} style={{ transform: `translate(-50%, -50%) translate(${lx}px, ${ly}px)` }}><EdgeLabelText label={edge.label} /></div>}
        {!readOnly && (edge.from === TRIGGER || edge.path) && (
          <div className={`${styles.addWrap} nodrag nopan`} style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${edge.label ? labelY + 12 : labelY}px)`, zIndex: open ? 1001 : undefined }}>
            <button ref={button} type="button" className={styles.addButton} aria-label={t('add.button')} aria-expanded={open} data-testid="add-step" data-edge={id}
              onClick={() => openAdd(open ? null : id)}>+</button>
            {open && <AddMenu onPick={add} onClose={() => openAdd(null)} triggerIsMetric={!!triggerMetricId} anchor={button} />}
          </div>
        )}
      </EdgeLabelRenderer>
    </>
  )
}

/** The menu of action types, in a layer above the canvas next to its "+", opening upwards near the bottom. */
function AddMenu({ onPick, onClose, triggerIsMetric, anchor }: { onPick: (t: AddableType) => void; onClose: () => void; triggerIsMetric: boolean; anchor: React.RefObject<HTMLButtonElement | null> }) {
  const t = useTranslations('flowBuilder')
  const ref = useRef<HTMLDivElement>(null)
  const [pos, setPos] = useState<{ left: number; top: number } | null>(null)
  useLayoutEffect(() => {
    const place = () => {
      if (!anchor.current || !ref.current) return
      const r = anchor.current.getBoundingClientRect()
      const h = ref.current.offsetHeight
      const w = ref.current.offsetWidth
      const below = r.bottom + 6
      const top = below + h > window.innerHeight - 8 ? Math.max(8, r.top - 6 - h) : below
      const left = Math.min(Math.max(8, r.left + r.width / 2 - w / 2), window.innerWidth - w - 8)
      setPos({ left, top })
    }
    place()
    window.addEventListener('resize', place)
    return () => window.removeEventListener('resize', place)
  }, [anchor])
  useEffect(() => {
    const down = (e: MouseEvent) => {
      const target = e.target as globalThis.Node
      if (!ref.current?.contains(target) && !anchor.current?.contains(target)) onClose()
    }
    const key = (e: KeyboardEvent) => { if (e.key === 'Escape') onClose() }
    document.addEventListener('mousedown', down)
    document.addEventListener('keydown', key)
    return () => { document.removeEventListener('mousedown', down); document.removeEventListener('keydown', key) }
  }, [onClose, anchor])
  return createPortal(
    <div ref={ref} role="menu" className={styles.floatingMenu} data-testid="add-menu" style={pos ? { left: pos.left, top: pos.top } : { visibility: 'hidden', left: 0, top: 0 }}>
      {(Object.keys(ADDABLE_GROUPS) as Array<keyof typeof ADDABLE_GROUPS>).map((g) => (
        <div key={g} className={styles.addGroup}>
          <div className={styles.addGroupTitle}>{t(`add.groups.${g}`)}</div>
          {ADDABLE_GROUPS[g].map((type) => (
            <button key={type} type="button" role="menuitem" disabled={type === 'trigger-split' && !triggerIsMetric}
              title={type === 'trigger-split' && !triggerIsMetric ? t('panel.triggerSplitNeedsMetric') : undefined}
              data-testid={`add-${type}`} onClick={() => onPick(type)}>
              {t(`types.${typeKey(type)}`)}
            </button>
          ))}
        </div>
      ))}
    </div>,
    document.body,
  )
}

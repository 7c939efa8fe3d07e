'use client'
// The canvas's node and edge kinds: the trigger, an action (type, summary, status, live count,
// unsupported and error badges, a report link once it has sent, a menu), the end of a branch, and
// an edge with its branch label. Each step is one button named by its type and name (Enter or
// Space opens its panel); the "+" buttons of its outgoing edges follow it (add-step-button.tsx).
import { useEffect, useId, useRef, useState } from 'react'
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import {
  BaseEdge,
  EdgeLabelRenderer,
  getSmoothStepPath,
  Handle,
  Position,
  type Edge,
  type EdgeProps,
  type Node,
  type NodeProps,
} from '@xyflow/react'
import { isUnsupported, type FlowAction } from '@/lib/flows/definition'
import { hasStatus, isSplit, statusOf, TRIGGER, type Selection } from './builder-state'
import { actionSummary, actionTitle, triggerTitle, typeKey } from './action-labels'
import { useBuilder } from './builder-context'
import type { EdgeLabel, GraphEdge } from './flow-graph'
import { AddStepButtons, type AddSlot } from './add-step-button'
import { nameOf, useGroupOptions, useMetricOptions } from './use-builder-options'
import styles from './builder.module.css'

export type { AddSlot }
export type ActionNodeType = Node<{ action: FlowAction; key: string; adds?: AddSlot[] }, 'action'>
export type TriggerNodeType = Node<{ adds?: AddSlot[] }, 'trigger'>
export type EndNodeType = Node<Record<string, never>, 'end'>
export type AddEdgeType = Edge<{ edge: GraphEdge }, 'add'>

const hidden = { opacity: 0 }

/**
 * The step's one tab stop: a transparent button over the whole card (the card's other controls sit
 * above it), named "Type: name", with a visible focus ring. Clicking or Enter/Space opens the panel.
 */
function StepButton({
  id,
  label,
  selected,
  selection,
}: {
  id: string
  label: string
  selected: boolean
  selection: NonNullable<Selection>
}) {
  const { dispatch, openAdd } = useBuilder()
  return (
    <button
      type="button"
      className={`${styles.nodeOpen} nokey`}
      aria-label={label}
      aria-current={selected ? 'true' : undefined}
      data-testid="step-open"
      data-step={id}
      onClick={(e) => {
        e.stopPropagation()
        openAdd(null)
        dispatch({ type: 'select', selection })
      }}
    />
  )
}

export function TriggerNode({ data, selected }: NodeProps<TriggerNodeType>) {
  const t = useTranslations('flowBuilder')
  const { def, errorsByNode } = useBuilder()
  const tr = def.triggers[0] as (Record<string, unknown> & { type: string }) | undefined
  const errors = errorsByNode.get(TRIGGER)
  const { data: metrics } = useMetricOptions()
  const { data: lists } = useGroupOptions(0)
  const { data: segments } = useGroupOptions(1)
  const target = typeof tr?.id === 'string' ? tr.id : null
  const name =
    tr?.type === 'metric'
      ? nameOf(metrics, target)
      : tr?.type === 'list'
        ? nameOf(lists, target)
        : tr?.type === 'segment'
          ? nameOf(segments, target)
          : tr?.type === 'date'
            ? String(tr.date_profile_property ?? '')
            : ''
  const title = name ? `${triggerTitle(tr as never, t)}: ${name}` : triggerTitle(tr as never, t)
  const label = t('stepLabel', { type: t('trigger.label'), name: title })
  return (
    <div
      className={[
        styles.node,
        styles.triggerNode,
        selected ? styles.selected : '',
        errors ? styles.nodeError : '',
      ].join(' ')}
      data-testid="flow-node-trigger"
    >
      <StepButton id={TRIGGER} label={label} selected={selected} selection={{ kind: 'trigger' }} />
      <div className={styles.nodeHead}>
        <span className={styles.nodeKind}>{t('trigger.label')}</span>
        {tr && isUnsupported(tr as never) && (
          <span className={styles.badgeWarn}>{t('unsupported', { type: tr.type })}</span>
        )}
      </div>
      <div className={styles.nodeTitle}>{title}</div>
      <div className={styles.nodeFoot}>
        {!tr && <span className={styles.badgeWarn}>{t('trigger.notConfigured')}</span>}
        {errors && <span className={styles.badgeError}>{t('errorsBadge', { count: errors.length })}</span>}
      </div>
      <Handle type="source" position={Position.Bottom} style={hidden} isConnectable={false} />
      <AddStepButtons slots={data.adds} after={label} />
    </div>
  )
}

export function EndNode() {
  const t = useTranslations('flowBuilder')
  return (
    <div className={styles.endNode} title={t('end')} role="img" aria-label={t('end')}>
      <Handle type="target" position={Position.Top} style={hidden} isConnectable={false} />
    </div>
  )
}

export function ActionNode({ data, selected }: NodeProps<ActionNodeType>) {
  const t = useTranslations('flowBuilder')
  const { counts, errorsByNode, dispatch, requestDelete, readOnly, reportOf } = useBuilder()
  const { action, key } = data
  const [menu, setMenu] = useState(false)
  const errors = errorsByNode.get(key)
  const count = counts[key]
  const status = statusOf(action)
  const unsupported = isUnsupported(action)
  const { data: lists } = useGroupOptions(0)
  const kind = unsupported ? t('unsupportedShort') : t(`types.${typeKey(action.type) ?? 'code'}`)
  const title = unsupported
    ? actionTitle(action, t)
    : actionSummary(action, t, { list: (id) => nameOf(lists, id) }) || actionTitle(action, t)
  const label = t('stepLabel', { type: kind, name: title })
  // The report link once the step has sent (a message step with done runs).
  const report = count && count.done > 0 ? reportOf(key) : null
  // The card's menu and report link are described by the step they belong to ("View report", "Email: Welcome").
  const stepId = useId()
  return (
    <div
      className={[
        styles.node,
        selected ? styles.selected : '',
        errors ? styles.nodeError : '',
        status === 'disabled' || status === 'draft' ? styles.nodeMuted : '',
      ].join(' ')}
      data-testid="flow-node"
      data-action-type={action.type}
      data-key={key}
    >
      <StepButton id={key} label={label} selected={selected} selection={{ kind: 'action', key }} />
      <span id={stepId} hidden>
        {label}
      </span>
      <Handle type="target" position={Position.Top} style={hidden} isConnectable={false} />
      <div className={styles.nodeHead}>
        <span className={styles.nodeKind}>{kind}</span>
        {status && (
          <span className={styles[`status_${status}`]} data-testid="node-status">
            {t(`actionStatus.${status}`)}
          </span>
        )}
        {!readOnly && (
          <button
            type="button"
            className={`${styles.nodeMenuButton} nodrag nokey`}
            aria-label={t('nodeMenu.open')}
            aria-describedby={stepId}
            aria-expanded={menu}
            data-testid="node-menu"
            onClick={(e) => {
              e.stopPropagation()
              setMenu((m) => !m)
            }}
          >
            ⋯
          </button>
        )}
      </div>
      <div className={styles.nodeTitle}>{title}</div>
      <div className={styles.nodeFoot}>
        {unsupported && <span className={styles.badgeWarn}>{t('unsupported', { type: action.type })}</span>}
        {count && count.waiting > 0 && (
          <span className={styles.badgeInfo} data-testid="node-waiting">
            {t('waiting', { count: count.waiting })}
          </span>
        )}
        {count && count.done > 0 && (
          <span className={styles.badgeMuted} data-testid="node-done">
            {t('done', { count: count.done })}
          </span>
        )}
        {errors && (
          <span className={styles.badgeError} data-testid="node-errors">
            {t('errorsBadge', { count: errors.length })}
          </span>
        )}
        {report && (
          <Link
            href={report}
            className={`${styles.reportLink} nodrag`}
            aria-describedby={stepId}
            data-testid="node-report"
            onClick={(e) => e.stopPropagation()}
          >
            {t('viewReport')}
          </Link>
        )}
      </div>
      {menu && (
        <NodeMenu onClose={() => setMenu(false)}>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setMenu(false)
              requestDelete(key)
            }}
          >
            {t('nodeMenu.delete')}
          </button>
          {!isSplit(action) && !unsupported && (
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                setMenu(false)
                dispatch({ type: 'duplicate', key })
              }}
            >
              {t('nodeMenu.duplicate')}
            </button>
          )}
          {hasStatus(action) &&
            (['live', 'manual', 'draft', 'disabled'] as const).map((s) => (
              <button
                key={s}
                type="button"
                role="menuitemradio"
                aria-checked={status === s}
                onClick={() => {
                  setMenu(false)
                  dispatch({ type: 'status', key, status: s })
                }}
              >
                {t('nodeMenu.setStatus', { status: t(`actionStatus.${s}`) })}
              </button>
            ))}
        </NodeMenu>
      )}
      <Handle type="source" position={Position.Bottom} style={hidden} isConnectable={false} />
      <AddStepButtons slots={data.adds} after={label} />
    </div>
  )
}

function NodeMenu({ children, onClose }: { children: React.ReactNode; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const down = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as globalThis.Node)) onClose()
    }
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose()
    }
    document.addEventListener('mousedown', down)
    document.addEventListener('keydown', key)
    return () => {
      document.removeEventListener('mousedown', down)
      document.removeEventListener('keydown', key)
    }
  }, [onClose])
  return (
    <div ref={ref} role="menu" className={`${styles.menu} nodrag nowheel`} onClick={(e) => e.stopPropagation()}>
      {children}
    </div>
  )
}

function EdgeLabelText({ label }: { label: EdgeLabel }) {
  const t = useTranslations('flowBuilder')
  if (!label) return null
  const text = label.kind === 'yes' ? t('yes') : label.kind === 'no' ? t('no') : label.name
  return <span className={label.kind === 'no' ? styles.edgeLabelNo : styles.edgeLabel}>{text}</span>
}

export function AddEdge({ id, sourceX, sourceY, targetX, targetY, data, markerEnd }: EdgeProps<AddEdgeType>) {
  const [path] = getSmoothStepPath({
    sourceX,
    sourceY,
    targetX,
    targetY,
    sourcePosition: Position.Bottom,
    targetPosition: Position.Top,
    borderRadius: 8,
  })
  const edge = data!.edge
  // The label sits just below a split; the edge's "+" is drawn by its source step (AddStepButton).
  return (
    <>
      <BaseEdge id={id} path={path} markerEnd={markerEnd} className={styles.edgePath} />
      {edge.label && (
        <EdgeLabelRenderer>
          <div
            className={styles.edgeLabelWrap}
            style={{
              transform: `translate(-50%, -50%) translate(${sourceX + (targetX - sourceX) * 0.5}px, ${sourceY + 22}px)`,
            }}
          >
            <EdgeLabelText label={edge.label} />
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  )
}

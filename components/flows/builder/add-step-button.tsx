'use client'
// The "+" of an edge and its menu of action types. It is drawn inside the edge's source step
// (at the edge's middle) rather than over the edges, so the keyboard reaches it right after
// that step: step, its "+", the next step.
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useTranslations } from 'next-intl'
import { ADDABLE_GROUPS, type AddableType } from './action-factory'
import { typeKey } from './action-labels'
import { useBuilder } from './builder-context'
import type { GraphEdge } from './flow-graph'
import styles from './builder.module.css'

/** An edge's "+": the edge and where it sits relative to its source node. */
export interface AddSlot {
  edge: GraphEdge
  x: number
  y: number
}

export function AddStepButtons({ slots, after }: { slots: AddSlot[] | undefined; after: string }) {
  const { readOnly } = useBuilder()
  if (readOnly || !slots?.length) return null
  return (
    <>
      {slots.map((s) => (
        <AddStepButton key={s.edge.id} slot={s} after={after} />
      ))}
    </>
  )
}

function AddStepButton({ slot, after }: { slot: AddSlot; after: string }) {
  const t = useTranslations('flowBuilder')
  const { addingAt, openAdd, dispatch, def, flowIsLive } = useBuilder()
  const { edge } = slot
  const open = addingAt === edge.id
  const button = useRef<HTMLButtonElement>(null)
  const triggerMetricId =
    (def.triggers[0] as { type?: string; id?: string | null } | undefined)?.type === 'metric'
      ? ((def.triggers[0] as { id?: string | null }).id ?? null)
      : null
  const add = (type: AddableType) => {
    openAdd(null)
    dispatch({
      type: 'add',
      slot: { from: edge.from, path: edge.path },
      actionType: type,
      status: flowIsLive ? 'draft' : 'live',
      ctx: { triggerMetricId },
    })
  }
  const branch = edge.label
    ? edge.label.kind === 'yes'
      ? t('yes')
      : edge.label.kind === 'no'
        ? t('no')
        : edge.label.name
    : null
  return (
    <div
      className={`${styles.addWrap} nodrag nopan`}
      style={{ left: slot.x, top: slot.y, zIndex: open ? 1001 : undefined }}
      onClick={(e) => e.stopPropagation()}
    >
      <button
        ref={button}
        type="button"
        className={`${styles.addButton} nokey`}
        aria-expanded={open}
        data-testid="add-step"
        data-edge={edge.id}
        aria-label={branch ? t('add.buttonBranch', { step: after, branch }) : t('add.buttonAfter', { step: after })}
        title={t('add.button')}
        onClick={() => openAdd(open ? null : edge.id)}
      >
        +
      </button>
      {open && (
        <AddMenu onPick={add} onClose={() => openAdd(null)} triggerIsMetric={!!triggerMetricId} anchor={button} />
      )}
    </div>
  )
}

/** The menu of action types, in a layer above the canvas next to its "+", opening upwards near the bottom. */
function AddMenu({
  onPick,
  onClose,
  triggerIsMetric,
  anchor,
}: {
  onPick: (t: AddableType) => void
  onClose: () => void
  triggerIsMetric: boolean
  anchor: React.RefObject<HTMLButtonElement | null>
}) {
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
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose()
    }
    document.addEventListener('mousedown', down)
    document.addEventListener('keydown', key)
    return () => {
      document.removeEventListener('mousedown', down)
      document.removeEventListener('keydown', key)
    }
  }, [onClose, anchor])
  return createPortal(
    <div
      ref={ref}
      role="menu"
      className={styles.floatingMenu}
      data-testid="add-menu"
      style={pos ? { left: pos.left, top: pos.top } : { visibility: 'hidden', left: 0, top: 0 }}
    >
      {(Object.keys(ADDABLE_GROUPS) as Array<keyof typeof ADDABLE_GROUPS>).map((g) => (
        <div key={g} className={styles.addGroup}>
          <div className={styles.addGroupTitle}>{t(`add.groups.${g}`)}</div>
          {ADDABLE_GROUPS[g].map((type) => (
            <button
              key={type}
              type="button"
              role="menuitem"
              disabled={type === 'trigger-split' && !triggerIsMetric}
              title={type === 'trigger-split' && !triggerIsMetric ? t('panel.triggerSplitNeedsMetric') : undefined}
              data-testid={`add-${type}`}
              onClick={() => onPick(type)}
            >
              {t(`types.${typeKey(type)}`)}
            </button>
          ))}
        </div>
      ))}
    </div>,
    document.body,
  )
}

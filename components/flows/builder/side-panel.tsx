'use client'
// The side panel (on a phone, a full-screen sheet): the trigger's settings, or the selected
// action's. Opened from a step's button, it takes the focus; Escape or × closes it and gives the
// focus back to that step.
import { useEffect, useRef } from 'react'
import { useTranslations } from 'next-intl'
import { findAction, TRIGGER, type Selection } from './builder-state'
import { useBuilder } from './builder-context'
import { TriggerPanel } from './trigger-panel'
import { ActionPanel } from './action-panel'
import styles from './builder.module.css'

const stepButton = (id: string) => document.querySelector<HTMLElement>(`[data-step="${CSS.escape(id)}"]`)

export function SidePanel({ selection, onClose }: { selection: NonNullable<Selection>; onClose: () => void }) {
  const t = useTranslations('flowBuilder')
  const { def } = useBuilder()
  const ref = useRef<HTMLElement>(null)
  const id = selection.kind === 'action' ? selection.key : TRIGGER
  const action = selection.kind === 'action' ? findAction(def, selection.key) : null
  useEffect(() => {
    if ((document.activeElement as HTMLElement | null)?.dataset?.step === id) ref.current?.focus()
  }, [id])
  const close = () => {
    onClose()
    requestAnimationFrame(() => stepButton(id)?.focus())
  }
  return (
    <aside
      ref={ref}
      tabIndex={-1}
      className={styles.panel}
      aria-label={t('panel.label')}
      data-testid="side-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.defaultPrevented) {
          e.stopPropagation()
          close()
        }
      }}
    >
      <div className={styles.panelHead}>
        <span className={styles.panelKind}>{selection.kind === 'action' ? t('panel.action') : t('panel.trigger')}</span>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t('panel.close')}
          data-testid="panel-close"
          onClick={close}
        >
          ×
        </button>
      </div>
      {selection.kind === 'action' && action ? (
        <ActionPanel key={selection.key} action={action} actionKey={selection.key} />
      ) : (
        <TriggerPanel />
      )}
    </aside>
  )
}

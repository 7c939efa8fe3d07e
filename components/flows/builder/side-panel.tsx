'use client'
// The right-hand panel: the trigger's settings, or the selected action's.
import { useTranslations } from 'next-intl'
import { findAction, type Selection } from './builder-state'
import { useBuilder } from './builder-context'
import { TriggerPanel } from './trigger-panel'
import { ActionPanel } from './action-panel'
import styles from './builder.module.css'

export function SidePanel({ selection, onClose }: { selection: NonNullable<Selection>; onClose: () => void }) {
  const t = useTranslations('flowBuilder')
  const { def } = useBuilder()
  const action = selection.kind === 'action' ? findAction(def, selection.key) : null
  return (
    <aside className={styles.panel} aria-label={t('panel.label')} data-testid="side-panel">
      <div className={styles.panelHead}>
        <span className={styles.panelKind}>{selection.kind === 'action' ? t('panel.action') : t('panel.trigger')}</span>
        <button type="button" className={styles.iconButton} aria-label={t('panel.close')} onClick={onClose}>×</button>
      </div>
      {selection.kind === 'action' && action ? <ActionPanel key={selection.key} action={action} actionKey={selection.key} /> : <TriggerPanel />}
    </aside>
  )
}

'use client'
// The builder's bar: back to the flows, the flow name (rename), its status (draft, manual, live),
// undo and redo, the save state ("Unsaved changes" / "Saved at …"), the JSON export, and Save.
// At phone width it is one compact row: undo and redo become icons, the save state and export go.
import { useState } from 'react'
import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { FLOW_STATUS_CODES, statusNameOf, type FlowEditData } from './api'
import frame from '@/components/ui/editor-bar.module.css'
import styles from './builder.module.css'

const SETTABLE = ['draft', 'manual', 'live'] as const

interface Props {
  flow: FlowEditData['flow']
  dirty: boolean
  saving: boolean
  savedAt: Date | null
  readOnly: boolean
  canUndo: boolean
  canRedo: boolean
  onUndo: () => void
  onRedo: () => void
  onSave: () => void
  onStatus: (code: string) => void
  onRename: (name: string) => void
}

export function BuilderHeader({
  flow,
  dirty,
  saving,
  savedAt,
  readOnly,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  onSave,
  onStatus,
  onRename,
}: Props) {
  const t = useTranslations('flowBuilder')
  const format = useFormatter()
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(flow.name)
  const status = statusNameOf(flow.status)
  const commitName = () => {
    setEditing(false)
    const next = name.trim()
    if (next && next !== flow.name) onRename(next)
    else setName(flow.name)
  }
  return (
    <header className={`${frame.bar} ${styles.bar}`}>
      <div className={`${frame.barStart} ${styles.barStart}`}>
        <Link href="/flows" className={`${frame.back} ${styles.back}`}>
          {t('backToFlows')}
        </Link>
        {editing ? (
          <input
            className={styles.nameInput}
            aria-label={t('flowName')}
            value={name}
            autoFocus
            maxLength={255}
            onChange={(e) => setName(e.target.value)}
            onBlur={commitName}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commitName()
              if (e.key === 'Escape') {
                setName(flow.name)
                setEditing(false)
              }
            }}
          />
        ) : (
          <h1 className={styles.title}>
            <button
              type="button"
              className={styles.titleButton}
              disabled={readOnly}
              title={t('rename')}
              onClick={() => setEditing(true)}
              data-testid="flow-name"
            >
              {flow.name}
            </button>
          </h1>
        )}
        <label className={styles.statusSelect}>
          <span className={frame.srOnly}>{t('flowStatusLabel')}</span>
          <select
            className={`${styles.control} ${styles[`flowStatus_${status}`] ?? ''}`}
            data-testid="flow-status"
            value={status}
            disabled={readOnly || saving}
            onChange={(e) => onStatus(FLOW_STATUS_CODES[e.target.value as (typeof SETTABLE)[number]])}
          >
            {!(SETTABLE as readonly string[]).includes(status) && (
              <option value={status}>{t(`flowStatus.${status}`)}</option>
            )}
            {SETTABLE.map((s) => (
              <option key={s} value={s}>
                {t(`flowStatus.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className={`${frame.barEnd} ${styles.barEnd}`}>
        <span className={`${frame.saveState} ${styles.saveState}`} data-testid="save-state" aria-live="polite">
          {dirty
            ? t('unsaved')
            : savedAt
              ? t('savedAt', {
                  time: format.dateTime(savedAt, { hour: 'numeric', minute: '2-digit', second: '2-digit' }),
                })
              : t('noChanges')}
        </span>
        <Button
          size="small"
          variant="tertiary"
          className={styles.barIconButton}
          disabled={!canUndo || readOnly}
          onClick={onUndo}
          aria-keyshortcuts="Control+Z"
          data-testid="undo"
        >
          <BarLabel text={t('undo')} icon="↶" />
        </Button>
        <Button
          size="small"
          variant="tertiary"
          className={styles.barIconButton}
          disabled={!canRedo || readOnly}
          onClick={onRedo}
          aria-keyshortcuts="Control+Shift+Z"
          data-testid="redo"
        >
          <BarLabel text={t('redo')} icon="↷" />
        </Button>
        <a
          className={styles.exportLink}
          href={`/flow/${encodeURIComponent(flow.id)}.json`}
          target="_blank"
          rel="noreferrer"
        >
          {t('export')}
        </a>
        <Button
          variant="primary"
          disabled={!dirty || readOnly}
          loading={saving}
          onClick={onSave}
          data-testid="save-flow"
        >
          {t('save')}
        </Button>
      </div>
    </header>
  )
}

/** A bar button's words, or at phone width its icon (the words stay for screen readers). */
function BarLabel({ text, icon }: { text: string; icon: string }) {
  return (
    <>
      <span className={styles.barText}>{text}</span>
      <span className={styles.barIcon} aria-hidden="true">
        {icon}
      </span>
    </>
  )
}

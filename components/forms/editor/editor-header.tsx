'use client'
// The editor's bar: back to the forms, the form's name (click to rename) and status, the save
// state, and Save, Publish / Unpublish. Wraps to two rows at phone width.
import { useState } from 'react'
import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { FormStatusBadge } from '../form-status-badge'
import type { FormStatus, FormVersionDetail } from '../forms-types'
import { VersionSwitcher } from './version-switcher'
import frame from '@/components/ui/editor-bar.module.css'
import styles from './editor.module.css'

export interface EditorHeaderProps {
  formId: string
  name: string
  status: FormStatus
  dirty: boolean
  savedAt: Date | null
  busy: 'save' | 'publish' | 'unpublish' | null
  canWrite: boolean
  /** The version being edited is the live one. */
  isLiveVersion: boolean
  versions: FormVersionDetail[]
  versionId: number
  onSave: () => void
  onRename: (name: string) => void
  onPublish: () => void
  onUnpublish: () => void
}

export function EditorHeader({
  formId,
  name,
  status,
  dirty,
  savedAt,
  busy,
  canWrite,
  isLiveVersion,
  versions,
  versionId,
  onSave,
  onRename,
  onPublish,
  onUnpublish,
}: EditorHeaderProps) {
  const t = useTranslations('forms')
  const format = useFormatter()
  const [editing, setEditing] = useState<string | null>(null)
  const commit = () => {
    const next = editing?.trim()
    setEditing(null)
    if (next && next !== name) onRename(next)
  }
  return (
    <header className={frame.bar}>
      <div className={frame.barStart}>
        <Link href="/forms" className={frame.back}>
          {t('backToForms')}
        </Link>
        {editing !== null ? (
          <input
            className={styles.nameInput}
            aria-label={t('formName')}
            value={editing}
            autoFocus
            maxLength={255}
            onChange={(e) => setEditing(e.target.value)}
            onBlur={commit}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commit()
              if (e.key === 'Escape') setEditing(null)
            }}
          />
        ) : (
          <h1 className={styles.title}>
            <button
              type="button"
              className={styles.titleButton}
              disabled={!canWrite}
              title={t('rename')}
              onClick={() => setEditing(name)}
              data-testid="form-name-title"
            >
              {name}
            </button>
          </h1>
        )}
        <FormStatusBadge status={status} />
        <VersionSwitcher formId={formId} versions={versions} current={versionId} canWrite={canWrite} dirty={dirty} />
      </div>
      <div className={frame.barEnd}>
        <span className={frame.saveState} data-testid="save-state" aria-live="polite">
          {dirty
            ? t('unsaved')
            : savedAt
              ? t('savedAt', { time: format.dateTime(savedAt, { hour: 'numeric', minute: '2-digit' }) })
              : t('noChanges')}
        </span>
        <Link href={`/forms/${encodeURIComponent(formId)}/test`} className={frame.back}>
          {t('test')}
        </Link>
        {canWrite && (
          <>
            <Button
              size="small"
              disabled={!dirty || !!busy}
              loading={busy === 'save'}
              onClick={onSave}
              data-testid="save-form"
            >
              {t('save')}
            </Button>
            {status === 'live' && isLiveVersion && !dirty ? (
              <Button
                size="small"
                variant="danger"
                loading={busy === 'unpublish'}
                disabled={!!busy}
                onClick={onUnpublish}
                data-testid="unpublish-form"
              >
                {t('unpublish')}
              </Button>
            ) : (
              <Button
                size="small"
                variant="primary"
                loading={busy === 'publish'}
                disabled={!!busy}
                onClick={onPublish}
                data-testid="publish-form"
              >
                {t('publish')}
              </Button>
            )}
          </>
        )}
      </div>
    </header>
  )
}

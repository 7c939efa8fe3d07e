'use client'
// The editor's bar: back to the forms, the form's name and status, the save state, and Save,
// Publish / Unpublish. Wraps to two rows at phone width.
import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { FormStatusBadge } from '../form-status-badge'
import type { FormStatus } from '../forms-types'
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
  onSave: () => void
  onPublish: () => void
  onUnpublish: () => void
}

export function EditorHeader({ formId, name, status, dirty, savedAt, busy, canWrite, isLiveVersion, onSave, onPublish, onUnpublish }: EditorHeaderProps) {
  const t = useTranslations('forms')
  const format = useFormatter()
  return (
    <header className={styles.bar}>
      <div className={styles.barStart}>
        <Link href="/forms" className={styles.back}>{t('backToForms')}</Link>
        <h1 className={styles.title} title={name}>{name}</h1>
        <FormStatusBadge status={status} />
      </div>
      <div className={styles.barEnd}>
        <span className={styles.saveState} data-testid="save-state" aria-live="polite">
          {dirty ? t('unsaved') : savedAt ? t('savedAt', { time: format.dateTime(savedAt, { hour: 'numeric', minute: '2-digit' }) }) : t('noChanges')}
        </span>
        <Link href={`/forms/${encodeURIComponent(formId)}/test`} className={styles.barLink}>{t('test')}</Link>
        {canWrite && (
          <>
            <Button size="small" disabled={!dirty || !!busy} loading={busy === 'save'} onClick={onSave} data-testid="save-form">{t('save')}</Button>
            {status === 'live' && isLiveVersion && !dirty ? (
              <Button size="small" variant="danger" loading={busy === 'unpublish'} disabled={!!busy} onClick={onUnpublish} data-testid="unpublish-form">{t('unpublish')}</Button>
            ) : (
              <Button size="small" variant="primary" loading={busy === 'publish'} disabled={!!busy} onClick={onPublish} data-testid="publish-form">{t('publish')}</Button>
            )}
          </>
        )}
      </div>
    </header>
  )
}

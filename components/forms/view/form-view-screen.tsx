'use client'
// /forms/{formId} (the live version, else the newest) and /forms/{formId}/variations/{id}/view:
// a version read-only with its settings in words, its preview, the schedule, the form's versions
// and links to edit, test, clone and the reports.
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { formsApi, versionOf } from '../forms-api'
import { currentVersionId, editorPath } from '../open-editor'
import { FormStatusBadge } from '../form-status-badge'
import { PreviewFrame } from '../editor/preview-frame'
import { SettingsSummary } from './settings-summary'
import { ScheduleText } from './schedule-text'
import styles from './view.module.css'

export function FormViewScreen({
  formId,
  versionId,
  publicKey,
}: {
  formId: string
  versionId?: string
  publicKey: string
}) {
  const t = useTranslations('forms')
  const format = useFormatter()
  const canWrite = usePermission('forms_write')
  const { data: form, error, mutate } = useSWR(['form', formId], () => formsApi.get(formId))
  if (error)
    return (
      <Page>
        <Notification
          variant="error"
          title={t('loadError')}
          action={{ label: t('retry'), onClick: () => void mutate() }}
        />
      </Page>
    )
  if (!form)
    return (
      <Page>
        <div className={styles.centered}>
          <Spinner label={t('loading')} />
        </div>
      </Page>
    )
  const shownId = versionId ?? currentVersionId(form)
  const version = shownId !== null && shownId !== undefined ? versionOf(form, shownId) : null
  if (!version)
    return (
      <Page>
        <Notification variant="error" title={t('versionMissing')} />
      </Page>
    )
  const id = encodeURIComponent(form.id)

  return (
    <Page>
      <PageHead
        title={form.name}
        description={
          <span className={styles.headMeta}>
            <FormStatusBadge status={form.status} />
            <span>{t('versionLabel', { name: version.variationName })}</span>
          </span>
        }
        actions={
          <>
            <LinkButton href={`/forms/${id}/reports/overview`}>{t('reports')}</LinkButton>
            <LinkButton href={`/forms/${id}/test`}>{t('test')}</LinkButton>
            {canWrite && <LinkButton href={`/cloning/wizard/form/${id}`}>{t('clone')}</LinkButton>}
            {canWrite && (
              <LinkButton href={editorPath(form.id, version.id)} variant="primary" data-testid="edit-form">
                {t('edit')}
              </LinkButton>
            )}
          </>
        }
      />
      <PageBody>
        <div className={styles.columns}>
          <div className={styles.main}>
            <Card title={t('settingsTitle')}>
              <SettingsSummary definition={version.definition} />
            </Card>
            <Card title={t('preview')}>
              <div className={styles.preview}>
                <PreviewFrame
                  publicKey={publicKey}
                  formId={form.id}
                  definition={version.definition}
                  step={0}
                  device="desktop"
                />
              </div>
            </Card>
          </div>
          <div className={styles.aside}>
            <Card title={t('schedule.title')}>
              <ScheduleText schedule={form.schedule} />
            </Card>
            <Card title={t('versionsTitle')}>
              <ul className={styles.versions}>
                {form.versions.map((v) => (
                  <li key={v.id} aria-current={v.id === version.id ? 'true' : undefined}>
                    <Link href={`/forms/${id}/variations/${v.id}/view`}>{v.variationName}</Link>
                    <span className={styles.muted}>
                      {t(`status.${v.status === 'live' ? 'live' : 'draft'}`)} ·{' '}
                      {format.dateTime(new Date(v.updatedAt), { dateStyle: 'medium' })}
                    </span>
                  </li>
                ))}
              </ul>
            </Card>
          </div>
        </div>
      </PageBody>
    </Page>
  )
}

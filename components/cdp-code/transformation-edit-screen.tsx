'use client'
// /cdp/transformation/edit/{transformationId}: name and on/off of a transformation, the link
// to its code on the build screen, the runs kept of it (events dropped, errors on which the
// original event was kept), and deleting it.
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { Button, LinkButton } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import { SettingsLoadErrorPage, SettingsLoadingPage } from '@/components/settings/settings-form-screen'
import { CDP_WRITE, type TransformationDto, type TransformationRunDto } from './types'
import styles from './cdp-code.module.css'
import screen from '@/components/ui/form-screen.module.css'

type Loaded = { transformation: TransformationDto; runs: TransformationRunDto[] }

export function TransformationEditScreen({ transformationId }: { transformationId: string }) {
  const t = useTranslations('cdpCode')
  const format = useFormatter()
  const router = useRouter()
  const toast = useToast()
  const canWrite = usePermission(CDP_WRITE)
  const key = `/ajax/cdp/transformations/${transformationId}`
  const { data, error, mutate } = useSWR(key, (u: string) => http.get<Loaded>(u).then((r) => r.data))
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [confirmDelete, setConfirmDelete] = useState(false)

  async function setEnabled(enabled: boolean) {
    setBusy(true)
    setFailure(null)
    try {
      await http.patch(key, { enabled })
      toast.show({ variant: 'success', content: enabled ? t('transformationOn') : t('transformationOff') })
      await mutate()
    } catch {
      setFailure(t('saveError'))
    } finally {
      setBusy(false)
    }
  }

  async function remove() {
    setBusy(true)
    try {
      await http.delete(key)
      toast.show({ variant: 'success', content: t('deleted', { name: data?.transformation.name ?? '' }) })
      router.push('/cdp/code/dashboard')
    } catch {
      setFailure(t('deleteError'))
      setConfirmDelete(false)
    } finally {
      setBusy(false)
    }
  }

  if (error) {
    const gone = readHttpFailure(error).status === 404
    return (
      <SettingsLoadErrorPage
        title={t('transformationTitle')}
        message={gone ? t('transformationNotFound') : t('loadError')}
        onRetry={gone ? undefined : () => void mutate()}
      />
    )
  }
  if (!data) return <SettingsLoadingPage title={t('transformationTitle')} className={screen.loading} />
  const x = data.transformation
  return (
    <Page>
      <PageHead
        title={x.name}
        description={t('transformationDescription')}
        actions={
          <div className={styles.actions}>
            <LinkButton href="/cdp/code/dashboard">{t('backToDashboard')}</LinkButton>
            <LinkButton variant="primary" href={`/cdp/transformation/build/${x.id}`} data-testid="open-builder">
              {t('openBuilder')}
            </LinkButton>
          </div>
        }
      />
      <PageBody>
        <div className={screen.stack}>
          <Card title={t('detailsTitle')}>
            <div className={screen.form}>
              <div className={styles.row}>
                <span className={styles.label}>{t('source')}:</span>
                <span>{t('sourceEvents')}</span>
                {x.enabled ? <Badge variant="success">{t('enabled')}</Badge> : <Badge>{t('disabled')}</Badge>}
              </div>
              <p className={screen.help}>{x.enabled ? t('transformationOnHelp') : t('transformationOffHelp')}</p>
              {failure && <Notification variant="error">{failure}</Notification>}
              {canWrite && (
                <div className={styles.actions}>
                  <Button
                    variant={x.enabled ? 'secondary' : 'primary'}
                    disabled={busy}
                    onClick={() => void setEnabled(!x.enabled)}
                    data-testid="toggle-transformation"
                  >
                    {x.enabled ? t('disable') : t('enable')}
                  </Button>
                  <Button variant="danger" disabled={busy} onClick={() => setConfirmDelete(true)}>
                    {t('delete')}
                  </Button>
                </div>
              )}
            </div>
          </Card>
          <Card title={t('runsTitle')} flush={data.runs.length > 0}>
            {!data.runs.length ? (
              <p className={screen.help}>{t('noRuns')}</p>
            ) : (
              <Table
                caption={t('runsTitle')}
                columns={[
                  { key: 'when', header: t('columnWhen') },
                  { key: 'status', header: t('columnStatus') },
                  { key: 'metric', header: t('columnEvent') },
                  { key: 'error', header: t('columnError') },
                ]}
                rows={data.runs.map((r) => ({
                  id: r.id,
                  when: format.dateTime(new Date(r.createdAt), { dateStyle: 'medium', timeStyle: 'medium' }),
                  status:
                    r.status === 'dropped' ? (
                      <Badge variant="info">{t('statusDropped')}</Badge>
                    ) : (
                      <Badge variant="danger">{t('statusError')}</Badge>
                    ),
                  metric: String((r.input as { metric?: unknown } | null)?.metric ?? '—'),
                  error: r.error ? <span className={screen.muted}>{r.error}</span> : '',
                }))}
              />
            )}
          </Card>
        </div>
      </PageBody>
      {confirmDelete && (
        <Modal
          open
          title={t('deleteTransformationTitle')}
          onClose={() => setConfirmDelete(false)}
          footer={
            <>
              <Button onClick={() => setConfirmDelete(false)}>{t('cancel')}</Button>
              <Button variant="danger" disabled={busy} onClick={() => void remove()}>
                {t('delete')}
              </Button>
            </>
          }
        >
          <p>{t('deleteBody', { name: x.name })}</p>
        </Modal>
      )}
    </Page>
  )
}

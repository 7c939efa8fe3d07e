'use client'
// /cdp/sync/destinations/{destination}: the destination's syncs — create and edit one (lists and
// segments, fields, schedule), run it now, rotate its signing secret (shown once), delete it —
// with links to the logs and the sync history. An unavailable destination says so.
import { useState } from 'react'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Button, LinkButton } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useToast } from '@/components/shell/toasts'
import { ConfirmModal } from '@/components/lists/confirm-modal'
import { readHttpFailure } from '@/components/auth/http-failure'
import type { SyncDto } from '@/lib/data-sync/sync-store'
import { useSyncOverview } from './use-sync-overview'
import { SyncForm } from './sync-form'
import { SyncStatusBadge } from './sync-status-badge'
import styles from './data-sync.module.css'

export function SyncDestinationScreen({ destination }: { destination: string }) {
  const t = useTranslations('dataPlatform')
  const format = useFormatter()
  const toast = useToast()
  const canWrite = usePermission('integrations_write')
  const { data, error, mutate } = useSyncOverview()
  const [editing, setEditing] = useState<number | 'new' | null>(null)
  const [secret, setSecret] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<SyncDto | null>(null)
  const dest = data?.destinations.find((d) => d.key === destination)
  const base = `/ajax/data-sync/destinations/${destination}/syncs`
  const groupName = new Map(data?.groups.map((g) => [g.id, g.name]))

  async function act(f: () => Promise<unknown>, done: string) {
    try {
      await f()
      toast.show({ variant: 'success', content: done })
      await mutate()
    } catch (err) {
      toast.show({ variant: 'error', content: readHttpFailure(err).message ?? t('saveError') })
    }
  }

  function saved(answer: { sync: SyncDto; secretKey?: string }) {
    setEditing(null)
    if (answer.secretKey) setSecret(answer.secretKey)
    toast.show({ variant: 'success', content: t('destinationPage.saved') })
    void mutate()
  }

  const title = dest ? t(`destination.${dest.key}`) : t('destinationPage.unknown')
  return (
    <Page>
      <PageHead
        title={title}
        description={dest ? t(`destinationAbout.${dest.key}`) : undefined}
        actions={
          dest?.available && (
            <div className={styles.actions}>
              <LinkButton href={`/cdp/sync/destinations/${destination}/logs`}>{t('destinationPage.logs')}</LinkButton>
              <LinkButton href={`/cdp/sync/destinations/${destination}/sync-history`}>
                {t('destinationPage.history')}
              </LinkButton>
            </div>
          )
        }
      />
      <PageBody>
        <div className={styles.stack}>
          {error && (
            <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
              {t('loadError')}
            </Notification>
          )}
          {!data && !error && (
            <div className={styles.loading}>
              <Spinner size="large" label={t('loading')} />
            </div>
          )}
          {data && !dest && (
            <Card>
              <EmptyState
                heading={t('destinationPage.unknown')}
                actions={<LinkButton href="/cdp/sync">{t('back')}</LinkButton>}
              />
            </Card>
          )}
          {dest && !dest.available && <Notification variant="info">{t('destinationPage.unavailable')}</Notification>}
          {secret && (
            <Notification variant="success">
              <span>{t('destinationPage.secretOnce')}</span>{' '}
              <code className={styles.secret} data-testid="sync-secret">
                {secret}
              </code>
            </Notification>
          )}
          {dest?.available && canWrite && editing !== 'new' && (
            <div>
              <Button variant="primary" onClick={() => setEditing('new')} data-testid="sync-new">
                {t('sync.create')}
              </Button>
            </div>
          )}
          {dest?.available && editing === 'new' && (
            <Card title={t('sync.create')}>
              <SyncForm
                destination={destination}
                groups={data!.groups}
                fields={data!.fields}
                onSaved={saved}
                onCancel={() => setEditing(null)}
              />
            </Card>
          )}
          {dest?.available && dest.syncs.length === 0 && editing !== 'new' && (
            <Card>
              <EmptyState heading={t('sync.noSyncs')} body={t('sync.noSyncsBody')} />
            </Card>
          )}
          {dest?.syncs.map((s) =>
            editing === s.id ? (
              <Card key={s.id} title={s.name}>
                <SyncForm
                  destination={destination}
                  sync={s}
                  groups={data!.groups}
                  fields={data!.fields}
                  onSaved={saved}
                  onCancel={() => setEditing(null)}
                />
              </Card>
            ) : (
              <Card
                key={s.id}
                title={
                  <span className={styles.row}>
                    {s.name}
                    {s.enabled ? <Badge variant="success">{t('sync.on')}</Badge> : <Badge>{t('sync.paused')}</Badge>}
                  </span>
                }
                actions={
                  canWrite && (
                    <div className={styles.actions}>
                      <Button
                        variant="primary"
                        disabled={!s.enabled}
                        onClick={() => void act(() => http.post(`${base}/${s.id}/run`), t('destinationPage.started'))}
                        data-testid="sync-run"
                      >
                        {t('destinationPage.runNow')}
                      </Button>
                      <Button onClick={() => setEditing(s.id)}>{t('destinationPage.edit')}</Button>
                      <Button
                        onClick={() =>
                          void act(async () => {
                            const r = await http.patch<{ secretKey?: string }>(`${base}/${s.id}`, {
                              rotateSecret: true,
                            })
                            if (r.data.secretKey) setSecret(r.data.secretKey)
                          }, t('destinationPage.rotated'))
                        }
                      >
                        {t('destinationPage.rotate')}
                      </Button>
                      <Button variant="danger" onClick={() => setDeleting(s)}>
                        {t('destinationPage.delete')}
                      </Button>
                    </div>
                  )
                }
              >
                <dl className={styles.facts}>
                  <dt>{t('form.endpointUrl')}</dt>
                  <dd>{s.endpointUrl}</dd>
                  <dt>{t('form.groups')}</dt>
                  <dd>{s.groupIds.map((id) => groupName.get(id) ?? id).join(', ')}</dd>
                  <dt>{t('form.fields')}</dt>
                  <dd>{s.fields.map((f) => t(`field.${f}`)).join(', ') || '—'}</dd>
                  <dt>{t('form.schedule')}</dt>
                  <dd>{t(`schedule.${s.schedule}`)}</dd>
                  <dt>{t('col.lastRun')}</dt>
                  <dd className={styles.row}>
                    {s.lastRun ? (
                      <>
                        <SyncStatusBadge status={s.lastRun.status} />
                        {t('destinationPage.rows', { count: s.lastRun.rows })}
                      </>
                    ) : (
                      t('sync.never')
                    )}
                  </dd>
                  <dt>{t('destinationPage.lastSuccess')}</dt>
                  <dd>
                    {s.lastSuccessAt
                      ? format.dateTime(new Date(s.lastSuccessAt), { dateStyle: 'medium', timeStyle: 'short' })
                      : t('sync.never')}
                  </dd>
                </dl>
              </Card>
            ),
          )}
        </div>
        <ConfirmModal
          open={!!deleting}
          title={t('destinationPage.delete')}
          confirmLabel={t('destinationPage.delete')}
          onConfirm={() => {
            const d = deleting!
            setDeleting(null)
            void act(() => http.delete(`${base}/${d.id}`), t('destinationPage.deleted'))
          }}
          onClose={() => setDeleting(null)}
        >
          <p>{t('destinationPage.confirmDelete', { name: deleting?.name ?? '' })}</p>
        </ConfirmModal>
      </PageBody>
    </Page>
  )
}

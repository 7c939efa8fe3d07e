'use client'
// /cdp/sync: every destination with its state and its syncs (lists and segments sent out, the
// last run). Only the webhook destination can be set up here; the others are listed as not
// available on this installation, never faked.
import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { LinkButton } from '@/components/ui/button'
import { Table } from '@/components/ui/table'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useSyncOverview } from './use-sync-overview'
import { SyncStatusBadge } from './sync-status-badge'
import styles from './data-sync.module.css'

export function DataSyncScreen() {
  const t = useTranslations('dataPlatform')
  const format = useFormatter()
  const { data, error, mutate } = useSyncOverview()
  return (
    <Page>
      <PageHead title={t('sync.title')} description={t('sync.description')} />
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
          {data?.destinations.map((d) => (
            <Card
              key={d.key}
              title={
                <span className={styles.row}>
                  {t(`destination.${d.key}`)}
                  {d.available ? (
                    <Badge variant="success">{t('sync.available')}</Badge>
                  ) : (
                    <Badge>{t('sync.notConfigured')}</Badge>
                  )}
                </span>
              }
              actions={
                d.available && (
                  <LinkButton href={`/cdp/sync/destinations/${d.key}`} variant="secondary">
                    {t('sync.open')}
                  </LinkButton>
                )
              }
            >
              <p className={styles.muted}>{t(`destinationAbout.${d.key}`)}</p>
              {d.available && d.syncs.length === 0 && (
                <EmptyState
                  heading={t('sync.noSyncs')}
                  body={t('sync.noSyncsBody')}
                  actions={<Link href={`/cdp/sync/destinations/${d.key}`}>{t('sync.create')}</Link>}
                />
              )}
              {d.syncs.length > 0 && (
                <Table
                  caption={t('sync.syncsCaption')}
                  columns={[
                    { key: 'name', header: t('col.name') },
                    { key: 'groups', header: t('col.groups') },
                    { key: 'schedule', header: t('col.schedule') },
                    { key: 'last', header: t('col.lastRun') },
                  ]}
                  rows={d.syncs.map((s) => ({
                    id: String(s.id),
                    name: <Link href={`/cdp/sync/destinations/${d.key}`}>{s.name}</Link>,
                    groups: t('sync.groupCount', { count: s.groupIds.length }),
                    schedule: s.enabled ? t(`schedule.${s.schedule}`) : t('sync.paused'),
                    last: s.lastRun ? (
                      <span className={styles.row}>
                        <SyncStatusBadge status={s.lastRun.status} />
                        {format.dateTime(new Date(s.lastRun.createdAt), { dateStyle: 'medium', timeStyle: 'short' })}
                      </span>
                    ) : (
                      t('sync.never')
                    ),
                  }))}
                />
              )}
            </Card>
          ))}
        </div>
      </PageBody>
    </Page>
  )
}

'use client'
// /developer-tools/revision-monitoring: the API revisions each key or app sent in the last
// 7 days, old ones flagged (a year behind: upgrade soon; two: retired by the vendor).
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { DEV_TOOLS, fetchJson, type RevisionAge, type RevisionUsageDto } from './api'
import { DeveloperToolsTabs } from './developer-tools-tabs'
import styles from './developer-tools.module.css'

const VARIANT: Record<RevisionAge, 'success' | 'warning' | 'danger' | 'neutral'> = {
  current: 'success',
  old: 'warning',
  retired: 'danger',
  missing: 'neutral',
}

export function RevisionMonitoringScreen() {
  const t = useTranslations('developerTools')
  const tc = useTranslations('common')
  const format = useFormatter()
  const { data, error, mutate } = useSWR(`${DEV_TOOLS}/revisions`, fetchJson<RevisionUsageDto>)
  const label: Record<RevisionAge, string> = {
    current: t('ageCurrent'),
    old: t('ageOld'),
    retired: t('ageRetired'),
    missing: t('ageMissing'),
  }
  let body
  if (error)
    body = (
      <Notification variant="error" action={{ label: tc('retry'), onClick: () => void mutate() }}>
        {t('loadError')}
      </Notification>
    )
  else if (!data)
    body = (
      <div className={styles.loading}>
        <Spinner size="large" />
      </div>
    )
  else {
    const flagged = data.rows.filter((r) => r.age === 'old' || r.age === 'retired').length
    body = (
      <div className={styles.stack}>
        <Notification variant={flagged ? 'warning' : 'info'}>
          {flagged
            ? t('revisionsFlagged', { count: flagged, served: data.servedRevision })
            : t('revisionsAllCurrent', { served: data.servedRevision })}
        </Notification>
        <Table
          caption={t('revisionsTitle')}
          empty={t('revisionsEmpty')}
          columns={[
            { key: 'caller', header: t('colCaller') },
            { key: 'revision', header: t('colRevision') },
            { key: 'age', header: t('colAge') },
            { key: 'calls', header: t('colCalls'), align: 'right' },
            { key: 'last', header: t('colLastUsed') },
          ]}
          rows={data.rows.map((r) => ({
            id: `${r.caller.id}|${r.revision ?? ''}`,
            caller: r.caller.kind === 'app' ? t('callerApp', { name: r.caller.name }) : r.caller.name,
            revision: <span className={styles.code}>{r.revision ?? '—'}</span>,
            age: <Badge variant={VARIANT[r.age]}>{label[r.age]}</Badge>,
            calls: format.number(r.calls),
            last: format.dateTime(new Date(r.lastUsedAt), { dateStyle: 'medium', timeStyle: 'short' }),
          }))}
        />
      </div>
    )
  }
  return (
    <Page>
      <PageHead title={t('revisionsTitle')} description={t('revisionsDescription')} />
      <PageBody>
        <DeveloperToolsTabs current="/developer-tools/revision-monitoring" />
        {body}
      </PageBody>
    </Page>
  )
}

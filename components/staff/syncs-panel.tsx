'use client'
// /staff/sync-ui: the account's integration syncs with their progress and last error.
import { useFormatter, useTranslations } from 'next-intl'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { accountUrl } from './staff-api'
import { PanelState, useAccountData } from './account-panel'

type Sync = {
  id: string
  integrationId: string
  resource: string
  status: string
  processed: number
  total: number | null
  error: string | null
  createdAt: string
}

export function SyncsPanel({ companyId }: { companyId: number }) {
  const t = useTranslations('staff')
  const format = useFormatter()
  const { data, error, isLoading, mutate } = useAccountData<{ syncs: Sync[] }>(accountUrl(companyId, 'syncs'))
  if (!data) return <PanelState error={error} loading={isLoading} retry={() => mutate()} />
  return (
    <Table
      caption={t('syncs')}
      columns={[
        { key: 'resource', header: t('resource') },
        { key: 'status', header: t('status') },
        { key: 'progress', header: t('progress'), align: 'right' },
        { key: 'created', header: t('started') },
        { key: 'error', header: t('error') },
      ]}
      rows={data.syncs.map((s) => ({
        id: s.id,
        resource: `${s.integrationId} · ${s.resource}`,
        status: (
          <Badge variant={s.status === 'failed' ? 'danger' : s.status === 'complete' ? 'success' : 'info'}>
            {s.status}
          </Badge>
        ),
        progress: s.total ? `${format.number(s.processed)} / ${format.number(s.total)}` : format.number(s.processed),
        created: format.dateTime(new Date(s.createdAt), { dateStyle: 'medium', timeStyle: 'short' }),
        error: s.error ?? '',
      }))}
      empty={t('noSyncs')}
    />
  )
}

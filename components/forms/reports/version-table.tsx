'use client'
// The per-version table of the overview: views, submits, submit rate and closes per version.
import { useFormatter, useTranslations } from 'next-intl'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'

export interface VersionRow {
  id: number
  name: string
  status: string
  views: number
  submits: number
  submitRate: number
  closes: number
}

export function VersionTable({ versions }: { versions: VersionRow[] }) {
  const t = useTranslations('formReports')
  const format = useFormatter()
  return (
    <Table
      caption={t('versionsTitle')}
      columns={[
        { key: 'name', header: t('version') },
        { key: 'views', header: t('views'), align: 'right' },
        { key: 'submits', header: t('submits'), align: 'right' },
        { key: 'rate', header: t('submitRate'), align: 'right' },
        { key: 'closes', header: t('closes'), align: 'right' },
      ]}
      rows={versions.map((v) => ({
        id: v.id,
        name: (
          <>
            {v.name} {v.status === 'live' && <Badge variant="success">{t('live')}</Badge>}
          </>
        ),
        views: format.number(v.views),
        submits: format.number(v.submits),
        rate: format.number(v.submitRate, { style: 'percent', maximumFractionDigits: 1 }),
        closes: format.number(v.closes),
      }))}
      empty={t('versionsEmpty')}
    />
  )
}

'use client'
// The imports of one source (uploads or drop-folder files): counts, status and a download of
// the refused rows with their reasons.
import { useFormatter, useTranslations } from 'next-intl'
import { Badge } from '@/components/ui/badge'
import { Table } from '@/components/ui/table'
import { INTEGRATIONS, statusVariant, type ImportSummary } from './api'

export function ImportHistory({ imports }: { imports: ImportSummary[] }) {
  const t = useTranslations('integrations.csv')
  const format = useFormatter()
  return (
    <Table
      caption={t('historyTitle')}
      empty={t('historyEmpty')}
      columns={[
        { key: 'file', header: t('colFile') },
        { key: 'when', header: t('colWhen') },
        { key: 'status', header: t('colStatus') },
        { key: 'imported', header: t('colImported'), align: 'right' },
        { key: 'refused', header: t('colRefused'), align: 'right' },
      ]}
      rows={imports.map((i) => ({
        id: i.id,
        file: i.fileName,
        when: format.dateTime(new Date(i.createdAt), { dateStyle: 'medium', timeStyle: 'short' }),
        status: <Badge variant={statusVariant(i.status)}>{t(`importStatus.${i.status}`)}</Badge>,
        imported: format.number(i.importedRows),
        refused:
          i.refusedRows > 0 || i.status === 'failed' ? (
            <a href={`${INTEGRATIONS}/csv-events/${i.id}/refused`} download>
              {t('downloadRefused', { count: i.refusedRows })}
            </a>
          ) : (
            format.number(i.refusedRows)
          ),
      }))}
    />
  )
}

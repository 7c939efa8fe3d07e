'use client'
// One experiment's variations: share, viewers, submitters, submit rate and the confidence that
// the leader beats it; the winner (or the current leader) marked.
import { useFormatter, useTranslations } from 'next-intl'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import type { FormExperimentResponse } from './reports-api'

export function ExperimentResultsTable({ results }: { results: FormExperimentResponse }) {
  const t = useTranslations('formReports')
  const format = useFormatter()
  const pct = (n: number) => format.number(n, { style: 'percent', maximumFractionDigits: 1 })
  const winner = results.experiment.winnerVersionId
  return (
    <Table
      caption={t('variations')}
      columns={[
        { key: 'name', header: t('version') },
        { key: 'weight', header: t('weight'), align: 'right' },
        { key: 'viewers', header: t('viewers'), align: 'right' },
        { key: 'submitters', header: t('submitters'), align: 'right' },
        { key: 'rate', header: t('submitRate'), align: 'right' },
        { key: 'confidence', header: t('confidence'), align: 'right' },
      ]}
      rows={results.variations.map((v) => ({
        id: v.versionId,
        name: (
          <>
            {v.name}{' '}
            {v.versionId === winner ? (
              <Badge variant="success">{t('winner')}</Badge>
            ) : winner === null && v.versionId === results.leaderVersionId ? (
              <Badge variant="info">{t('leader')}</Badge>
            ) : null}
          </>
        ),
        weight: `${v.weight} %`,
        viewers: format.number(v.viewers),
        submitters: format.number(v.submitters),
        rate: pct(v.submitRate),
        confidence: v.confidence === null ? '—' : pct(v.confidence),
      }))}
    />
  )
}

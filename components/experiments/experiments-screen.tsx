'use client'
// /experiments and /experiments/global: every A/B test of campaigns, flows and forms in one
// list, with status, winner and confidence, each linking to the screen that runs it.
import Link from 'next/link'
import { useState } from 'react'
import { useTranslations, useFormatter } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { Select } from '@/components/ui/select'
import { EmptyState } from '@/components/ui/empty-state'
import { LinkButton } from '@/components/ui/button'
import { useOps } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { ExperimentsResponse } from '@/app/ajax/experiments/route'
import styles from '@/components/deliverability/ops.module.css'

export function ExperimentsScreen() {
  const t = useTranslations('experiments')
  const format = useFormatter()
  const [source, setSource] = useState('')
  const { data, error, isLoading } = useOps<ExperimentsResponse>('/ajax/experiments')
  const rows = (data?.experiments ?? []).filter((e) => !source || e.source === source)
  const statusBadge = (s: string) =>
    s === 'running' ? (
      <Badge variant="info">{t('status.running')}</Badge>
    ) : s === 'completed' ? (
      <Badge variant="success">{t('status.completed')}</Badge>
    ) : (
      <Badge>{t('status.draft')}</Badge>
    )
  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <div className={styles.stack}>
          <div className={styles.row}>
            <Select
              label={t('source')}
              name="source"
              value={source}
              onChange={(e) => setSource(e.target.value)}
              options={[
                { value: '', label: t('allSources') },
                { value: 'campaign', label: t('sourceName.campaign') },
                { value: 'flow', label: t('sourceName.flow') },
                { value: 'form', label: t('sourceName.form') },
                { value: 'flow_holdout', label: t('sourceName.flow_holdout') },
              ]}
            />
          </div>
          {!data ? (
            <LoadStates loading={isLoading} error={error} />
          ) : data.experiments.length === 0 ? (
            <EmptyState
              heading={t('emptyTitle')}
              body={t('emptyBody')}
              actions={
                <div className={styles.actions}>
                  <LinkButton href="/campaigns">{t('startCampaignTest')}</LinkButton>
                  <LinkButton href="/forms">{t('startFormTest')}</LinkButton>
                  <LinkButton href="/flows">{t('startFlowTest')}</LinkButton>
                </div>
              }
            />
          ) : (
            <Card flush>
              <Table
                caption={t('title')}
                columns={[
                  { key: 'name', header: t('colName') },
                  { key: 'source', header: t('source') },
                  { key: 'status', header: t('colStatus') },
                  { key: 'metric', header: t('colMetric') },
                  { key: 'winner', header: t('colWinner') },
                  { key: 'confidence', header: t('colConfidence'), align: 'right' },
                  { key: 'started', header: t('colStarted') },
                  { key: 'open', header: '' },
                ]}
                rows={rows.map((e) => ({
                  id: e.id,
                  name: <Link href={`/experiments/global/${encodeURIComponent(e.id)}`}>{e.name}</Link>,
                  source: t(`sourceName.${e.source}`),
                  status: statusBadge(e.status),
                  metric: e.metric ? t(`metric.${e.metric}`) : '–',
                  winner: e.winner ?? '–',
                  confidence: e.confidence === null ? '–' : `${(e.confidence * 100).toFixed(1)} %`,
                  started: e.startedAt ? format.dateTime(new Date(e.startedAt), { dateStyle: 'medium' }) : '–',
                  open: <Link href={e.href}>{t('openTool')}</Link>,
                }))}
                empty={t('emptyBody')}
              />
            </Card>
          )}
        </div>
      </PageBody>
    </Page>
  )
}

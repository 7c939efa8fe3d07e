'use client'
// /analytics/monitors: the account's monitors with their state, last value and open alert.
import Link from 'next/link'
import { useTranslations, useFormatter } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { LinkButton } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { useOps } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { MonitorsResponse } from '@/app/ajax/monitors/route'
import { MonitorsNav } from './monitors-nav'
import { formatMonitorValue } from './monitor-format'

export function MonitorsListScreen() {
  const t = useTranslations('monitors')
  const format = useFormatter()
  const { data, error, isLoading } = useOps<MonitorsResponse>('/ajax/monitors')
  const create = (
    <LinkButton href="/analytics/monitors/create" variant="primary">
      {t('create')}
    </LinkButton>
  )
  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} actions={create} />
      <PageBody>
        <MonitorsNav current="list" />
        {!data ? (
          <LoadStates loading={isLoading} error={error} />
        ) : data.monitors.length === 0 ? (
          <EmptyState heading={t('emptyTitle')} body={t('emptyBody')} actions={create} />
        ) : (
          <Card flush>
            <Table
              caption={t('title')}
              columns={[
                { key: 'name', header: t('colName') },
                { key: 'rule', header: t('colRule') },
                { key: 'state', header: t('colState') },
                { key: 'last', header: t('colLastValue'), align: 'right' },
                { key: 'checked', header: t('colLastChecked') },
              ]}
              rows={data.monitors.map((m) => ({
                id: m.id,
                name: <Link href={`/analytics/monitors/${m.id}`}>{m.name}</Link>,
                rule: t('rule', {
                  kind: t(`kind.${m.kind}`),
                  comparator: t(`comparator.${m.comparator}`),
                  threshold: formatMonitorValue(m.kind, m.threshold),
                  minutes: m.windowMinutes,
                }),
                state: !m.enabled ? (
                  <Badge>{t('disabled')}</Badge>
                ) : m.state === 'alerting' ? (
                  <Badge variant="danger">{t('alerting')}</Badge>
                ) : (
                  <Badge variant="success">{t('ok')}</Badge>
                ),
                last: formatMonitorValue(m.kind, m.lastValue),
                checked: m.lastCheckedAt
                  ? format.dateTime(new Date(m.lastCheckedAt), { dateStyle: 'medium', timeStyle: 'short' })
                  : '–',
              }))}
            />
          </Card>
        )}
      </PageBody>
    </Page>
  )
}

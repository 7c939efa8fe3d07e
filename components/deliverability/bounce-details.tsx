'use client'
// /analytics/deliverability/email/bounce-details: the bounce reports of the last 30 days with
// their status codes and reasons, the counts by code, paged.
import { useState } from 'react'
import { useTranslations, useFormatter } from 'next-intl'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import type { BounceDetailsResponse } from '@/app/ajax/deliverability/email/bounces/route'
import { useOps } from './ops-api'
import { LoadStates } from './load-states'
import styles from './ops.module.css'

const DAY = 86_400_000

export function BounceDetails() {
  const t = useTranslations('deliverability')
  const format = useFormatter()
  const [page, setPage] = useState(1)
  const [kind, setKind] = useState('')
  const [range] = useState(() => {
    const to = new Date(Math.floor(Date.now() / DAY) * DAY + DAY)
    return { from: new Date(to.getTime() - 30 * DAY).toISOString(), to: to.toISOString() }
  })
  const { data, error, isLoading } = useOps<BounceDetailsResponse>('/ajax/deliverability/email/bounces', {
    ...range,
    page,
    kind: kind || undefined,
  })
  return (
    <div className={styles.stack}>
      <div className={styles.row}>
        <Select
          label={t('bounceKind')}
          name="kind"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value)
            setPage(1)
          }}
          options={[
            { value: '', label: t('allBounces') },
            { value: 'hard_bounce', label: t('hardBounces') },
            { value: 'soft_bounce', label: t('softBounces') },
          ]}
        />
      </div>
      {!data ? (
        <LoadStates loading={isLoading} error={error} />
      ) : (
        <>
          <Card title={t('byStatusTitle')}>
            <Table
              caption={t('byStatusTitle')}
              columns={[
                { key: 'kind', header: t('bounceKind') },
                { key: 'status', header: t('colStatusCode') },
                { key: 'count', header: t('colCount'), align: 'right' },
              ]}
              rows={data.byStatus.map((s, i) => ({
                id: i,
                kind: s.kind === 'hard_bounce' ? t('hardBounces') : t('softBounces'),
                status: s.status ?? '–',
                count: s.count,
              }))}
              empty={t('noBounces')}
            />
          </Card>
          <Card title={t('bounceListTitle', { total: data.total })}>
            <Table
              caption={t('bounceListTitle', { total: data.total })}
              columns={[
                { key: 'at', header: t('colDate') },
                { key: 'email', header: t('colEmail') },
                { key: 'provider', header: t('colProvider') },
                { key: 'kind', header: t('bounceKind') },
                { key: 'status', header: t('colStatusCode') },
                { key: 'reason', header: t('colReason') },
              ]}
              rows={data.bounces.map((b) => ({
                id: b.id,
                at: format.dateTime(new Date(b.at), { dateStyle: 'medium', timeStyle: 'short' }),
                email: b.email,
                provider: b.provider,
                kind: b.kind === 'hard_bounce' ? t('hard') : t('soft'),
                status: b.status ?? '–',
                reason: b.reason ?? '–',
              }))}
              empty={t('noBounces')}
            />
            <div className={styles.actions}>
              <Button variant="secondary" size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('previous')}
              </Button>
              <Button
                variant="secondary"
                size="small"
                disabled={page * data.pageSize >= data.total}
                onClick={() => setPage(page + 1)}
              >
                {t('next')}
              </Button>
            </div>
          </Card>
        </>
      )}
    </div>
  )
}

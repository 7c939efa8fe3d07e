'use client'
// /analytics/deliverability/sms: SMS delivery, failure and opt-out rates by country and number.
import { useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { EmptyState } from '@/components/ui/empty-state'
import type { SmsDeliverabilityResponse } from '@/app/ajax/deliverability/sms/route'
import { useOps, pct } from './ops-api'
import { LoadStates } from './load-states'
import { Tile } from './email-overview'
import styles from './ops.module.css'

type SmsRow = SmsDeliverabilityResponse['byCountry'][number]

export function SmsView() {
  const t = useTranslations('deliverability')
  const { data, error, isLoading } = useOps<SmsDeliverabilityResponse>('/ajax/deliverability/sms')
  if (!data) return <LoadStates loading={isLoading} error={error} />
  const { total } = data
  if (!total.sent) return <EmptyState heading={t('noSmsTitle')} body={t('noSms')} />
  const table = (rows: SmsRow[], header: string) => (
    <Table
      caption={header}
      columns={[
        { key: 'key', header },
        { key: 'sent', header: t('colSent'), align: 'right' },
        { key: 'delivery', header: t('colDelivery'), align: 'right' },
        { key: 'failure', header: t('colFailure'), align: 'right' },
        { key: 'optOut', header: t('colOptOut'), align: 'right' },
      ]}
      rows={rows.map((r) => ({
        id: r.key,
        key: r.key,
        sent: r.sent,
        delivery: pct(r.rates.deliveryRate),
        failure: pct(r.rates.failureRate),
        optOut: pct(r.rates.optOutRate),
      }))}
    />
  )
  return (
    <div className={styles.stack}>
      <p className={styles.note}>{t('rangeNote')}</p>
      <div className={styles.grid}>
        <Tile label={t('colSent')} value={String(total.sent)} />
        <Tile label={t('colDelivery')} value={pct(total.delivered / total.sent)} />
        <Tile label={t('colFailure')} value={pct(total.failed / total.sent)} />
        <Tile label={t('colOptOut')} value={pct(total.optOut / total.sent)} />
      </div>
      <Card title={t('byCountryTitle')}>{table(data.byCountry, t('colCountry'))}</Card>
      <Card title={t('byNumberTitle')}>{table(data.byNumber, t('colNumber'))}</Card>
    </div>
  )
}

'use client'
// The email overview: totals and advice, the daily rates chart, rates by mailbox provider and
// sending domain, and the sending domains' DKIM/SPF/DMARC status from the domains settings.
import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Table } from '@/components/ui/table'
import { EmptyState } from '@/components/ui/empty-state'
import { DailyChart } from '@/components/flows/reports/daily-chart'
import type { EmailDeliverabilityResponse } from '@/app/ajax/deliverability/email/route'
import { useOps, pct } from './ops-api'
import { LoadStates } from './load-states'
import { RatesTable } from './rates-table'
import { AdviceList } from './advice-list'
import styles from './ops.module.css'

export function EmailOverview() {
  const t = useTranslations('deliverability')
  const format = useFormatter()
  const { data, error, isLoading } = useOps<EmailDeliverabilityResponse>('/ajax/deliverability/email')
  if (!data) return <LoadStates loading={isLoading} error={error} />
  const { total } = data
  return (
    <div className={styles.stack}>
      <p className={styles.note}>{t('rangeNote')}</p>
      {total.sent === 0 ? (
        <EmptyState heading={t('noSendsTitle')} body={t('noSends')} />
      ) : (
        <>
          <div className={styles.grid}>
            <Tile label={t('score')} value={data.score === null ? '–' : String(data.score)} />
            <Tile label={t('colSent')} value={format.number(total.sent)} />
            <Tile label={t('colDelivery')} value={pct(total.rates.deliveryRate)} />
            <Tile label={t('colBounce')} value={pct(total.rates.bounceRate)} />
            <Tile label={t('colSpam')} value={pct(total.rates.spamRate, 3)} />
            <Tile label={t('colUnsub')} value={pct(total.rates.unsubscribeRate)} />
          </div>
          <Card title={t('adviceTitle')}>
            <AdviceList advice={data.advice} />
          </Card>
          <Card title={t('dailyTitle')}>
            <DailyChart
              label={t('dailyTitle')}
              data={data.byDay.map((d) => ({ date: d.key, sent: d.sent, bounced: d.bounced, spam: d.spam }))}
              series={[
                { key: 'sent', label: t('colSent'), kind: 'bar', color: 'var(--color-primary)' },
                { key: 'bounced', label: t('bounced'), kind: 'line', color: 'var(--color-danger)' },
                { key: 'spam', label: t('spamComplaints'), kind: 'line', color: 'var(--color-warning)' },
              ]}
            />
          </Card>
          <Card title={t('byProviderTitle')}>
            <RatesTable rows={data.byProvider} keyHeader={t('colProvider')} caption={t('byProviderTitle')} />
          </Card>
          <Card title={t('bySendingDomainTitle')}>
            <RatesTable
              rows={data.bySendingDomain}
              keyHeader={t('colSendingDomain')}
              caption={t('bySendingDomainTitle')}
            />
          </Card>
        </>
      )}
      <Card title={t('domainsTitle')}>
        <Table
          caption={t('domainsTitle')}
          columns={[
            { key: 'domain', header: t('colDomain') },
            { key: 'dkim', header: 'DKIM' },
            { key: 'spf', header: 'SPF' },
            { key: 'dmarc', header: 'DMARC' },
          ]}
          rows={data.sendingDomains.map((d) => {
            const status = (kind: string) => {
              const s = d.records.find((r) => r.kind === kind)?.status ?? 'unchecked'
              return <Badge variant={s === 'ok' ? 'success' : s === 'unchecked' ? 'neutral' : 'warning'}>{s}</Badge>
            }
            return { id: d.id, domain: d.domain, dkim: status('dkim'), spf: status('spf'), dmarc: status('dmarc') }
          })}
          empty={
            <span>
              {t('noDomains')} <Link href="/settings/account/domains">{t('addDomain')}</Link>
            </span>
          }
        />
      </Card>
    </div>
  )
}

export function Tile({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.tile}>
      <p className={styles.tileTitle}>{label}</p>
      <p className={styles.figure}>{value}</p>
    </div>
  )
}

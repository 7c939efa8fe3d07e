'use client'
// Counts and rates per group (provider, sending domain, message, day).
import { useTranslations } from 'next-intl'
import { Table } from '@/components/ui/table'
import type { EmailRow } from '@/lib/deliverability/email-rates'
import { pct } from './ops-api'

export function RatesTable({ rows, keyHeader, caption }: { rows: EmailRow[]; keyHeader: string; caption: string }) {
  const t = useTranslations('deliverability')
  return (
    <Table
      caption={caption}
      columns={[
        { key: 'key', header: keyHeader },
        { key: 'sent', header: t('colSent'), align: 'right' },
        { key: 'delivery', header: t('colDelivery'), align: 'right' },
        { key: 'bounce', header: t('colBounce'), align: 'right' },
        { key: 'hard', header: t('colHard'), align: 'right' },
        { key: 'soft', header: t('colSoft'), align: 'right' },
        { key: 'spam', header: t('colSpam'), align: 'right' },
        { key: 'unsub', header: t('colUnsub'), align: 'right' },
      ]}
      rows={rows.map((r) => ({
        id: r.key,
        key: r.label ?? r.key,
        sent: r.sent,
        delivery: pct(r.rates.deliveryRate),
        bounce: pct(r.rates.bounceRate),
        hard: r.hardBounced,
        soft: r.softBounced,
        spam: pct(r.rates.spamRate, 3),
        unsub: pct(r.rates.unsubscribeRate),
      }))}
      empty={t('noSends')}
    />
  )
}

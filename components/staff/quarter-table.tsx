'use client'
// Per-account figures by quarter (new profiles, messages delivered, orders, revenue): the staff
// growth report and the account's partner and executive reviews show the same table.
import { useFormatter, useTranslations } from 'next-intl'
import { Table } from '@/components/ui/table'
import type { QuarterFigures } from '@/lib/staff/quarterly-figures'

export function QuarterTable({ quarters, currency = 'USD' }: { quarters: QuarterFigures[]; currency?: string }) {
  const t = useTranslations('staff')
  const format = useFormatter()
  return (
    <Table
      caption={t('quarters')}
      columns={[
        { key: 'quarter', header: t('quarter') },
        { key: 'newProfiles', header: t('newProfiles'), align: 'right' },
        { key: 'messagesDelivered', header: t('messagesDelivered'), align: 'right' },
        { key: 'orders', header: t('orders'), align: 'right' },
        { key: 'revenue', header: t('revenue'), align: 'right' },
      ]}
      rows={quarters.map((q) => ({
        id: q.quarter,
        quarter: q.quarter,
        newProfiles: format.number(q.newProfiles),
        messagesDelivered: format.number(q.messagesDelivered),
        orders: format.number(q.orders),
        revenue: format.number(q.revenue, { style: 'currency', currency }),
      }))}
    />
  )
}

'use client'
// The RFM tab: the nine groups as of a date with size and revenue, each one click away from a
// list of its customers, and the movement between a comparison date and the date.
import { useState } from 'react'
import { useFormatter, useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { TextField } from '@/components/ui/text-field'
import { ChartIcon } from '@/components/ui/icons'
import { daysBefore, isoDay, useInsight, type RfmResult } from './insights-api'
import styles from './insights.module.css'

export function RfmTab({ currency }: { currency: string }) {
  const t = useTranslations('insights')
  const format = useFormatter()
  const [date, setDate] = useState(() => isoDay(new Date()))
  const [compare, setCompare] = useState(() => daysBefore(90))
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && (!compare || compare < date)
  const { data, error, isLoading } = useInsight<RfmResult>(valid ? '/ajax/insights/rfm' : null, {
    date,
    compare: compare || undefined,
  })
  const money = (v: number) => format.number(v, { style: 'currency', currency, maximumFractionDigits: 0 })
  const groupName = (g: string) => t(`rfmGroup.${g}`)

  return (
    <div className={styles.stack}>
      <p className={styles.note}>{t('rfmIntro')}</p>
      <div className={styles.controls}>
        <TextField
          label={t('rfmDate')}
          name="rfm-date"
          type="date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
        <TextField
          label={t('rfmCompare')}
          name="rfm-compare"
          type="date"
          value={compare}
          max={date}
          onChange={(e) => setCompare(e.target.value)}
          error={compare && compare >= date ? t('compareBeforeDate') : undefined}
        />
      </div>
      {error && <Notification variant="error">{t('loadError')}</Notification>}
      {isLoading && !data && (
        <div className={styles.centered}>
          <Spinner size="large" />
        </div>
      )}
      {data && data.customers === 0 && (
        <EmptyState image={<ChartIcon size={28} />} heading={t('rfmEmptyTitle')} body={t('rfmEmptyBody')} />
      )}
      {data && data.customers > 0 && (
        <>
          <p className={styles.muted}>{t('rfmCustomers', { count: data.customers })}</p>
          <div className={styles.grid} data-testid="rfm-groups">
            {data.groups.map((g) => (
              <section key={g.group} className={styles.tile} data-testid={`rfm-group-${g.group}`}>
                <h3 className={styles.tileTitle}>{groupName(g.group)}</h3>
                <p className={styles.figure}>{format.number(g.customers)}</p>
                <p className={styles.tileMeta}>
                  {t('rfmShare', { share: data.customers ? g.customers / data.customers : 0 })} ·{' '}
                  {t('rfmRevenue', { revenue: money(g.revenue) })}
                </p>
                <p className={styles.tileMeta}>
                  {t('rfmAverages', { orders: g.avgOrders, days: g.avgDaysSinceOrder })}
                </p>
                <p className={styles.tileMeta}>{t(`rfmRule.${g.group}`)}</p>
                {g.customers > 0 && (
                  <div className={styles.tileAction}>
                    <LinkButton size="small" href={`/lists/create-rfm/${g.group}?date=${data.date}`}>
                      {t('rfmMakeList')}
                    </LinkButton>
                  </div>
                )}
              </section>
            ))}
          </div>
          {data.movement && (
            <Card title={t('rfmMovementTitle', { from: data.compare ?? '', to: data.date })} flush>
              <div
                className={styles.tableWrap}
                role="region"
                aria-label={t('rfmMovementTitle', { from: data.compare ?? '', to: data.date })}
                tabIndex={0}
              >
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('rfmFromTo')}</th>
                      {data.groups.map((g) => (
                        <th key={g.group} scope="col" className={styles.num}>
                          {groupName(g.group)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {Object.entries(data.movement).map(([from, row]) => (
                      <tr key={from}>
                        <th scope="row">{from === 'new' ? t('rfmNew') : groupName(from)}</th>
                        {data.groups.map((g) => (
                          <td key={g.group} className={styles.num}>
                            {row[g.group] ? format.number(row[g.group]!) : '·'}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </Card>
          )}
        </>
      )}
    </div>
  )
}

// /campaigns/trends: how the campaigns sent lately performed, one after another — open and click
// rates as bars per campaign against the average, and a table with recipients, placed-order rate
// and revenue per recipient. The period (30, 90, 365 days) and channel are links, so the page is
// shareable and works without script.
import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { getCampaignTrends } from '@/lib/reporting/campaign-trends'
import { db } from '@/lib/db/client'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { EmptyState } from '@/components/ui/empty-state'
import perf from '@/components/dashboard/performance.module.css'
import styles from './trends.module.css'

const CHANNELS = [null, 'email', 'sms', 'mobile_push'] as const

export async function CampaignTrendsScreen({ days, channel }: { days: number; channel: string | null }) {
  const p = await getCurrentPrincipal()
  if (!p) return null
  const [tr, t, format, company] = await Promise.all([
    getCampaignTrends(p.companyId, { days, channel }),
    getTranslations('campaignTrends'),
    getFormatter(),
    db.company.findUnique({ where: { id: p.companyId }, select: { currency: true } }),
  ])
  const currency = company?.currency ?? 'USD'
  const pct = (v: number) => format.number(v, { style: 'percent', maximumFractionDigits: 1 })
  const money = (v: number) => format.number(v, { style: 'currency', currency, maximumFractionDigits: 2 })
  const href = (d: number, c: string | null) => `/campaigns/trends?days=${d}${c ? `&channel=${c}` : ''}`
  const maxRate = Math.max(0.05, ...tr.campaigns.flatMap((c) => [c.openRate, c.clickRate]))
  const w = Math.max(1, tr.campaigns.length) * 28

  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <div className={styles.filters}>
          <nav className={perf.periods} aria-label={t('periodLabel')}>
            {[30, 90, 365].map((d) => (
              <Link
                key={d}
                className={perf.period}
                href={href(d, tr.channel)}
                aria-current={d === tr.days ? 'page' : undefined}
              >
                {t('lastDays', { days: d })}
              </Link>
            ))}
          </nav>
          <nav className={perf.periods} aria-label={t('channelLabel')}>
            {CHANNELS.map((c) => (
              <Link
                key={c ?? 'all'}
                className={perf.period}
                href={href(tr.days, c)}
                aria-current={c === tr.channel ? 'page' : undefined}
              >
                {t(`channels.${c ?? 'all'}`)}
              </Link>
            ))}
          </nav>
        </div>
        {tr.campaigns.length === 0 ? (
          <EmptyState heading={t('emptyTitle')} body={t('emptyBody', { days: tr.days })} />
        ) : (
          <>
            <Card title={t('chartTitle')}>
              <figure className={styles.chart}>
                <svg
                  viewBox={`0 0 ${w} 120`}
                  preserveAspectRatio="none"
                  className={styles.svg}
                  role="img"
                  aria-label={t('chartLabel', {
                    list: tr.campaigns.map((c) => `${c.name}: ${pct(c.openRate)} / ${pct(c.clickRate)}`).join(', '),
                  })}
                >
                  <line
                    x1={0}
                    x2={w}
                    y1={120 - (tr.average.openRate / maxRate) * 116}
                    y2={120 - (tr.average.openRate / maxRate) * 116}
                    className={styles.avgOpen}
                  />
                  <line
                    x1={0}
                    x2={w}
                    y1={120 - (tr.average.clickRate / maxRate) * 116}
                    y2={120 - (tr.average.clickRate / maxRate) * 116}
                    className={styles.avgClick}
                  />
                  {tr.campaigns.map((c, i) => {
                    const ho = (c.openRate / maxRate) * 116
                    const hc = (c.clickRate / maxRate) * 116
                    return (
                      <g key={c.id}>
                        <title>{`${c.name}: ${t('openRate')} ${pct(c.openRate)}, ${t('clickRate')} ${pct(c.clickRate)}`}</title>
                        <rect x={i * 28 + 3} y={120 - ho} width={10} height={ho} className={styles.open} />
                        <rect x={i * 28 + 14} y={120 - hc} width={10} height={hc} className={styles.click} />
                      </g>
                    )
                  })}
                </svg>
                <figcaption className={perf.axis}>
                  <span>{format.dateTime(new Date(tr.campaigns[0]!.sentAt), { dateStyle: 'medium' })}</span>
                  <span className={perf.legend}>
                    <span>
                      <span className={styles.keyOpen} aria-hidden="true" /> {t('openRate')}
                    </span>
                    <span>
                      <span className={styles.keyClick} aria-hidden="true" /> {t('clickRate')}
                    </span>
                    <span>{t('averages', { open: pct(tr.average.openRate), click: pct(tr.average.clickRate) })}</span>
                  </span>
                  <span>{format.dateTime(new Date(tr.campaigns.at(-1)!.sentAt), { dateStyle: 'medium' })}</span>
                </figcaption>
              </figure>
            </Card>
            <div className={styles.table}>
              <Table
                caption={t('tableCaption')}
                empty={t('emptyTitle')}
                columns={[
                  { key: 'name', header: t('colName') },
                  { key: 'sent', header: t('colSent') },
                  { key: 'recipients', header: t('colRecipients'), align: 'right' },
                  { key: 'open', header: t('openRate'), align: 'right' },
                  { key: 'click', header: t('clickRate'), align: 'right' },
                  { key: 'conv', header: t('colConversion'), align: 'right' },
                  { key: 'rpr', header: t('colRpr'), align: 'right' },
                ]}
                rows={[...tr.campaigns].reverse().map((c) => ({
                  id: c.id,
                  name: <Link href={`/campaign/${encodeURIComponent(c.id)}/reports/overview`}>{c.name}</Link>,
                  sent: format.dateTime(new Date(c.sentAt), { dateStyle: 'medium' }),
                  recipients: format.number(c.recipients),
                  open: (
                    <span className={c.openRate >= tr.average.openRate ? styles.above : styles.below}>
                      {pct(c.openRate)}
                    </span>
                  ),
                  click: (
                    <span className={c.clickRate >= tr.average.clickRate ? styles.above : styles.below}>
                      {pct(c.clickRate)}
                    </span>
                  ),
                  conv: pct(c.conversionRate),
                  rpr: money(c.revenuePerRecipient),
                }))}
              />
            </div>
            <p className={styles.note}>
              {t('note', {
                recipients: format.number(tr.average.recipients),
                rpr: money(tr.average.revenuePerRecipient),
              })}
            </p>
          </>
        )}
      </PageBody>
    </Page>
  )
}

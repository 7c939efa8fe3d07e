// /dashboard/performance: what messages earned — attributed revenue over the last 30, 90 or 365
// days against the period before, flows against campaigns, per day (per week over a year), by
// channel, the share of all conversion value, and the flows and campaigns that earned most.
import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { getRevenueSummary } from '@/lib/reporting/dashboard-revenue'
import { trendOf } from '@/lib/profile-view/trend'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Table } from '@/components/ui/table'
import cards from './audience-cards.module.css'
import rev from './revenue-card.module.css'
import styles from './performance.module.css'

export const PERIODS = [30, 90, 365] as const

export async function PerformanceScreen({ days }: { days: number }) {
  const p = await getCurrentPrincipal()
  if (!p) return null
  const period = (PERIODS as readonly number[]).includes(days) ? days : 30
  const [s, t, format] = await Promise.all([
    getRevenueSummary(p.companyId, p.company.timezone, new Date(), { days: period, top: 10 }),
    getTranslations('performance'),
    getFormatter(),
  ])
  const money = (v: number) =>
    format.number(v, { style: 'currency', currency: s.currency, maximumFractionDigits: v >= 1000 ? 0 : 2 })
  const trend = trendOf(s.last30.total, s.previous30)
  const pct =
    trend.ratio === null ? null : format.number(Math.abs(trend.ratio), { style: 'percent', maximumFractionDigits: 1 })
  const trendText =
    trend.kind === 'flat'
      ? t('trendFlat')
      : pct === null
        ? t('trendFromZero')
        : t(trend.kind === 'up' ? 'trendUp' : 'trendDown', { pct })
  const max = Math.max(1, ...s.daily.map((d) => d.flows + d.campaigns))
  const width = s.daily.length * 12
  const share =
    s.conversionValue > 0
      ? format.number(Math.min(1, s.last30.total / s.conversionValue), { style: 'percent', maximumFractionDigits: 0 })
      : '—'
  const channels = Object.entries(s.byChannel).sort((a, b) => b[1] - a[1])

  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <nav className={styles.periods} aria-label={t('periodLabel')}>
          {PERIODS.map((d) => (
            <Link
              key={d}
              href={`/dashboard/performance?days=${d}`}
              className={styles.period}
              aria-current={d === period ? 'page' : undefined}
            >
              {t('lastDays', { days: d })}
            </Link>
          ))}
        </nav>
        <div className={styles.figures}>
          <Card title={t('revenue')}>
            <div className={cards.figureRow} data-testid="perf-revenue">
              <span className={cards.figure}>{money(s.last30.total)}</span>
              {(s.last30.total > 0 || s.previous30 > 0) && (
                <Badge variant={trend.kind === 'up' ? 'success' : trend.kind === 'down' ? 'danger' : 'neutral'}>
                  <span aria-hidden="true">{trend.kind === 'up' ? '▲' : trend.kind === 'down' ? '▼' : '●'}</span>{' '}
                  <span aria-label={trendText}>{trend.kind === 'flat' ? '0%' : (pct ?? t('new'))}</span>
                </Badge>
              )}
            </div>
            <p className={cards.caption}>{t('previous', { value: money(s.previous30) })}</p>
          </Card>
          <Card title={t('flows')}>
            <span className={cards.figure}>{money(s.last30.flows)}</span>
          </Card>
          <Card title={t('campaigns')}>
            <span className={cards.figure}>{money(s.last30.campaigns)}</span>
          </Card>
          <Card title={t('conversions')}>
            <span className={cards.figure}>{format.number(s.conversions)}</span>
            <p className={cards.caption}>{t('shareOf', { share, total: money(s.conversionValue) })}</p>
          </Card>
        </div>
        <Card title={t(s.daily.length > 90 ? 'chartWeekly' : 'chartDaily')}>
          {s.last30.total === 0 ? (
            <p className={cards.caption}>{t('empty')}</p>
          ) : (
            <figure className={styles.chart}>
              <svg
                viewBox={`0 0 ${width} 120`}
                preserveAspectRatio="none"
                className={styles.svg}
                role="img"
                aria-label={t('chartLabel', {
                  days: s.daily
                    .filter((d) => d.flows + d.campaigns > 0)
                    .map((d) => `${d.date}: ${money(d.flows + d.campaigns)}`)
                    .join(', '),
                })}
              >
                {[0.25, 0.5, 0.75].map((f) => (
                  <line key={f} x1={0} x2={width} y1={120 - f * 116} y2={120 - f * 116} className={styles.grid} />
                ))}
                {s.daily.map((d, i) => {
                  const hf = (d.flows / max) * 116
                  const hc = (d.campaigns / max) * 116
                  return (
                    <g key={d.date}>
                      <title>{`${d.date}: ${money(d.flows)} / ${money(d.campaigns)}`}</title>
                      {hf > 0 && <rect x={i * 12 + 1} y={120 - hf} width={10} height={hf} className={rev.barFlows} />}
                      {hc > 0 && (
                        <rect x={i * 12 + 1} y={120 - hf - hc} width={10} height={hc} className={rev.barCampaigns} />
                      )}
                    </g>
                  )
                })}
              </svg>
              <figcaption className={styles.axis}>
                <span>
                  {format.dateTime(new Date(`${s.daily[0]!.date}T12:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' })}
                </span>
                <span className={styles.legend}>
                  <span>
                    <span className={rev.keyFlows} aria-hidden="true" /> {t('flows')}
                  </span>
                  <span>
                    <span className={rev.keyCampaigns} aria-hidden="true" /> {t('campaigns')}
                  </span>
                  <span>{t('peak', { value: money(max) })}</span>
                </span>
                <span>
                  {format.dateTime(new Date(`${s.daily.at(-1)!.date}T12:00:00Z`), {
                    dateStyle: 'medium',
                    timeZone: 'UTC',
                  })}
                </span>
              </figcaption>
            </figure>
          )}
        </Card>
        <div className={styles.two}>
          <Card title={t('byChannel')}>
            {channels.length === 0 ? (
              <p className={cards.caption}>{t('noChannels')}</p>
            ) : (
              <ul className={cards.metricList}>
                {channels.map(([c, v]) => (
                  <li key={c}>
                    <div className={cards.metricLine}>
                      <span>{t.has(`channels.${c}`) ? t(`channels.${c}`) : c}</span>
                      <span className={cards.metricCount}>{money(v)}</span>
                    </div>
                    <span className={cards.meter}>
                      <span style={{ width: `${Math.round((v / Math.max(1, s.last30.total)) * 100)}%` }} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title={t('topTitle')}>
            <Table
              caption={t('topTitle')}
              empty={t('noTop')}
              columns={[
                { key: 'name', header: t('colName') },
                { key: 'kind', header: t('colKind') },
                { key: 'value', header: t('colRevenue'), align: 'right' },
              ]}
              rows={s.top.map((x) => ({
                id: `${x.kind}:${x.id}`,
                name: (
                  <Link
                    href={
                      x.kind === 'flow'
                        ? `/flow/${encodeURIComponent(x.id)}/edit`
                        : `/campaign/${encodeURIComponent(x.id)}/reports/overview`
                    }
                  >
                    {x.name}
                  </Link>
                ),
                kind: t(x.kind === 'flow' ? 'kindFlow' : 'kindCampaign'),
                value: money(x.value),
              }))}
            />
          </Card>
        </div>
        <p className={cards.caption}>
          <Link href="/settings/attribution">{t('howAttributed')}</Link>
        </p>
      </PageBody>
    </Page>
  )
}

'use client'
// The campaign-only report tabs: conversions (attributed orders), audience (who it was for and
// what became of them), variations (the A/B test) and advanced (every statistic, day by day, and
// the recipients CSV through the downloads worker).
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { Pager } from '@/components/lists/pager'
import { getJson, getJsonAsIs, getWithParams } from '@/components/lists/fetcher'
import { http } from '@/lib/client/http'
import { StatTile } from '@/components/flows/reports/stat-tile'
import { useMoney } from '@/components/reports/use-money'
import { DailyChart } from '@/components/flows/reports/daily-chart'
import { strictLeader } from '@/components/flows/reports/strict-leader'
import type {
  CampaignAdvanced,
  CampaignAudience,
  CampaignConversions,
  CampaignVariations,
} from '@/lib/campaigns/reports/tabs'
import styles from '@/components/flows/reports/reports.module.css'

const PAGE_SIZE = 25

function useNumbers(currency?: string) {
  const format = useFormatter()
  const money = useMoney(currency)
  return {
    n: (v: number) => format.number(v),
    pct: (v: number) => format.number(v, { style: 'percent', maximumFractionDigits: 1 }),
    money,
    when: (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' }),
  }
}

function LoadError({ retry }: { retry: () => void }) {
  const t = useTranslations('campaignReports')
  return <Notification variant="error" title={t('loadError')} action={{ label: t('retry'), onClick: retry }} />
}

export function ConversionsTab({ base }: { base: string }) {
  const t = useTranslations('campaignReports')
  const [page, setPage] = useState(1)
  const { data, error, mutate } = useSWR(
    [`${base}/conversions`, { page, pageSize: PAGE_SIZE }] as const,
    getWithParams<CampaignConversions>,
    { keepPreviousData: true },
  )
  const { n, pct, money, when } = useNumbers(data?.currency)
  if (error) return <LoadError retry={() => void mutate()} />
  if (!data) return <TableSkeleton />
  if (!data.conversions) return <EmptyState heading={t('noConversionsTitle')} body={t('noConversionsBody')} />
  return (
    <>
      <div className={styles.tiles}>
        <StatTile
          label={t('conversions')}
          value={n(data.conversions)}
          sub={t('convertersOf', { count: data.converters, recipients: data.recipients })}
          testId="conv-count"
        />
        <StatTile label={t('conversionRate')} value={pct(data.rate)} />
        <StatTile label={t('revenue')} value={money(data.value)} testId="conv-value" />
        <StatTile label={t('revenuePerRecipient')} value={money(data.valuePerRecipient)} />
        <StatTile label={t('averageOrderValue')} value={money(data.averageOrderValue)} />
      </div>
      {data.days.length > 1 && (
        <section className={styles.card}>
          <h2 className={styles.cardTitle}>{t('conversionsPerDay')}</h2>
          <DailyChart
            label={t('conversionsPerDay')}
            data={data.days}
            series={[{ key: 'conversions', label: t('conversions'), kind: 'bar', color: 'var(--color-primary)' }]}
          />
        </section>
      )}
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>{t('latestConversions')}</h2>
        <Table
          caption={t('latestConversions')}
          columns={[
            { key: 'who', header: t('colProfile') },
            { key: 'what', header: t('colMetric') },
            { key: 'touch', header: t('colTouch') },
            { key: 'at', header: t('colTime'), align: 'right' as const },
            { key: 'value', header: t('colValue'), align: 'right' as const },
          ]}
          rows={data.items.map((r) => ({
            id: String(r.eventId),
            who: (
              <Link href={`/profile/${encodeURIComponent(r.profileId)}`}>
                {r.email ?? r.phoneNumber ?? r.profileId}
              </Link>
            ),
            what: r.metric ?? '—',
            touch: t('touchOn', { touch: r.touch, channel: r.channel, at: new Date(r.touchAt) }),
            at: <span className={styles.number}>{when(r.at)}</span>,
            value: <span className={styles.number}>{money(r.value)}</span>,
          }))}
        />
        <Pager page={page} pageSize={PAGE_SIZE} count={data.items.length} total={data.total} onPage={setPage} />
      </section>
      <p className={styles.crumb}>
        {t('attributionNote')} <Link href="/settings/attribution">{t('attributionSettings')}</Link>
      </p>
    </>
  )
}

export function AudienceTab({ base }: { base: string }) {
  const t = useTranslations('campaignReports')
  const { n, when } = useNumbers()
  const { data, error, mutate } = useSWR(`${base}/audience`, getJson<CampaignAudience>)
  if (error) return <LoadError retry={() => void mutate()} />
  if (!data) return <TableSkeleton />
  const groupRows = [
    ...data.included.map((g) => ({ ...g, role: 'included' as const })),
    ...data.excluded.map((g) => ({ ...g, role: 'excluded' as const })),
  ]
  return (
    <>
      {data.total > 0 ? (
        <div className={styles.tiles}>
          <StatTile
            label={t('audienceTotal')}
            value={n(data.total)}
            sub={data.fixedAt ? t('fixedAt', { at: new Date(data.fixedAt) }) : undefined}
            testId="aud-total"
          />
          <StatTile label={t('released')} value={n(data.released)} />
          <StatTile label={t('pending')} value={n(data.pending)} />
          <StatTile label={t('skipped')} value={n(data.skipped)} testId="aud-skipped" />
          <StatTile label={t('heldOut')} value={n(data.heldOut)} />
        </div>
      ) : (
        <EmptyState heading={t('audienceNotFixedTitle')} body={t('audienceNotFixedBody')} />
      )}
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>{t('groupsTitle')}</h2>
        {groupRows.length === 0 ? (
          <p className={styles.muted}>{t('noGroups')}</p>
        ) : (
          <Table
            caption={t('groupsTitle')}
            columns={[
              { key: 'name', header: t('colGroup') },
              { key: 'role', header: t('colRole') },
              { key: 'members', header: t('colMembersNow'), align: 'right' as const },
            ]}
            rows={groupRows.map((g) => ({
              id: `${g.role}-${g.id}`,
              name: g.deleted ? (
                <span className={styles.muted}>{g.name ?? t('deletedGroup')}</span>
              ) : (
                <Link href={`/list/${encodeURIComponent(g.id)}`}>{g.name}</Link>
              ),
              role: (
                <Badge variant={g.role === 'included' ? 'success' : 'warning'}>
                  {t(g.role === 'included' ? 'roleIncluded' : 'roleExcluded')}
                </Badge>
              ),
              members: <span className={styles.number}>{g.members == null ? '—' : n(g.members)}</span>,
            }))}
          />
        )}
        <p className={styles.crumb}>{t('excludedWins')}</p>
      </section>
      {data.skipReasons.length > 0 && (
        <section className={styles.card}>
          <h2 className={styles.cardTitle}>{t('skipReasonsTitle')}</h2>
          <Table
            caption={t('skipReasonsTitle')}
            columns={[
              { key: 'reason', header: t('colReason') },
              { key: 'count', header: t('colCount'), align: 'right' as const },
            ]}
            rows={data.skipReasons.map((r) => ({
              id: r.reason,
              reason: r.reason,
              count: <span className={styles.number}>{n(r.count)}</span>,
            }))}
          />
        </section>
      )}
      {data.fixedAt && <p className={styles.crumb}>{t('fixedNote', { at: when(data.fixedAt) })}</p>}
    </>
  )
}

export function VariationsTab({ base }: { base: string }) {
  const t = useTranslations('campaignReports')
  const { data, error, mutate } = useSWR(`${base}/variations`, getJson<CampaignVariations>)
  const { n, pct, money } = useNumbers(data?.currency)
  if (error) return <LoadError retry={() => void mutate()} />
  if (!data) return <TableSkeleton />
  if (!data.variations.length) return <EmptyState heading={t('noAbTitle')} body={t('noAbBody')} />
  const e = data.evaluation
  const winner = (data.abTest as { winnerVariationId?: string } | null)?.winnerVariationId ?? null
  const metricLabel = (m: string) =>
    t(m === 'click_rate' ? 'clickRate' : m === 'revenue' ? 'revenuePerRecipient' : 'openRate')
  const leader = strictLeader(data.variations, e?.leader, (v) =>
    e?.metric === 'click_rate' ? v.clickRate : e?.metric === 'revenue' ? v.revenuePerRecipient : v.openRate,
  )
  return (
    <>
      {e && (
        <Notification
          variant={e.significant ? 'success' : 'info'}
          title={
            e.significant
              ? t('significant', { confidence: pct(e.confidence ?? 0) })
              : t('notSignificant', { required: pct(e.required) })
          }
        >
          {t('testUsed', {
            metric: metricLabel(e.metric),
            test: t(e.test === 'welch-t' ? 'welch' : 'twoProportion'),
            confidence: e.confidence == null ? '—' : pct(e.confidence),
          })}
        </Notification>
      )}
      <Table
        caption={t('tab.variations')}
        columns={[
          { key: 'name', header: t('colVariation') },
          { key: 'recipients', header: t('recipients'), align: 'right' as const },
          { key: 'delivered', header: t('delivered'), align: 'right' as const },
          { key: 'open', header: t('openRate'), align: 'right' as const },
          { key: 'click', header: t('clickRate'), align: 'right' as const },
          { key: 'revenue', header: t('revenue'), align: 'right' as const },
          { key: 'rpr', header: t('revenuePerRecipient'), align: 'right' as const },
        ]}
        rows={data.variations.map((v) => ({
          id: v.variationId,
          name: (
            <span>
              {v.name}{' '}
              {v.variationId === winner ? (
                <Badge variant="success">{t('winner')}</Badge>
              ) : v.variationId === leader ? (
                <Badge variant="info">{t('leader')}</Badge>
              ) : null}
            </span>
          ),
          recipients: <span className={styles.number}>{n(v.recipients)}</span>,
          delivered: <span className={styles.number}>{n(v.delivered)}</span>,
          open: <span className={styles.number}>{pct(v.openRate)}</span>,
          click: <span className={styles.number}>{pct(v.clickRate)}</span>,
          revenue: <span className={styles.number}>{money(v.revenue)}</span>,
          rpr: <span className={styles.number}>{money(v.revenuePerRecipient)}</span>,
        }))}
      />
      <p className={styles.crumb}>{t('variationsNote')}</p>
    </>
  )
}

/** Every statistic with its label (the API name is shown beside it, for those who use the reporting API). */
const STAT_LABELS: Array<[string, string, 1?]> = [
  ['recipients', 'recipients'],
  ['delivered', 'delivered'],
  ['delivery_rate', 'deliveryRate', 1],
  ['opens', 'opens', 1],
  ['opens_unique', 'opensUnique', 1],
  ['open_rate', 'openRate'],
  ['clicks', 'clicks', 1],
  ['clicks_unique', 'clicksUnique', 1],
  ['click_rate', 'clickRate'],
  ['click_to_open_rate', 'clickToOpenRate'],
  ['bounced', 'bounced', 1],
  ['bounce_rate', 'bounceRate'],
  ['failed', 'failed', 1],
  ['failed_rate', 'failedRate', 1],
  ['spam_complaints', 'spamComplaints', 1],
  ['spam_complaint_rate', 'spamRate'],
  ['unsubscribes', 'unsubscribes', 1],
  ['unsubscribe_uniques', 'unsubscribeUniques', 1],
  ['unsubscribe_rate', 'unsubscribeRate'],
  ['conversions', 'conversions'],
  ['conversion_uniques', 'conversionUniques', 1],
  ['conversion_rate', 'conversionRate'],
  ['conversion_value', 'revenue'],
  ['revenue_per_recipient', 'revenuePerRecipient'],
  ['average_order_value', 'averageOrderValue'],
]

export function AdvancedTab({ base, campaignId }: { base: string; campaignId: string }) {
  const t = useTranslations('campaignReports')
  const { data, error, mutate } = useSWR(`${base}/advanced`, getJsonAsIs<CampaignAdvanced>)
  const { n, pct, money } = useNumbers(data?.currency)
  const [exporting, setExporting] = useState<'idle' | 'busy' | 'queued' | 'failed'>('idle')
  async function exportCsv() {
    setExporting('busy')
    try {
      await http.post(`/ajax/campaign/${encodeURIComponent(campaignId)}/exports`, { kind: 'recipients' })
      setExporting('queued')
    } catch {
      setExporting('failed')
    }
  }
  if (error) return <LoadError retry={() => void mutate()} />
  if (!data) return <TableSkeleton />
  const stats = data.statistics as Record<string, number>
  const show = (k: string, v: number) =>
    k.endsWith('_rate')
      ? pct(v)
      : k.includes('value') || k.includes('revenue') || k === 'average_order_value'
        ? money(v)
        : n(v)
  return (
    <>
      <div className={styles.toolbarEnd}>
        <Button onClick={() => void exportCsv()} loading={exporting === 'busy'} data-testid="export-recipients">
          {t('exportRecipients')}
        </Button>
      </div>
      {exporting === 'queued' && (
        <Notification variant="success" title={t('exportQueued')}>
          <Link href="/downloads">{t('openDownloads')}</Link>
        </Notification>
      )}
      {exporting === 'failed' && <Notification variant="error" title={t('exportFailed')} />}
      {data.days.length > 0 ? (
        <section className={styles.card}>
          <h2 className={styles.cardTitle}>{t('perDay')}</h2>
          <DailyChart
            label={t('perDay')}
            data={data.days}
            series={[
              { key: 'sent', label: t('seriesSent'), kind: 'bar', color: 'var(--color-primary)' },
              { key: 'opened', label: t('seriesOpened'), kind: 'line', color: 'var(--color-success)' },
              { key: 'clicked', label: t('seriesClicked'), kind: 'line', color: 'var(--color-warning)' },
              { key: 'conversions', label: t('conversions'), kind: 'line', color: 'var(--color-intelligence)' },
            ]}
          />
        </section>
      ) : (
        <EmptyState heading={t('emptyTitle')} body={t('emptyBody')} />
      )}
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>{t('allStatistics')}</h2>
        <Table
          caption={t('allStatistics')}
          columns={[
            { key: 'name', header: t('colStatistic') },
            { key: 'value', header: t('colValue'), align: 'right' as const },
          ]}
          rows={STAT_LABELS.filter(([k]) => k in stats).map(([k, label, own]) => ({
            id: k,
            name: (
              <span>
                {t((own ? `stat.${label}` : label) as 'recipients')} <code className={styles.apiName}>{k}</code>
              </span>
            ),
            value: <span className={styles.number}>{show(k, stats[k]!)}</span>,
          }))}
        />
        <p className={styles.crumb}>{t('botsExcluded')}</p>
      </section>
    </>
  )
}

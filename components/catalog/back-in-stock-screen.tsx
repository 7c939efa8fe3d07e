'use client'
// /catalog/back-in-stock: the back-in-stock report for a date range (last 7, 30 or 90 days, or
// chosen days): subscriptions made, subscribers notified, those still waiting, conversions and
// their revenue, in totals and per variant (each variant's subscribers on demand); and the tab
// /catalog/back-in-stock/scheduled-reports, the catalog reports mailed on a schedule.
import { useState, type FormEvent } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { TextField } from '@/components/ui/text-field'
import { Modal } from '@/components/ui/modal'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { Spinner } from '@/components/ui/spinner'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { readHttpFailure } from '@/components/auth/http-failure'
import { CatalogSubnav } from './catalog-subnav'
import { ScheduledReports } from './scheduled-reports'
import { bisApi, DEFAULT_RANGE, RANGE_PRESETS, type BisVariantRow } from './bis-api'
import styles from './catalog.module.css'

const DAY = 86_400_000
const PRESET_KEYS: Record<string, string> = {
  last_7_days: 'rangeLast7',
  last_30_days: 'rangeLast30',
  last_90_days: 'rangeLast90',
}
const CUSTOM = /^(\d{4}-\d{2}-\d{2}):(\d{4}-\d{2}-\d{2})$/

export function BackInStockScreen({ view, initialRange }: { view: 'report' | 'scheduled'; initialRange?: string }) {
  const t = useTranslations('catalogBis')
  const canSchedule = usePermission('scheduled_reports_read')
  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <CatalogSubnav current="backInStock" backInStock />
        {canSchedule && (
          <nav className={styles.subnav} aria-label={t('tabsLabel')}>
            <Link href="/catalog/back-in-stock" aria-current={view === 'report' ? 'page' : undefined}>
              {t('tabReport')}
            </Link>
            <Link
              href="/catalog/back-in-stock/scheduled-reports"
              aria-current={view === 'scheduled' ? 'page' : undefined}
            >
              {t('tabScheduled')}
            </Link>
          </nav>
        )}
        {view === 'report' ? <BisReport initialRange={initialRange} /> : <ScheduledReports />}
      </PageBody>
    </Page>
  )
}

function BisReport({ initialRange }: { initialRange?: string }) {
  const t = useTranslations('catalogBis')
  const format = useFormatter()
  const router = useRouter()
  const start = initialRange && (PRESET_KEYS[initialRange] || CUSTOM.test(initialRange)) ? initialRange : DEFAULT_RANGE
  const [range, setRange] = useState(start)
  const custom = CUSTOM.exec(range)
  const [preset, setPreset] = useState(custom ? 'custom' : range)
  const [from, setFrom] = useState(custom?.[1] ?? '')
  const [to, setTo] = useState(custom?.[2] ?? '')
  const [rangeError, setRangeError] = useState<string | undefined>()
  const [variant, setVariant] = useState<BisVariantRow | null>(null)
  const { data, error, isLoading, mutate } = useSWR(['bis-report', range], () => bisApi.report(range), {
    keepPreviousData: true,
  })

  function choose(next: string) {
    setRange(next)
    setRangeError(undefined)
    router.replace(`/catalog/back-in-stock?daterange=${encodeURIComponent(next)}`, { scroll: false })
  }
  function applyCustom(e: FormEvent) {
    e.preventDefault()
    if (!from || !to) return setRangeError(t('rangeMissing'))
    if (from > to) return setRangeError(t('rangeOrder'))
    choose(`${from}:${to}`)
  }

  const day = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeZone: 'UTC' })
  const shown = data
    ? `${day(data.range.from)} – ${day(new Date(new Date(data.range.to).getTime() - DAY).toISOString())}`
    : null
  const failure = error ? readHttpFailure(error) : null
  const totals = data?.totals
  return (
    <div className={styles.stack}>
      <form className={styles.row} onSubmit={applyCustom} aria-label={t('rangeLabel')}>
        <Select
          label={t('rangeLabel')}
          name="daterange"
          value={preset}
          data-testid="bis-range"
          onChange={(e) => {
            setPreset(e.target.value)
            if (e.target.value !== 'custom') choose(e.target.value)
          }}
          options={[
            ...RANGE_PRESETS.map((p) => ({ value: p, label: t(PRESET_KEYS[p]!) })),
            { value: 'custom', label: t('rangeCustom') },
          ]}
        />
        {preset === 'custom' && (
          <>
            <TextField
              label={t('rangeFrom')}
              name="from"
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
            <TextField label={t('rangeTo')} name="to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
            <Button type="submit">{t('rangeApply')}</Button>
          </>
        )}
        {shown && (
          <span className={styles.muted} data-testid="bis-range-shown">
            {shown}
          </span>
        )}
      </form>
      {(rangeError || failure?.fieldErrors.daterange) && (
        <Notification variant="error" title={rangeError ?? failure!.fieldErrors.daterange} />
      )}
      {failure && !failure.fieldErrors.daterange && (
        <Notification
          variant="error"
          title={failure.message ?? t('loadError')}
          action={{ label: t('retry'), onClick: () => void mutate() }}
        />
      )}
      {isLoading && !data ? (
        <TableSkeleton />
      ) : (
        totals && (
          <>
            <Card title={t('totalsTitle')}>
              <dl className={styles.facts} data-testid="bis-totals">
                <div>
                  <dt>{t('subscriptions')}</dt>
                  <dd>{format.number(totals.subscriptions)}</dd>
                </div>
                <div>
                  <dt>{t('notified')}</dt>
                  <dd>{format.number(totals.notified)}</dd>
                </div>
                <div>
                  <dt>{t('waiting')}</dt>
                  <dd>{format.number(totals.pending)}</dd>
                </div>
                <div>
                  <dt>{t('conversions')}</dt>
                  <dd>{format.number(totals.conversions)}</dd>
                </div>
                <div>
                  <dt>{t('revenue')}</dt>
                  <dd>{format.number(totals.revenue, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}</dd>
                </div>
              </dl>
              <p className={styles.hint}>{t('totalsHint')}</p>
            </Card>
            {data.variants.length === 0 ? (
              <EmptyState heading={t('emptyTitle')} body={t('emptyBody')} />
            ) : (
              <Card title={t('variantsTitle')} flush>
                <Table
                  caption={t('variantsTitle')}
                  columns={[
                    { key: 'variant', header: t('colVariant') },
                    { key: 'inventory', header: t('colInventory'), align: 'right' },
                    { key: 'subscriptions', header: t('subscriptions'), align: 'right' },
                    { key: 'pending', header: t('waiting'), align: 'right' },
                    { key: 'notified', header: t('notified'), align: 'right' },
                    { key: 'conversions', header: t('conversions'), align: 'right' },
                    {
                      key: 'actions',
                      header: <span className="visually-hidden">{t('colActions')}</span>,
                      align: 'right',
                    },
                  ]}
                  rows={data.variants.map((v) => ({
                    id: v.variantId,
                    variant: (
                      <span className={`${styles.cellStack} ${styles.wideCell}`}>
                        <Link href={`/catalog/variant/${encodeURIComponent(v.variantId)}`}>{v.title}</Link>
                        <span className={styles.muted}>
                          {v.sku ? `SKU ${v.sku} · ` : ''}
                          <Link href={`/catalog/item/${encodeURIComponent(v.itemId)}`}>{t('viewItem')}</Link>
                        </span>
                      </span>
                    ),
                    inventory:
                      v.inventory > 0 ? format.number(v.inventory) : <Badge variant="warning">{t('outOfStock')}</Badge>,
                    subscriptions: v.subscriptions,
                    pending: v.pending,
                    notified: v.notified,
                    conversions: v.conversions,
                    actions: (
                      <Button
                        size="small"
                        variant="tertiary"
                        onClick={() => setVariant(v)}
                        aria-label={t('subscribersOf', { title: v.title })}
                      >
                        {t('subscribers')}
                      </Button>
                    ),
                  }))}
                />
              </Card>
            )}
          </>
        )
      )}
      <SubscribersModal variant={variant} onClose={() => setVariant(null)} />
    </div>
  )
}

function SubscribersModal({ variant, onClose }: { variant: BisVariantRow | null; onClose: () => void }) {
  const t = useTranslations('catalogBis')
  const format = useFormatter()
  const { data, error } = useSWR(variant ? ['bis-subscriptions', variant.variantId] : null, () =>
    bisApi.subscriptions(variant!.variantId),
  )
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <Modal
      open={!!variant}
      size="large"
      title={variant ? t('subscribersTitle', { title: variant.title }) : ''}
      onClose={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
    >
      {error ? (
        <Notification variant="error" title={readHttpFailure(error).message ?? t('loadError')} />
      ) : !data ? (
        <Spinner label={t('loading')} />
      ) : (
        <Table
          caption={t('subscribers')}
          empty={t('noSubscribers')}
          columns={[
            { key: 'who', header: t('colProfile') },
            { key: 'channels', header: t('colChannels') },
            { key: 'created', header: t('colSubscribed') },
            { key: 'notified', header: t('notified') },
          ]}
          rows={data.map((s) => ({
            id: s.id,
            who: <Link href={`/profile/${encodeURIComponent(s.profileId)}`}>{s.email ?? s.profileId}</Link>,
            channels: s.channels.join(', ') || '—',
            created: when(s.createdAt),
            notified: s.notifiedAt ? when(s.notifiedAt) : <Badge variant="info">{t('waiting')}</Badge>,
          }))}
        />
      )}
      {data && data.length >= 100 && <p className={styles.hint}>{t('subscribersLimit', { count: 100 })}</p>}
    </Modal>
  )
}

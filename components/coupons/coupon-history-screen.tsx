'use client'
// /coupon/{couponId}/history: what happened to a coupon's codes — added (each API bulk job with
// its refused entries, and uploads or single additions grouped by when they were made), given
// out (to which profile, by which campaign or flow message, when; paged) and used. Codes that
// were deleted since are not counted, which the screen says.
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { readHttpFailure } from '@/components/auth/http-failure'
import styles from './coupons.module.css'

interface Addition {
  kind: 'bulk_job' | 'added'
  at: string
  until: string | null
  created: number
  failed: number
  submitted: number
  jobId: string | null
  status: string | null
}
interface MessageRef {
  sendId: string
  channel: string
  subject: string | null
  source: 'campaign' | 'flow' | 'other'
  name: string | null
  href: string | null
}
interface HistoryCode {
  id: string
  code: string
  status: string
  profileId: string | null
  profileEmail: string | null
  assignedAt: string | null
  usedAt: string | null
  message: MessageRef | null
}
export interface CouponHistory {
  coupon: { id: string; externalId: string; created: string }
  counts: { unassigned: number; assigned: number; used: number; total: number }
  additions: Addition[]
  assigned: { total: number; offset: number; codes: HistoryCode[]; nextOffset: number | null }
  used: { total: number; codes: HistoryCode[] }
}
const PAGE = 50

export function CouponHistoryScreen({ couponId }: { couponId: string }) {
  const t = useTranslations('couponHistory')
  const format = useFormatter()
  const [offset, setOffset] = useState(0)
  const url = `/ajax/coupons/${encodeURIComponent(couponId)}/history`
  const { data, error, mutate } = useSWR(
    ['coupon-history', couponId, offset],
    () => http.get<CouponHistory>(url, { params: { offset: offset || undefined } }).then((r) => r.data),
    { keepPreviousData: true },
  )
  const back = `/coupon/${encodeURIComponent(couponId)}`

  if (error && !data) {
    return (
      <Page>
        <PageHead title={t('title')} actions={<LinkButton href="/coupons">{t('allCoupons')}</LinkButton>} />
        <PageBody>
          <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
            {readHttpFailure(error).message ?? t('loadError')}
          </Notification>
        </PageBody>
      </Page>
    )
  }
  if (!data)
    return (
      <Page>
        <PageHead title={t('title')} />
        <PageBody>
          <TableSkeleton />
        </PageBody>
      </Page>
    )

  const when = (iso: string | null) =>
    iso ? format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' }) : '—'
  const n = (v: number) => format.number(v)
  const profile = (x: HistoryCode) =>
    x.profileId ? (
      <Link href={`/profile/${encodeURIComponent(x.profileId)}`}>{x.profileEmail ?? x.profileId}</Link>
    ) : (
      <span className={styles.muted}>{t('noProfile')}</span>
    )
  const message = (m: MessageRef | null) => {
    if (!m) return <span className={styles.muted}>{t('noMessage')}</span>
    const source =
      m.source === 'campaign' ? t('sourceCampaign') : m.source === 'flow' ? t('sourceFlow') : t('sourceOther')
    const label = [m.name, m.subject].filter(Boolean).join(' · ') || m.sendId
    return (
      <span>
        {m.href ? <Link href={m.href}>{label}</Link> : label}
        <span className={styles.muted}> · {source}</span>
      </span>
    )
  }
  const jobStatus = (s: string | null) => (s && t.has(`jobStatuses.${s}`) ? t(`jobStatuses.${s}`) : (s ?? ''))
  const codeStatus = (s: string) => (t.has(`codeStatuses.${s}`) ? t(`codeStatuses.${s}`) : s)

  return (
    <Page>
      <PageHead
        title={t('titleWithCoupon', { name: data.coupon.externalId })}
        description={t('description')}
        actions={<LinkButton href={back}>{t('backToCoupon')}</LinkButton>}
      />
      <PageBody>
        <div className={styles.stack}>
          <Card title={t('nowTitle')}>
            <dl className={styles.facts} data-testid="history-counts">
              <div>
                <dt>{t('left')}</dt>
                <dd>{format.number(data.counts.unassigned)}</dd>
              </div>
              <div>
                <dt>{t('givenOut')}</dt>
                <dd>{format.number(data.counts.assigned)}</dd>
              </div>
              <div>
                <dt>{t('used')}</dt>
                <dd>{format.number(data.counts.used)}</dd>
              </div>
              <div>
                <dt>{t('total')}</dt>
                <dd>{format.number(data.counts.total)}</dd>
              </div>
            </dl>
          </Card>

          <Card title={t('addedTitle')}>
            <p className={styles.muted}>{t('addedHelp')}</p>
            <Table
              caption={t('addedTitle')}
              empty={
                <span>
                  {t('addedEmpty')}{' '}
                  <Link href={`/uploaded-coupon/${encodeURIComponent(couponId)}/import/file`}>{t('uploadCodes')}</Link>
                </span>
              }
              columns={[
                { key: 'at', header: t('colWhen') },
                { key: 'how', header: t('colHow') },
                { key: 'created', header: t('colAdded'), align: 'right' },
                { key: 'failed', header: t('colRefused'), align: 'right' },
              ]}
              rows={data.additions.map((a, i) => ({
                id: a.jobId ?? `${a.at}:${i}`,
                at: when(a.at),
                how:
                  a.kind === 'bulk_job' ? (
                    <span>
                      {t('bulkJob')}{' '}
                      <Badge variant={a.status === 'complete' ? 'success' : 'info'}>{jobStatus(a.status)}</Badge>
                      <br />
                      <span className={styles.muted}>{t('jobId', { id: a.jobId ?? '' })}</span>
                    </span>
                  ) : (
                    <span>{t('uploaded')}</span>
                  ),
                created: n(a.created),
                failed: a.kind === 'bulk_job' ? n(a.failed) : '—',
              }))}
            />
          </Card>

          <Card title={t('assignedTitle', { count: data.assigned.total })}>
            <p className={styles.muted}>{t('assignedHelp')}</p>
            <Table
              caption={t('assignedTitleShort')}
              empty={t('assignedEmpty')}
              columns={[
                { key: 'code', header: t('colCode') },
                { key: 'profile', header: t('colProfile') },
                { key: 'message', header: t('colMessage') },
                { key: 'at', header: t('colAssignedAt') },
                { key: 'status', header: t('colStatus') },
              ]}
              rows={data.assigned.codes.map((x) => ({
                id: x.id,
                code: <span className={styles.code}>{x.code}</span>,
                profile: profile(x),
                message: message(x.message),
                at: when(x.assignedAt),
                status: <Badge variant={x.status === 'USED' ? 'neutral' : 'info'}>{codeStatus(x.status)}</Badge>,
              }))}
            />
            {(data.assigned.offset > 0 || data.assigned.nextOffset !== null) && (
              <div className={styles.footer}>
                <span className={styles.muted}>
                  {t('showing', {
                    from: data.assigned.offset + 1,
                    to: data.assigned.offset + data.assigned.codes.length,
                    total: data.assigned.total,
                  })}
                </span>
                {data.assigned.offset > 0 && (
                  <Button variant="tertiary" onClick={() => setOffset(Math.max(0, offset - PAGE))}>
                    {t('previous')}
                  </Button>
                )}
                {data.assigned.nextOffset !== null && (
                  <Button variant="tertiary" onClick={() => setOffset(data.assigned.nextOffset!)}>
                    {t('next')}
                  </Button>
                )}
              </div>
            )}
          </Card>

          <Card title={t('usedTitle', { count: data.used.total })}>
            <p className={styles.muted}>
              {data.used.total > data.used.codes.length
                ? t('usedHelpLatest', { shown: data.used.codes.length })
                : t('usedHelp')}
            </p>
            <Table
              caption={t('usedTitleShort')}
              empty={t('usedEmpty')}
              columns={[
                { key: 'code', header: t('colCode') },
                { key: 'profile', header: t('colProfile') },
                { key: 'message', header: t('colMessage') },
                { key: 'at', header: t('colUsedAt') },
              ]}
              rows={data.used.codes.map((x) => ({
                id: x.id,
                code: <span className={styles.code}>{x.code}</span>,
                profile: profile(x),
                message: message(x.message),
                at: when(x.usedAt),
              }))}
            />
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}

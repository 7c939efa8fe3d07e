'use client'
// /coupon/{couponId}: a coupon — codes left, given out and used, its low-balance threshold (edit),
// its codes by status with who received each and when (paged), "Upload codes", and delete.
import { useState } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { Button, LinkButton } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Notification } from '@/components/ui/notification'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { ConfirmModal } from '@/components/lists/confirm-modal'
import { readHttpFailure } from '@/components/auth/http-failure'
import { couponsApi } from './coupons-api'
import { PushCouponButton } from '@/components/integrations/shopify/push-coupon-button'
import styles from './coupons.module.css'

const STATUSES = ['UNASSIGNED', 'ASSIGNED_TO_PROFILE', 'USED'] as const

export function CouponScreen({ couponId }: { couponId: string }) {
  const t = useTranslations('coupons')
  const th = useTranslations('couponHistory')
  const format = useFormatter()
  const router = useRouter()
  const toast = useToast()
  const canWrite = usePermission('coupons_write')
  const [status, setStatus] = useState('')
  const [cursors, setCursors] = useState<string[]>([])
  const after = cursors.at(-1)
  const { data, error, mutate } = useSWR(
    ['coupon', couponId, status, after],
    () => couponsApi.get(couponId, { status: status || undefined, after }),
    { keepPreviousData: true },
  )
  const [threshold, setThreshold] = useState<string | null>(null)
  const [thresholdError, setThresholdError] = useState<string | undefined>()
  const [deleting, setDeleting] = useState(false)
  const [busy, setBusy] = useState(false)

  if (error && !data) {
    return (
      <Page>
        <PageHead title={t('title')} />
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
  const c = data.coupon
  const shownThreshold = threshold ?? (c.lowBalanceThreshold === null ? '' : String(c.lowBalanceThreshold))

  async function saveThreshold() {
    setBusy(true)
    setThresholdError(undefined)
    try {
      await couponsApi.update(couponId, {
        lowBalanceThreshold: shownThreshold.trim() === '' ? null : Number(shownThreshold),
      })
      setThreshold(null)
      await mutate()
      toast.show({ variant: 'success', content: t('saved') })
    } catch (err) {
      const f = readHttpFailure(err)
      setThresholdError(f.fieldErrors.lowBalanceThreshold ?? f.message ?? t('saveError'))
    } finally {
      setBusy(false)
    }
  }
  async function remove() {
    setBusy(true)
    try {
      await couponsApi.remove(couponId)
      toast.show({ variant: 'success', content: t('deleted', { name: c.externalId }) })
      router.push('/coupons')
    } catch (err) {
      toast.show({ variant: 'error', content: readHttpFailure(err).message ?? t('saveError') })
      setBusy(false)
    }
  }
  const statusLabel = (s: string) => (t.has(`statuses.${s}`) ? t(`statuses.${s}`) : s)
  return (
    <Page>
      <PageHead
        title={c.externalId}
        description={c.description || t('couponDescriptionEmpty')}
        actions={
          <>
            <LinkButton href={`/coupon/${encodeURIComponent(c.id)}/history`} data-testid="coupon-history">
              {th('link')}
            </LinkButton>
            {canWrite && (
              <>
                <LinkButton
                  href={`/uploaded-coupon/${encodeURIComponent(c.id)}/import/file`}
                  variant="primary"
                  data-testid="upload-codes"
                >
                  {t('uploadCodes')}
                </LinkButton>
                {c.integrationKey === 'shopify' && <PushCouponButton couponId={c.id} />}
                <Button variant="tertiary" onClick={() => setDeleting(true)}>
                  {t('delete')}
                </Button>
              </>
            )}
          </>
        }
      />
      <PageBody>
        <div className={styles.stack}>
          {c.lowBalance && (
            <Notification variant="warning">
              {t('lowBalanceNotice', { left: c.counts.unassigned, threshold: c.lowBalanceThreshold ?? 0 })}
            </Notification>
          )}
          <Card title={t('codesTitle')}>
            <dl className={styles.facts} data-testid="coupon-counts">
              <div>
                <dt>{t('colLeft')}</dt>
                <dd>{format.number(c.counts.unassigned)}</dd>
              </div>
              <div>
                <dt>{t('colGiven')}</dt>
                <dd>{format.number(c.counts.assigned)}</dd>
              </div>
              <div>
                <dt>{t('colUsed')}</dt>
                <dd>{format.number(c.counts.used)}</dd>
              </div>
              <div>
                <dt>{t('total')}</dt>
                <dd>{format.number(c.counts.total)}</dd>
              </div>
            </dl>
          </Card>
          <Card title={t('thresholdTitle')}>
            <div className={styles.row}>
              <TextField
                label={t('threshold')}
                name="lowBalanceThreshold"
                type="number"
                min={0}
                value={shownThreshold}
                error={thresholdError}
                hint={t('thresholdHint')}
                disabled={!canWrite}
                onChange={(e) => setThreshold(e.target.value)}
              />
              {canWrite && (
                <Button onClick={() => void saveThreshold()} loading={busy} disabled={threshold === null}>
                  {t('save')}
                </Button>
              )}
            </div>
          </Card>
          <Card title={t('codeListTitle')}>
            <div className={styles.row}>
              <Select
                label={t('filterStatus')}
                name="status"
                value={status}
                onChange={(e) => {
                  setStatus(e.target.value)
                  setCursors([])
                }}
                options={[
                  { value: '', label: t('allStatuses') },
                  ...STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
                ]}
              />
            </div>
            <Table
              caption={t('codeListTitle')}
              empty={c.counts.total === 0 ? t('noCodesYet') : t('noCodesWithStatus')}
              columns={[
                { key: 'code', header: t('colCode') },
                { key: 'status', header: t('colStatus') },
                { key: 'profile', header: t('colProfile') },
                { key: 'expires', header: t('colExpires'), align: 'right' },
              ]}
              rows={data.codes.map((x) => ({
                id: x.id,
                code: <span className={styles.code}>{x.code}</span>,
                status: (
                  <Badge variant={x.status === 'UNASSIGNED' ? 'success' : x.status === 'USED' ? 'neutral' : 'info'}>
                    {statusLabel(x.status)}
                  </Badge>
                ),
                profile: x.profileId ? (
                  <span>
                    <Link href={`/profile/${encodeURIComponent(x.profileId)}`}>{x.profileEmail ?? x.profileId}</Link>
                    {x.assignedAt && (
                      <span className={styles.muted}>
                        {' '}
                        · {format.dateTime(new Date(x.assignedAt), { dateStyle: 'medium' })}
                      </span>
                    )}
                  </span>
                ) : (
                  '—'
                ),
                expires: x.expiresAt ? format.dateTime(new Date(x.expiresAt), { dateStyle: 'medium' }) : '—',
              }))}
            />
            <div className={styles.footer}>
              {cursors.length > 0 && (
                <Button variant="tertiary" onClick={() => setCursors(cursors.slice(0, -1))}>
                  {t('previous')}
                </Button>
              )}
              {data.nextCursor && (
                <Button variant="tertiary" onClick={() => setCursors([...cursors, data.nextCursor!])}>
                  {t('next')}
                </Button>
              )}
            </div>
          </Card>
        </div>
      </PageBody>
      <ConfirmModal
        open={deleting}
        title={t('deleteTitle', { name: c.externalId })}
        confirmLabel={t('delete')}
        busy={busy}
        error={null}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(false)}
      >
        {t('deleteBody', { count: c.counts.total })}
      </ConfirmModal>
    </Page>
  )
}

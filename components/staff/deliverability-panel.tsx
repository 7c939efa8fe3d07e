'use client'
// /staff/deliverability: the account's sends of the last 30 days by status, and its suspension:
// suspend with a reason (the send policy skips every message, the account sees a banner) or lift.
import { useState } from 'react'
import { useFormatter, useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { Table } from '@/components/ui/table'
import { accountUrl, errorText, staffSend } from './staff-api'
import { PanelState, useAccountData } from './account-panel'
import styles from './staff.module.css'

type Suspension = { id: number; reason: string; createdAt: string; liftedAt: string | null }
type Review = { active: Suspension | null; history: Suspension[]; last30Days: Record<string, number> }

export function DeliverabilityPanel({ companyId }: { companyId: number }) {
  const t = useTranslations('staff')
  const format = useFormatter()
  const url = accountUrl(companyId, 'deliverability')
  const { data, error, isLoading, mutate } = useAccountData<Review>(url)
  const [reason, setReason] = useState('')
  const [failed, setFailed] = useState<string | null>(null)
  if (!data) return <PanelState error={error} loading={isLoading} retry={() => mutate()} />
  const act = async (method: 'POST' | 'DELETE') => {
    setFailed(null)
    try {
      await staffSend(method, url, method === 'POST' ? { reason } : undefined)
      setReason('')
      await mutate()
    } catch (e) {
      setFailed(errorText(e))
    }
  }
  const date = (d: string) => format.dateTime(new Date(d), { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <div className={styles.stack}>
      {failed && <Notification variant="error">{failed}</Notification>}
      <Table
        caption={t('sendsByStatus')}
        columns={[
          { key: 'status', header: t('status') },
          { key: 'count', header: t('count'), align: 'right' },
        ]}
        rows={Object.entries(data.last30Days).map(([status, count]) => ({
          id: status,
          status,
          count: format.number(count),
        }))}
        empty={t('noSends')}
      />
      {data.active ? (
        <Notification
          variant="warning"
          title={t('suspendedSince', { date: date(data.active.createdAt) })}
          action={{ label: t('lift'), onClick: () => act('DELETE') }}
        >
          {data.active.reason}
        </Notification>
      ) : (
        <form
          className={styles.row}
          onSubmit={(e) => {
            e.preventDefault()
            void act('POST')
          }}
        >
          <TextField
            className={styles.grow}
            name="reason"
            label={t('suspendReason')}
            required
            minLength={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <Button type="submit" variant="danger">
            {t('suspend')}
          </Button>
        </form>
      )}
      <Table
        caption={t('history')}
        columns={[
          { key: 'reason', header: t('reason') },
          { key: 'from', header: t('from') },
          { key: 'to', header: t('to') },
        ]}
        rows={data.history.map((h) => ({
          id: h.id,
          reason: h.reason,
          from: date(h.createdAt),
          to: h.liftedAt ? date(h.liftedAt) : '–',
        }))}
        empty={t('noHistory')}
      />
    </div>
  )
}

'use client'
// /staff/audit: every staff action and access, newest first; filter by account.
import { useState } from 'react'
import useSWRInfinite from 'swr/infinite'
import { useFormatter, useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Table } from '@/components/ui/table'
import { PanelState } from './account-panel'
import { staffGet } from './staff-api'
import styles from './staff.module.css'

type Entry = {
  id: number
  staffEmail: string | null
  companyId: number | null
  action: string
  details: unknown
  ip: string | null
  createdAt: string
}
type AuditPage = { entries: Entry[]; nextBefore: number | null }

export function AuditPanel() {
  const t = useTranslations('staff')
  const format = useFormatter()
  const [account, setAccount] = useState('')
  const filter = /^\d+$/.test(account) ? `&companyId=${account}` : ''
  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite<AuditPage>(
    (i, prev: AuditPage | null) =>
      i === 0
        ? `/ajax/staff/audit?x=1${filter}`
        : prev?.nextBefore
          ? `/ajax/staff/audit?before=${prev.nextBefore}${filter}`
          : null,
    staffGet,
  )
  const entries = (data ?? []).flatMap((p) => p.entries)
  return (
    <div className={styles.stack}>
      <TextField
        name="account"
        label={t('filterAccount')}
        inputMode="numeric"
        value={account}
        onChange={(e) => setAccount(e.target.value.trim())}
      />
      {!data ? (
        <PanelState error={error} loading={isLoading} retry={() => mutate()} />
      ) : (
        <div className={styles.scroll}>
          <Table
            caption={t('auditCaption')}
            columns={[
              { key: 'when', header: t('when') },
              { key: 'who', header: t('who') },
              { key: 'account', header: t('account') },
              { key: 'action', header: t('action') },
              { key: 'details', header: t('details') },
            ]}
            rows={entries.map((e) => ({
              id: e.id,
              when: format.dateTime(new Date(e.createdAt), { dateStyle: 'short', timeStyle: 'medium' }),
              who: e.staffEmail ?? '–',
              account: e.companyId ?? '–',
              action: <span className={styles.mono}>{e.action}</span>,
              details: <span className={styles.mono}>{JSON.stringify(e.details)}</span>,
            }))}
            empty={t('noAudit')}
          />
        </div>
      )}
      {data?.[data.length - 1]?.nextBefore && (
        <div>
          <Button onClick={() => setSize(size + 1)}>{t('more')}</Button>
        </div>
      )}
    </div>
  )
}

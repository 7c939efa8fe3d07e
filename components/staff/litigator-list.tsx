'use client'
// A list of numbers never to be texted: upload a CSV (a phone column, else the first column),
// see and remove numbers. The staff's list for every account (/staff/compliance) and an
// account's own (/litigator-upload) share it; the send policy skips both.
import { useState } from 'react'
import { useFormatter, useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Table } from '@/components/ui/table'
import { PanelState, useAccountData } from './account-panel'
import { errorText, staffSend } from './staff-api'
import styles from './staff.module.css'

type Page = {
  numbers: { id: number; number: string; createdAt: string }[]
  total: number
  page: number
  pageSize: number
}
type Upload = { added: number; alreadyListed: number; invalid: { row: number; value: string }[] }

export function LitigatorList({ url }: { url: string }) {
  const t = useTranslations('staff')
  const format = useFormatter()
  const [page, setPage] = useState(1)
  const { data, error, isLoading, mutate } = useAccountData<Page>(`${url}?page=${page}`)
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null)
  const [busy, setBusy] = useState(false)

  const upload = async (file: File | undefined) => {
    if (!file) return
    setBusy(true)
    setStatus(null)
    try {
      const r = await staffSend<Upload>('POST', url, { csv: await file.text() })
      setStatus({
        ok: true,
        text: t('uploadDone', { added: r.added, already: r.alreadyListed, invalid: r.invalid.length }),
      })
      setPage(1)
      await mutate()
    } catch (e) {
      setStatus({ ok: false, text: errorText(e) })
    } finally {
      setBusy(false)
    }
  }
  const remove = async (id: number) => {
    try {
      await staffSend('DELETE', `${url}/${id}`)
      await mutate()
    } catch (e) {
      setStatus({ ok: false, text: errorText(e) })
    }
  }

  return (
    <div className={styles.stack}>
      <div className={styles.stack}>
        <label className={styles.label} htmlFor="litigator-csv">
          {t('uploadCsv')}
        </label>
        <input
          id="litigator-csv"
          type="file"
          accept=".csv,text/csv,text/plain"
          disabled={busy}
          onChange={(e) => void upload(e.target.files?.[0])}
        />
        <p className={styles.muted}>{t('uploadHint')}</p>
      </div>
      {status && <Notification variant={status.ok ? 'success' : 'error'}>{status.text}</Notification>}
      {!data ? (
        <PanelState error={error} loading={isLoading} retry={() => mutate()} />
      ) : (
        <>
          <Table
            caption={t('numbersTotal', { count: data.total })}
            columns={[
              { key: 'number', header: t('number') },
              { key: 'added', header: t('added') },
              { key: 'action', header: '', align: 'right' },
            ]}
            rows={data.numbers.map((n) => ({
              id: n.id,
              number: <span className={styles.mono}>{n.number}</span>,
              added: format.dateTime(new Date(n.createdAt), { dateStyle: 'medium' }),
              action: (
                <Button size="small" variant="tertiary" onClick={() => remove(n.id)}>
                  {t('remove')}
                </Button>
              ),
            }))}
            empty={t('noNumbers')}
          />
          <div className={styles.row}>
            <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('previous')}
            </Button>
            <Button size="small" disabled={page * data.pageSize >= data.total} onClick={() => setPage(page + 1)}>
              {t('next')}
            </Button>
          </div>
        </>
      )}
    </div>
  )
}

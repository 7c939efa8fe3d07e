'use client'
// /staff/sql-explorer: a SELECT over the chosen account's rows only (the server puts a CTE per
// table in front of it), read-only, at most the row cap, stopped at the timeout. Every query is
// written to the staff audit trail before it runs.
import { useState } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Table } from '@/components/ui/table'
import { accountUrl, errorText, staffGet, staffSend } from './staff-api'
import styles from './staff.module.css'

type Result = { columns: string[]; rows: unknown[][]; truncated: boolean; ms: number }
type Info = { tables: string[]; rowCap: number; timeoutMs: number }

const cell = (v: unknown) => (v === null ? 'NULL' : typeof v === 'object' ? JSON.stringify(v) : String(v))

export function SqlExplorerPanel({ companyId }: { companyId: number }) {
  const t = useTranslations('staff')
  const { data: info } = useSWR<Info>('/ajax/staff/sql-explorer', staffGet)
  const [sql, setSql] = useState('SELECT email, "createdAt" FROM Profile ORDER BY "createdAt" DESC LIMIT 20')
  const [result, setResult] = useState<Result | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const run = async (e: React.FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setFailed(null)
    try {
      setResult(await staffSend<Result>('POST', accountUrl(companyId, 'sql'), { sql }))
    } catch (err) {
      setResult(null)
      setFailed(errorText(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className={styles.stack}>
      {info && (
        <p className={styles.muted}>
          {t('sqlLimits', { rows: info.rowCap, seconds: info.timeoutMs / 1000 })}{' '}
          <span className={styles.mono}>{info.tables.join(', ')}</span>
        </p>
      )}
      <form className={styles.stack} onSubmit={run}>
        <label className={styles.label} htmlFor="staff-sql">
          {t('sqlLabel')}
        </label>
        <textarea
          id="staff-sql"
          className={styles.textarea}
          value={sql}
          spellCheck={false}
          onChange={(e) => setSql(e.target.value)}
        />
        <div>
          <Button type="submit" variant="primary" loading={busy}>
            {t('run')}
          </Button>
        </div>
      </form>
      {failed && <Notification variant="error">{failed}</Notification>}
      {result && (
        <>
          <p className={styles.muted}>
            {t('sqlResult', { rows: result.rows.length, ms: result.ms })}
            {result.truncated && ` ${t('sqlTruncated')}`}
          </p>
          <div className={styles.scroll}>
            <Table
              caption={t('results')}
              columns={result.columns.map((c, i) => ({ key: `c${i}`, header: c }))}
              rows={result.rows.map((r, n) => ({
                id: n,
                ...Object.fromEntries(
                  r.map((v, i) => [
                    `c${i}`,
                    <span className={styles.mono} key={i}>
                      {cell(v)}
                    </span>,
                  ]),
                ),
              }))}
              empty={t('noRows')}
            />
          </div>
        </>
      )}
    </div>
  )
}

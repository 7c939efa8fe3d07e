'use client'
// /developer-tools/logs: the account's /api requests of the last 7 days, searchable by path,
// status, key or app and time range, in pages of 25. Filters apply on submit.
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { buildUrl } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { readHttpFailure } from '@/components/auth/http-failure'
import { DEV_TOOLS, fetchJson, type DashboardDto, type RequestLogRowDto } from './api'
import { DeveloperToolsTabs } from './developer-tools-tabs'
import { RequestLogTable } from './request-log-table'
import styles from './developer-tools.module.css'

interface Filters {
  path: string
  status: string
  caller: string
  from: string
  to: string
}
const NONE: Filters = { path: '', status: '', caller: '', from: '', to: '' }
const PAGE_SIZE = 25

/** A datetime-local value (the browser's time zone) as an ISO instant. */
const instant = (local: string) => (local ? new Date(local).toISOString() : undefined)

type LogsPage = { rows: RequestLogRowDto[]; total: number; page: number; pageSize: number }

export function LogsScreen() {
  const t = useTranslations('developerTools')
  const tc = useTranslations('common')
  const [draft, setDraft] = useState<Filters>(NONE)
  const [applied, setApplied] = useState<Filters>(NONE)
  const [page, setPage] = useState(1)
  const url = buildUrl(`${DEV_TOOLS}/logs`, {
    path: applied.path || undefined,
    status: applied.status || undefined,
    caller: applied.caller || undefined,
    from: instant(applied.from),
    to: instant(applied.to),
    page,
    pageSize: PAGE_SIZE,
  })
  const { data, error, mutate } = useSWR(url, fetchJson<LogsPage>, { keepPreviousData: true })
  // The callers seen in the last 7 days, for the key/app filter.
  const { data: dash } = useSWR(`${DEV_TOOLS}/dashboard`, fetchJson<DashboardDto>)
  const fieldErrors = error ? readHttpFailure(error).fieldErrors : {}
  const badFilters = Object.keys(fieldErrors).length > 0

  function apply(e: FormEvent) {
    e.preventDefault()
    setApplied(draft)
    setPage(1)
  }
  const set = (k: keyof Filters) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [k]: e.target.value }))
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1

  return (
    <Page>
      <PageHead title={t('logsTitle')} description={t('logsDescription')} />
      <PageBody>
        <DeveloperToolsTabs current="/developer-tools/logs" />
        <form className={styles.filters} onSubmit={apply} role="search" aria-label={t('filtersLabel')}>
          <TextField
            label={t('filterPath')}
            name="path"
            value={draft.path}
            onChange={set('path')}
            placeholder="/api/events"
            error={fieldErrors.path}
          />
          <Select
            label={t('filterStatus')}
            name="status"
            value={draft.status}
            onChange={set('status')}
            error={fieldErrors.status}
            options={[
              { value: '', label: t('anyStatus') },
              { value: 'errors', label: t('statusErrors') },
              { value: '2xx', label: '2xx' },
              { value: '4xx', label: '4xx' },
              { value: '5xx', label: '5xx' },
              { value: '400', label: '400' },
              { value: '401', label: '401' },
              { value: '403', label: '403' },
              { value: '404', label: '404' },
              { value: '429', label: '429' },
              { value: '500', label: '500' },
            ]}
          />
          <Select
            label={t('filterCaller')}
            name="caller"
            value={draft.caller}
            onChange={set('caller')}
            error={fieldErrors.caller}
            options={[
              { value: '', label: t('anyCaller') },
              ...(dash?.callers ?? []).map((c) => ({
                value: c.caller.id,
                label: c.caller.kind === 'app' ? t('callerApp', { name: c.caller.name }) : c.caller.name,
              })),
            ]}
          />
          <TextField
            label={t('filterFrom')}
            name="from"
            type="datetime-local"
            value={draft.from}
            onChange={set('from')}
            error={fieldErrors.from}
          />
          <TextField
            label={t('filterTo')}
            name="to"
            type="datetime-local"
            value={draft.to}
            onChange={set('to')}
            error={fieldErrors.to}
          />
          <div className={styles.row}>
            <Button type="submit" variant="primary">
              {t('search')}
            </Button>
            <Button
              onClick={() => {
                setDraft(NONE)
                setApplied(NONE)
                setPage(1)
              }}
            >
              {t('clearFilters')}
            </Button>
          </div>
        </form>
        {error && !badFilters && (
          <Notification variant="error" action={{ label: tc('retry'), onClick: () => void mutate() }}>
            {t('loadError')}
          </Notification>
        )}
        {!data && !error && (
          <div className={styles.loading}>
            <Spinner size="large" />
          </div>
        )}
        {data && (
          <>
            <RequestLogTable rows={data.rows} caption={t('logsTitle')} />
            <div className={styles.pager}>
              <span className={styles.muted} data-testid="logs-total">
                {t('pageOf', { page: data.page, pages, total: data.total })}
              </span>
              <div className={styles.row}>
                <Button size="small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                  {t('previous')}
                </Button>
                <Button size="small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                  {t('next')}
                </Button>
              </div>
            </div>
          </>
        )}
      </PageBody>
    </Page>
  )
}

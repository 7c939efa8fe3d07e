'use client'
// /cdp/code/function/{functionId}: the function's invocations, newest first, filterable by
// status and paged; /cdp/code/function/{functionId}/{invocationId}: one invocation with its
// input, output, logs and error.
import Link from 'next/link'
import { useState } from 'react'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { Button, LinkButton } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { Spinner } from '@/components/ui/spinner'
import { readHttpFailure } from '@/components/auth/http-failure'
import { CDP_WRITE, type FunctionDto, type InvocationDetailDto, type InvocationDto } from './types'
import styles from './cdp-code.module.css'
import screen from '@/components/ui/form-screen.module.css'

type Page_ = { function: FunctionDto; invocations: InvocationDto[]; hasMore: boolean }

function StatusBadge({ status }: { status: string }) {
  const t = useTranslations('cdpCode')
  if (status === 'ok') return <Badge variant="success">{t('statusOk')}</Badge>
  if (status === 'error') return <Badge variant="danger">{t('statusError')}</Badge>
  return <Badge variant="info">{t('statusPending')}</Badge>
}

export function FunctionInvocationsScreen({ functionId, invocationId }: { functionId: string; invocationId?: string }) {
  const t = useTranslations('cdpCode')
  const tc = useTranslations('common')
  const format = useFormatter()
  const canWrite = usePermission(CDP_WRITE)
  const [status, setStatus] = useState('')
  const [before, setBefore] = useState<string[]>([])
  const cursor = before[before.length - 1]
  const qs = new URLSearchParams({ ...(status ? { status } : {}), ...(cursor ? { before: cursor } : {}) }).toString()
  const key = `/ajax/cdp/code/functions/${functionId}/invocations${qs ? `?${qs}` : ''}`
  const { data, error, isLoading, mutate } = useSWR(invocationId ? null : key, (u: string) =>
    http.get<Page_>(u).then((r) => r.data),
  )

  if (invocationId) return <InvocationDetail functionId={functionId} invocationId={invocationId} />

  const gone = error && readHttpFailure(error).status === 404
  let body
  if (error)
    body = (
      <Notification variant="error" action={gone ? undefined : { label: tc('retry'), onClick: () => void mutate() }}>
        {gone ? t('notFound') : t('loadError')}
      </Notification>
    )
  else if (isLoading || !data)
    body = (
      <div className={screen.loading}>
        <Spinner size="large" />
      </div>
    )
  else if (!data.invocations.length && !status && !cursor)
    body = (
      <EmptyState
        heading={t('noInvocationsHeading')}
        body={t('noInvocationsBody', { metric: data.function.triggerMetric })}
      />
    )
  else
    body = (
      <div className={screen.form}>
        <Table
          caption={t('invocationsCaption')}
          empty={t('noInvocationsFiltered')}
          columns={[
            { key: 'when', header: t('columnWhen') },
            { key: 'status', header: t('columnStatus') },
            { key: 'duration', header: t('columnDuration') },
            { key: 'event', header: t('columnEvent') },
            { key: 'error', header: t('columnError') },
          ]}
          rows={data.invocations.map((i) => ({
            id: i.id,
            when: (
              <Link
                className={screen.name}
                href={`/cdp/code/function/${functionId}/${i.id}`}
                data-testid={`invocation-${i.id}`}
              >
                {format.dateTime(new Date(i.createdAt), { dateStyle: 'medium', timeStyle: 'medium' })}
              </Link>
            ),
            status: <StatusBadge status={i.status} />,
            duration: i.durationMs == null ? '—' : t('ms', { ms: i.durationMs }),
            event: i.eventId ?? '—',
            error: i.error ? <span className={screen.muted}>{i.error}</span> : '',
          }))}
        />
        <div className={styles.actions}>
          {before.length > 0 && <Button onClick={() => setBefore(before.slice(0, -1))}>{t('newer')}</Button>}
          {data.hasMore && (
            <Button onClick={() => setBefore([...before, data.invocations[data.invocations.length - 1]!.createdAt])}>
              {t('older')}
            </Button>
          )}
        </div>
      </div>
    )

  return (
    <Page>
      <PageHead
        title={data?.function.name ?? t('invocationsTitle')}
        description={data ? t('invocationsDescription', { metric: data.function.triggerMetric }) : undefined}
        actions={
          <div className={styles.actions}>
            <LinkButton href="/cdp/code/dashboard">{t('backToDashboard')}</LinkButton>
            {canWrite && data && (
              <LinkButton
                variant="primary"
                href={`/cdp/code/create?functionId=${functionId}`}
                data-testid="edit-function"
              >
                {t('editCode')}
              </LinkButton>
            )}
          </div>
        }
      />
      <PageBody>
        <div className={screen.stack}>
          {data && (
            <div className={styles.row}>
              <Select
                label={t('filterStatus')}
                name="status"
                value={status}
                onChange={(e) => {
                  setStatus(e.target.value)
                  setBefore([])
                }}
                options={[
                  { value: '', label: t('allStatuses') },
                  { value: 'ok', label: t('statusOk') },
                  { value: 'error', label: t('statusError') },
                  { value: 'pending', label: t('statusPending') },
                ]}
              />
              {data.function.enabled ? <Badge variant="success">{t('enabled')}</Badge> : <Badge>{t('disabled')}</Badge>}
            </div>
          )}
          {body}
        </div>
      </PageBody>
    </Page>
  )
}

function InvocationDetail({ functionId, invocationId }: { functionId: string; invocationId: string }) {
  const t = useTranslations('cdpCode')
  const tc = useTranslations('common')
  const format = useFormatter()
  const { data, error, mutate } = useSWR(
    `/ajax/cdp/code/functions/${functionId}/invocations/${invocationId}`,
    (u: string) => http.get<{ invocation: InvocationDetailDto }>(u).then((r) => r.data.invocation),
  )
  const gone = error && readHttpFailure(error).status === 404
  let body
  if (error)
    body = (
      <Notification variant="error" action={gone ? undefined : { label: tc('retry'), onClick: () => void mutate() }}>
        {gone ? t('invocationNotFound') : t('loadError')}
      </Notification>
    )
  else if (!data)
    body = (
      <div className={screen.loading}>
        <Spinner size="large" />
      </div>
    )
  else
    body = (
      <div className={screen.stack} data-testid="invocation-detail">
        <div className={styles.row}>
          <StatusBadge status={data.status} />
          <span className={screen.muted}>
            {format.dateTime(new Date(data.createdAt), { dateStyle: 'medium', timeStyle: 'medium' })}
            {data.durationMs != null ? ` · ${t('ms', { ms: data.durationMs })}` : ''}
          </span>
        </div>
        {data.error && <Notification variant="error">{data.error}</Notification>}
        <Card title={t('logs')}>
          <pre className={styles.pre} data-testid="invocation-logs">
            {data.logs.length ? data.logs.join('\n') : t('noLogs')}
          </pre>
        </Card>
        <div className={styles.sideBySide}>
          <Card title={t('input')}>
            <pre className={styles.pre}>{JSON.stringify(data.input, null, 2)}</pre>
          </Card>
          <Card title={t('output')}>
            <pre className={styles.pre}>{JSON.stringify(data.output, null, 2)}</pre>
          </Card>
        </div>
      </div>
    )
  return (
    <Page>
      <PageHead
        title={t('invocationTitle')}
        actions={<LinkButton href={`/cdp/code/function/${functionId}`}>{t('backToInvocations')}</LinkButton>}
      />
      <PageBody>{body}</PageBody>
    </Page>
  )
}

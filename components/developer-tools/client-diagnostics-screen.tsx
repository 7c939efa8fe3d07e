'use client'
// /client-diagnostics: is the onsite script installed (the store origins it pinged from, and
// when), which onsite events arrived lately and from where, and a button that sends a test
// Active on Site event through the same ingest, to see the pipeline answer.
import { useState } from 'react'
import useSWR from 'swr'
import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { DEV_TOOLS, fetchJson, type DiagnosticsDto } from './api'
import { DeveloperToolsTabs } from './developer-tools-tabs'
import styles from './developer-tools.module.css'

export function ClientDiagnosticsScreen() {
  const t = useTranslations('developerTools')
  const tc = useTranslations('common')
  const format = useFormatter()
  const canWrite = usePermission(['applications_write'])
  const { data, error, mutate } = useSWR(`${DEV_TOOLS}/client-diagnostics`, fetchJson<DiagnosticsDto>)
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState<'ok' | 'failed' | null>(null)
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' })
  const sourceLabel = {
    onsite: t('sourceOnsite'),
    test: t('sourceTest'),
    sample: t('sourceSample'),
    api: t('sourceApi'),
  }

  async function sendTest() {
    setSending(true)
    try {
      await http.post(`${DEV_TOOLS}/client-diagnostics/test-event`)
      setSent('ok')
      await mutate()
    } catch {
      setSent('failed')
    } finally {
      setSending(false)
    }
  }

  let body
  if (error)
    body = (
      <Notification variant="error" action={{ label: tc('retry'), onClick: () => void mutate() }}>
        {t('loadError')}
      </Notification>
    )
  else if (!data)
    body = (
      <div className={styles.loading}>
        <Spinner size="large" />
      </div>
    )
  else {
    body = (
      <div className={styles.stack}>
        <Notification variant={data.installed ? 'success' : 'warning'}>
          {data.installed ? (
            t('installed')
          ) : (
            <>
              {t('notInstalled')} <Link href="/wizard/web-tracking">{t('installLink')}</Link>
            </>
          )}
        </Notification>
        <Card title={t('installsTitle')}>
          <Table
            caption={t('installsTitle')}
            empty={t('installsEmpty')}
            columns={[
              { key: 'origin', header: t('colOrigin') },
              { key: 'first', header: t('colFirstSeen') },
              { key: 'last', header: t('colLastSeen') },
              { key: 'pings', header: t('colPings'), align: 'right' },
            ]}
            rows={data.installs.map((i) => ({
              id: i.origin,
              origin: <span className={styles.code}>{i.origin}</span>,
              first: when(i.firstSeenAt),
              last: (
                <>
                  {when(i.lastSeenAt)} {i.stale && <Badge variant="warning">{t('stale')}</Badge>}
                </>
              ),
              pings: format.number(i.pings),
            }))}
          />
        </Card>
        <Card
          title={t('recentEventsTitle')}
          actions={
            canWrite && (
              <Button onClick={() => void sendTest()} loading={sending} data-testid="send-test-event">
                {t('sendTestEvent')}
              </Button>
            )
          }
        >
          {sent === 'ok' && <Notification variant="success">{t('testEventSent')}</Notification>}
          {sent === 'failed' && <Notification variant="error">{t('testEventFailed')}</Notification>}
          <Table
            caption={t('recentEventsTitle')}
            empty={t('recentEventsEmpty')}
            columns={[
              { key: 'time', header: t('colTime') },
              { key: 'metric', header: t('colMetric') },
              { key: 'profile', header: t('colProfile') },
              { key: 'source', header: t('colSource') },
              { key: 'page', header: t('colPage') },
            ]}
            rows={data.events.map((e) => ({
              id: e.id,
              time: when(e.time),
              metric: e.metric,
              profile: e.email ?? '—',
              source: <Badge variant={e.source === 'onsite' ? 'success' : 'neutral'}>{sourceLabel[e.source]}</Badge>,
              page: e.page ? <span className={styles.code}>{e.page}</span> : '—',
            }))}
          />
        </Card>
      </div>
    )
  }
  return (
    <Page>
      <PageHead title={t('diagnosticsTitle')} description={t('diagnosticsDescription')} />
      <PageBody>
        <DeveloperToolsTabs current="/client-diagnostics" />
        {body}
      </PageBody>
    </Page>
  )
}

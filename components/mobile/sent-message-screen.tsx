'use client'
// /notification/{messageType}/{messageId}/{action}/{recipientId?} and /sms/… : a push or SMS
// message of a campaign or flow, as a report (its sends by status and the latest recipients,
// each opening its own view) or as a preview (rendered for the recipient, or a sample profile).
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { Spinner } from '@/components/ui/spinner'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import type { messagePreview, messageReport } from '@/lib/mobile/message-report'
import { PushPreviewFrames } from './push-preview-frames'
import styles from './mobile-editor.module.css'

type Report = Awaited<ReturnType<typeof messageReport>>
type Preview = Awaited<ReturnType<typeof messagePreview>>

export interface SentMessageProps {
  channel: 'push' | 'sms'
  messageType: string
  messageId: string
  action: string
  recipientId?: string
}

export function SentMessageScreen(p: SentMessageProps) {
  const t = useTranslations('sentMessage')
  const base = `/ajax/${p.channel}/messages/${encodeURIComponent(p.messageId)}/report`
  const qs = `?messageType=${encodeURIComponent(p.messageType)}${p.recipientId ? `&recipientId=${encodeURIComponent(p.recipientId)}` : ''}`
  const isPreview = p.action === 'preview'
  const known = isPreview || p.action === 'report'
  const report = useSWR<Report>(known && !isPreview ? base + qs : null, (u: string) =>
    http.get<Report>(u).then((r) => r.data),
  )
  const preview = useSWR<Preview>(isPreview ? base + qs : null, (u: string) =>
    http.post<Preview>(u, {}).then((r) => r.data),
  )
  const title = t(p.channel === 'push' ? 'titlePush' : 'titleSms')
  const state = isPreview ? preview : report
  return (
    <Page>
      <PageHead
        title={title}
        description={p.recipientId ? t('forRecipient') : t(isPreview ? 'previewSample' : 'wholeMessage')}
      />
      <PageBody>
        {!known ? (
          <EmptyState heading={t('unknownAction')} body={t('unknownActionBody')} />
        ) : state.error ? (
          <Notification variant="error" action={{ label: t('retry'), onClick: () => void state.mutate() }}>
            {t('loadError')}
          </Notification>
        ) : !state.data ? (
          <div className={styles.loading}>
            <Spinner size="large" />
          </div>
        ) : isPreview ? (
          <PreviewBody data={preview.data!} />
        ) : (
          <ReportBody data={report.data!} {...p} />
        )}
      </PageBody>
    </Page>
  )
}

function PreviewBody({ data }: { data: Preview }) {
  const t = useTranslations('sentMessage')
  if (data.channel === 'push' && 'push' in data && data.push)
    return (
      <Card title={data.name || t('titlePush')}>
        <PushPreviewFrames preview={data.push} onLoad={() => undefined} />
      </Card>
    )
  const sms = 'sms' in data ? data.sms : null
  return (
    <Card title={data.name || t('titleSms')}>
      <div className={styles.phone}>
        <div className={styles.bubble} data-testid="sms-preview">
          {sms?.text}
        </div>
      </div>
      {sms && <p className={styles.meta}>{t('segments', { segments: sms.estimate.segments })}</p>}
    </Card>
  )
}

function ReportBody({ data, ...p }: { data: Report } & SentMessageProps) {
  const t = useTranslations('sentMessage')
  const format = useFormatter()
  const prefix = p.channel === 'push' ? '/notification' : '/sms'
  const counts = Object.entries(data.counts)
  return (
    <div className={styles.stack}>
      <Card title={data.message.name || t('summary')}>
        {counts.length ? (
          <div className={styles.actions}>
            {counts.map(([status, n]) => (
              <Badge key={status}>{t('count', { status, count: n })}</Badge>
            ))}
          </div>
        ) : (
          <p className={styles.help}>{t('notSent')}</p>
        )}
      </Card>
      <Card title={t('recipients')} flush>
        <Table
          columns={[
            { key: 'who', header: t('recipient') },
            { key: 'status', header: t('status') },
            { key: 'at', header: t('sentAt') },
          ]}
          empty={t('noRecipients')}
          rows={data.recipients.map((r) => ({
            id: r.sendId,
            who: (
              <Link href={`${prefix}/${p.messageType}/${p.messageId}/preview/${r.profileId}`}>
                {r.name || r.email || r.phoneNumber || r.profileId}
              </Link>
            ),
            status: (
              <span title={r.error ?? r.reason ?? undefined}>
                <Badge>{r.status}</Badge>
              </span>
            ),
            at: r.sentAt ? format.dateTime(new Date(r.sentAt), { dateStyle: 'medium', timeStyle: 'short' }) : '—',
          }))}
        />
      </Card>
    </div>
  )
}

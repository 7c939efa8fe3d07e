'use client'
// The delivery log of one webhook: each event sent (or being retried) with its status,
// attempts, the endpoint's answer and the next retry.
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Badge, type BadgeVariant } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import type { DeliveryDto } from './types'
import styles from './webhooks.module.css'
import screen from '@/components/ui/form-screen.module.css'

const VARIANT: Record<string, BadgeVariant> = {
  delivered: 'success',
  retrying: 'warning',
  sending: 'info',
  pending: 'info',
  failed: 'danger',
  skipped: 'neutral',
}
const STATUS_KEY: Record<string, string> = {
  delivered: 'status_delivered',
  retrying: 'status_retrying',
  sending: 'status_sending',
  pending: 'status_pending',
  failed: 'status_failed',
  skipped: 'status_skipped',
}

export function WebhookDeliveriesCard({ webhookId }: { webhookId: string }) {
  const t = useTranslations('webhooks')
  const tc = useTranslations('common')
  const format = useFormatter()
  const { data, error, mutate, isValidating } = useSWR(`/ajax/webhooks/${webhookId}/deliveries`, (url: string) =>
    http.get<{ deliveries: DeliveryDto[] }>(url).then((r) => r.data),
  )
  const when = (iso: string | null) =>
    iso ? format.dateTime(new Date(iso), { dateStyle: 'short', timeStyle: 'medium' }) : '—'
  return (
    <Card
      title={t('deliveriesTitle')}
      flush
      actions={
        <Button size="small" loading={isValidating} onClick={() => void mutate()}>
          {t('refresh')}
        </Button>
      }
    >
      {error ? (
        <Notification variant="error" action={{ label: tc('retry'), onClick: () => void mutate() }}>
          {t('deliveriesLoadError')}
        </Notification>
      ) : (
        <Table
          caption={t('deliveriesTitle')}
          empty={t('deliveriesEmpty')}
          columns={[
            { key: 'created', header: t('columnTime') },
            { key: 'topic', header: t('columnTopic') },
            { key: 'status', header: t('columnStatus') },
            { key: 'attempts', header: t('columnAttempts'), align: 'right' },
            { key: 'response', header: t('columnResponse') },
          ]}
          rows={(data?.deliveries ?? []).map((d) => ({
            id: String(d.id),
            created: when(d.createdAt),
            topic: <span className={styles.code}>{d.topic}</span>,
            status: (
              <span>
                <Badge variant={VARIANT[d.status] ?? 'neutral'}>
                  {STATUS_KEY[d.status] ? t(STATUS_KEY[d.status]!) : d.status}
                </Badge>
                {d.status === 'retrying' && d.nextAttemptAt && (
                  <span className={screen.muted}>
                    <br />
                    {t('nextAttempt', { at: when(d.nextAttemptAt) })}
                  </span>
                )}
              </span>
            ),
            attempts: d.attempts,
            response: (
              <span>
                {d.responseCode != null ? <span className={styles.code}>HTTP {d.responseCode}</span> : null}
                {d.error && (
                  <span className={screen.muted}>
                    {d.responseCode != null ? <br /> : null}
                    {d.error}
                  </span>
                )}
                {d.responseCode == null && !d.error ? '—' : null}
              </span>
            ),
          }))}
        />
      )}
    </Card>
  )
}

'use client'
// One sent message: the rendered HTML in a sandboxed iframe, the text part, the headers and
// its delivery status, marked "not delivered" when it only reached the local outbox.
import { useState } from 'react'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Modal } from '@/components/ui/modal'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { messagesApi } from './messages-api'
import { StatusBadge } from './status-badge'
import { useSourceLabel } from './source-label'
import styles from './messages.module.css'

type Tab = 'html' | 'text' | 'headers'

export function MessageDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const t = useTranslations('sentMessages')
  const format = useFormatter()
  const [tab, setTab] = useState<Tab>('html')
  const sourceLabel = useSourceLabel()
  const { data: m, error } = useSWR(id ? ['sent-message', id] : null, () => messagesApi.get(id!))

  return (
    <Modal open={!!id} size="large" title={m?.subject || t('noSubject')} onClose={onClose}>
      {error ? (
        <Notification variant="error" title={t('loadError')} />
      ) : !m ? (
        <div className={styles.loading}>
          <Spinner />
        </div>
      ) : (
        <div className={styles.detail} data-testid="message-detail">
          {m.notDelivered && (
            <Notification variant="warning" title={t('notDeliveredTitle')}>
              {t('notDeliveredBody')}
            </Notification>
          )}
          <dl className={styles.meta}>
            <dt>{t('to')}</dt>
            <dd>{m.to ?? '—'}</dd>
            <dt>{t('from')}</dt>
            <dd>{m.from ?? '—'}</dd>
            <dt>{t('status')}</dt>
            <dd>
              <StatusBadge status={m.status} notDelivered={m.notDelivered} />
            </dd>
            <dt>{t('source')}</dt>
            <dd>{sourceLabel(m)}</dd>
            <dt>{t('created')}</dt>
            <dd>{format.dateTime(new Date(m.created), { dateStyle: 'medium', timeStyle: 'medium' })}</dd>
            {m.reason && (
              <>
                <dt>{t('reason')}</dt>
                <dd>{m.reason}</dd>
              </>
            )}
            {m.error && (
              <>
                <dt>{t('error')}</dt>
                <dd>{m.error}</dd>
              </>
            )}
          </dl>
          {m.bodyPrivate && <Notification variant="info" title={t('bodyPrivate')} />}
          <div className={styles.tabs} role="tablist" aria-label={t('partsLabel')}>
            {(['html', 'text', 'headers'] as const).map((k) => (
              <button
                key={k}
                type="button"
                role="tab"
                aria-selected={tab === k}
                onClick={() => setTab(k)}
                data-testid={`part-${k}`}
              >
                {k === 'html' ? t('partHtml') : k === 'text' ? t('partText') : t('partHeaders')}
              </button>
            ))}
          </div>
          {tab === 'html' &&
            (m.html ? (
              <iframe
                className={styles.frame}
                sandbox=""
                srcDoc={m.html}
                title={t('htmlFrameTitle')}
                data-testid="message-html"
              />
            ) : (
              <p className={styles.muted}>{t('noHtml')}</p>
            ))}
          {tab === 'text' && (
            <pre className={styles.pre} data-testid="message-text">
              {m.text ?? t('noText')}
            </pre>
          )}
          {tab === 'headers' &&
            (Object.keys(m.headers).length ? (
              <dl className={styles.headers} data-testid="message-headers">
                {Object.entries(m.headers).map(([k, v]) => (
                  <div key={k}>
                    <dt>{k}</dt>
                    <dd>{v}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className={styles.muted}>{t('noHeaders')}</p>
            ))}
        </div>
      )}
    </Modal>
  )
}

'use client'
// /flow/message/{messageId}/content: a flow message's content at a glance — the email's subject,
// preview text and template, or the SMS / push text — with the way into its editor (the email
// template editor, the SMS editor). /content/edit uses the same load and goes straight to the
// editor of the message's channel.
import { useEffect } from 'react'
import useSWR from 'swr'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { http, isHttpError } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { LinkButton } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import styles from '../code/flow-code.module.css'

interface Content {
  channel: string
  templateName?: string | null
  subject?: string | null
  previewText?: string | null
  title?: string | null
  body?: string
}

const editorOf = (messageId: string, channel: string) =>
  channel === 'email' || channel === 'internal-alert'
    ? `/flow/message/${encodeURIComponent(messageId)}/content/email`
    : channel === 'sms'
      ? `/flow/message/${encodeURIComponent(messageId)}/content/sms`
      : null

export function MessageContentScreen({ messageId, goToEditor = false }: { messageId: string; goToEditor?: boolean }) {
  const t = useTranslations('flowMessageContent')
  const router = useRouter()
  const { data, error, mutate } = useSWR(`/ajax/flow/message/${encodeURIComponent(messageId)}/content`, (u: string) =>
    http.get<{ content: Content }>(u).then((r) => r.data.content),
  )
  const editor = data ? editorOf(messageId, data.channel) : null
  useEffect(() => {
    if (goToEditor && editor) router.replace(editor)
  }, [goToEditor, editor, router])

  return (
    <Page>
      <PageHead
        title={t('title')}
        actions={
          editor && (
            <LinkButton variant="primary" href={editor}>
              {t('edit')}
            </LinkButton>
          )
        }
      />
      <PageBody>
        {error &&
          (isHttpError(error) && error.status === 404 ? (
            <EmptyState
              heading={t('notFound')}
              body={t('notFoundBody')}
              actions={<LinkButton href="/flows">{t('toFlows')}</LinkButton>}
            />
          ) : (
            <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
              {t('loadError')}
            </Notification>
          ))}
        {!data && !error && <Spinner size="large" label={t('loading')} />}
        {data && (
          <Card
            title={t(
              `channel.${data.channel === 'internal-alert' ? 'internal_alert' : ['email', 'sms', 'push'].includes(data.channel) ? data.channel : 'other'}`,
            )}
          >
            <dl className={styles.stack} data-testid="flow-message-content">
              {data.subject != null && (
                <div>
                  <dt className={styles.label}>{t('subject')}</dt>
                  <dd>{data.subject || t('empty')}</dd>
                </div>
              )}
              {data.previewText != null && (
                <div>
                  <dt className={styles.label}>{t('previewText')}</dt>
                  <dd>{data.previewText || t('empty')}</dd>
                </div>
              )}
              {data.templateName !== undefined && (
                <div>
                  <dt className={styles.label}>{t('template')}</dt>
                  <dd>{data.templateName ?? t('noTemplate')}</dd>
                </div>
              )}
              {data.title != null && (
                <div>
                  <dt className={styles.label}>{t('pushTitle')}</dt>
                  <dd>{data.title}</dd>
                </div>
              )}
              {data.body !== undefined && (
                <div>
                  <dt className={styles.label}>{t('body')}</dt>
                  <dd className={styles.pre}>{data.body || t('empty')}</dd>
                </div>
              )}
            </dl>
            {!editor && <p>{t('noEditor')}</p>}
          </Card>
        )}
      </PageBody>
    </Page>
  )
}

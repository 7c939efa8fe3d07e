'use client'
// /message/flow-message/web-view/{recipientId}/{templateType?}: one recipient's flow email as it
// was sent ("view in browser" inside the app). The HTML is shown in a sandboxed frame (no
// scripts, no same-origin access), the text version as plain text; a bad or foreign id is a 404.
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http, isHttpError } from '@/lib/client/http'
import type { FlowMessageWebView } from '@/lib/messaging/flow-message-web-view'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { DeviceToggle, PreviewFrame, type Device } from '@/components/templates/editor/preview-frame'
import styles from './campaigns.module.css'

export function FlowMessageWebViewScreen({
  recipientId,
  templateType,
}: {
  recipientId: string
  templateType?: string
}) {
  const t = useTranslations('remainingEditors')
  const [device, setDevice] = useState<Device>('desktop')
  const { data, error, mutate } = useSWR(['flow-message-web-view', recipientId], () =>
    http
      .get<{ message: FlowMessageWebView }>('/ajax/messages/flow-message/web-view', {
        params: { recipient_id: recipientId },
      })
      .then((r) => r.data.message),
  )
  const asText = templateType === 'text'
  const base = `/message/flow-message/web-view/${encodeURIComponent(recipientId)}`
  return (
    <Page>
      <PageHead
        title={data?.subject || t('webViewTitle')}
        description={data?.to ? t('webViewSentTo', { email: data.to }) : undefined}
        actions={<Link href="/flows">{t('backToFlows')}</Link>}
      />
      <PageBody>
        {error &&
          (isHttpError(error) && error.status === 404 ? (
            <EmptyState heading={t('webViewNotFound')} body={t('webViewNotFoundBody')} />
          ) : (
            <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
              {t('loadError')}
            </Notification>
          ))}
        {!data && !error && <Spinner size="large" />}
        {data?.renderError && (
          <Notification variant="warning" title={t('webViewRenderError')}>
            {data.renderError}
          </Notification>
        )}
        {data && !data.renderError && (
          <Card
            title={asText ? t('textVersion') : t('htmlVersion')}
            actions={
              <div className={styles.choices}>
                <Link href={asText ? base : `${base}/text`} data-testid="web-view-switch">
                  {asText ? t('showHtml') : t('showText')}
                </Link>
                {!asText && <DeviceToggle device={device} onChange={setDevice} />}
              </div>
            }
          >
            <div data-testid="flow-message-web-view">
              {asText || data.html === null ? (
                <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{data.text}</pre>
              ) : (
                <PreviewFrame html={data.html} device={device} title={t('webViewFrame')} />
              )}
            </div>
          </Card>
        )}
      </PageBody>
    </Page>
  )
}

'use client'
// /feed/{id}/preview: the feed as a template reads it (feeds.<key>), from its last good fetch;
// "Fetch now" reads the address again and shows the new content or why it could not be read.
import { useState } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http, isHttpError } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button, LinkButton } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import type { WebFeedPreviewResponse } from '@/lib/web-feeds/preview-web-feed'
import { webFeedKey } from './use-web-feed'
import styles from './web-feed.module.css'

export function FeedPreviewScreen({ feedId }: { feedId: string }) {
  const t = useTranslations('webFeedPages')
  const canFetch = usePermission('feeds_write')
  const key = `${webFeedKey(feedId)}/preview`
  const { data, error, mutate } = useSWR(key, (u: string) => http.get<WebFeedPreviewResponse>(u).then((r) => r.data))
  const [busy, setBusy] = useState(false)
  const [fetchError, setFetchError] = useState<string | null>(null)

  async function fetchNow() {
    setBusy(true)
    setFetchError(null)
    try {
      const res = await http.post<WebFeedPreviewResponse>(key, {})
      if (res.data.error) setFetchError(res.data.error)
      else await mutate(res.data, { revalidate: false })
    } catch {
      setFetchError(t('fetchFailed'))
    } finally {
      setBusy(false)
    }
  }

  const backToFeed = <LinkButton href={`/feed/${encodeURIComponent(feedId)}`}>{t('backToFeed')}</LinkButton>
  if (error && isHttpError(error) && error.status === 404)
    return (
      <Page>
        <PageHead title={t('previewTitle')} />
        <PageBody>
          <EmptyState
            heading={t('notFound')}
            body={t('notFoundBody')}
            actions={<LinkButton href="/settings/other/web-feeds">{t('backToFeeds')}</LinkButton>}
          />
        </PageBody>
      </Page>
    )
  return (
    <Page>
      <PageHead
        title={data ? t('previewOf', { name: data.feed.name }) : t('previewTitle')}
        description={data ? t('previewDescription', { key: data.feed.key }) : undefined}
        actions={
          <div className={styles.actions}>
            {backToFeed}
            {canFetch && (
              <Button variant="primary" loading={busy} onClick={() => void fetchNow()} data-testid="feed-fetch">
                {t('fetchNow')}
              </Button>
            )}
          </div>
        }
      />
      <PageBody>
        <div className={styles.stack}>
          {error && (
            <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
              {t('loadError')}
            </Notification>
          )}
          {fetchError && <Notification variant="error">{fetchError}</Notification>}
          {!data && !error && (
            <div className={styles.loading}>
              <Spinner size="large" label={t('loading')} />
            </div>
          )}
          {data && !data.preview && (
            <Card>
              <EmptyState heading={t('noContent')} body={canFetch ? t('noContentBody') : t('noContentReadOnly')} />
            </Card>
          )}
          {data?.preview && (
            <Card>
              {data.preview.truncated && <Notification variant="info">{t('truncated')}</Notification>}
              <pre className={styles.code} data-testid="feed-preview">
                {data.preview.text}
              </pre>
            </Card>
          )}
        </div>
      </PageBody>
    </Page>
  )
}

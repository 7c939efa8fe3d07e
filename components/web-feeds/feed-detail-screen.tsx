'use client'
// /feed/{id}: one web feed — its address, template name, cache time and last fetch — with edit
// (the same form as the settings list) and a link to its preview.
import { useState } from 'react'
import { useFormatter, useTranslations } from 'next-intl'
import { isHttpError } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Button, LinkButton } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useToast } from '@/components/shell/toasts'
import { FeedDialog } from '@/components/settings/web-feeds-screen'
import { useWebFeed } from './use-web-feed'
import styles from './web-feed.module.css'

export function FeedDetailScreen({ feedId }: { feedId: string }) {
  const t = useTranslations('webFeedPages')
  const format = useFormatter()
  const toast = useToast()
  const canEdit = usePermission('feeds_write')
  const { data: feed, error, mutate } = useWebFeed(feedId)
  const [editing, setEditing] = useState(false)
  const back = <LinkButton href="/settings/other/web-feeds">{t('backToFeeds')}</LinkButton>

  if (error && isHttpError(error) && error.status === 404)
    return (
      <Page>
        <PageHead title={t('detailTitle')} />
        <PageBody>
          <EmptyState heading={t('notFound')} body={t('notFoundBody')} actions={back} />
        </PageBody>
      </Page>
    )
  return (
    <Page>
      <PageHead
        title={feed?.name ?? t('detailTitle')}
        actions={
          <div className={styles.actions}>
            {back}
            {feed && <LinkButton href={`/feed/${encodeURIComponent(feed.id)}/preview`}>{t('preview')}</LinkButton>}
            {feed && canEdit && (
              <Button variant="primary" onClick={() => setEditing(true)} data-testid="feed-edit">
                {t('edit')}
              </Button>
            )}
          </div>
        }
      />
      <PageBody>
        {error && (
          <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
            {t('loadError')}
          </Notification>
        )}
        {!feed && !error && (
          <div className={styles.loading}>
            <Spinner size="large" label={t('loading')} />
          </div>
        )}
        {feed && (
          <div className={styles.stack}>
            {feed.lastError && <Notification variant="warning">{feed.lastError}</Notification>}
            <Card>
              <dl className={styles.facts}>
                <dt>{t('templateName')}</dt>
                <dd>
                  <code>{`{{ feeds.${feed.key} }}`}</code>
                </dd>
                <dt>{t('url')}</dt>
                <dd>{feed.url}</dd>
                <dt>{t('method')}</dt>
                <dd>{feed.requestMethod.toUpperCase()}</dd>
                <dt>{t('contentType')}</dt>
                <dd>{feed.contentType.toUpperCase()}</dd>
                <dt>{t('cache')}</dt>
                <dd>{t('cacheSeconds', { count: feed.cacheTtlSeconds })}</dd>
                <dt>{t('lastFetch')}</dt>
                <dd>
                  {feed.fetchedAt ? (
                    <>
                      <Badge variant={feed.lastError ? 'warning' : 'success'}>
                        {feed.lastError ? t('failing') : t('ok')}
                      </Badge>{' '}
                      {format.dateTime(new Date(feed.fetchedAt), { dateStyle: 'medium', timeStyle: 'short' })}
                    </>
                  ) : (
                    t('neverFetched')
                  )}
                </dd>
              </dl>
            </Card>
          </div>
        )}
        {feed && editing && (
          <FeedDialog
            feed={feed}
            onClose={() => setEditing(false)}
            onSaved={async (name, _created, saved) => {
              if (saved) await mutate(saved, { revalidate: false })
              setEditing(false)
              toast.show({ variant: 'success', content: t('saved', { name }) })
            }}
          />
        )}
      </PageBody>
    </Page>
  )
}

'use client'
// /feeds/new: adding a web feed from a page of its own (template editors link here); once saved
// it opens the new feed's page, where it can be fetched and previewed.
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { usePermission } from '@/lib/client/shell-context'
import { FeedDialog } from '@/components/settings/web-feeds-screen'

export function FeedNewScreen() {
  const t = useTranslations('webFeedPages')
  const router = useRouter()
  const canEdit = usePermission('feeds_write')
  return (
    <Page>
      <PageHead
        title={t('newTitle')}
        actions={<LinkButton href="/settings/other/web-feeds">{t('backToFeeds')}</LinkButton>}
      />
      <PageBody>
        {canEdit ? (
          <FeedDialog
            feed={null}
            onClose={() => router.push('/settings/other/web-feeds')}
            onSaved={async (_name, _created, saved) => {
              router.push(saved ? `/feed/${encodeURIComponent(saved.id)}` : '/settings/other/web-feeds')
            }}
          />
        ) : (
          <Notification variant="info">{t('noWrite')}</Notification>
        )}
      </PageBody>
    </Page>
  )
}

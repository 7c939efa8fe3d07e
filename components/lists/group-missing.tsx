'use client'
// What a list URL shows when the list does not exist (deleted, another account, a typo).
import { useTranslations } from 'next-intl'
import { Page, PageBody } from '@/components/ui/page'
import { EmptyState } from '@/components/ui/empty-state'
import { LinkButton } from '@/components/ui/button'
import { CompassIcon } from '@/components/ui/icons'
import { Notification } from '@/components/ui/notification'

export function GroupMissing() {
  const t = useTranslations('lists')
  return (
    <Page>
      <PageBody>
        <EmptyState
          headingLevel={1}
          image={<CompassIcon size={28} />}
          heading={t('missingTitle')}
          body={t('missingBody')}
          actions={
            <LinkButton href="/lists" variant="primary">
              {t('backToLists')}
            </LinkButton>
          }
        />
      </PageBody>
    </Page>
  )
}

export function GroupLoadError({ onRetry }: { onRetry: () => void }) {
  const t = useTranslations('lists')
  return (
    <Page>
      <PageBody>
        <Notification variant="error" title={t('groupLoadError')} action={{ label: t('retry'), onClick: onRetry }} />
      </PageBody>
    </Page>
  )
}

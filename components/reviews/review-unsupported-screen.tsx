'use client'
// /reviews/unsupported: where a store whose platform cannot show the onsite widgets lands; what
// still works (review requests by email, the feed, imports) and where to go.
import { useTranslations } from 'next-intl'
import { Page, PageBody } from '@/components/ui/page'
import { EmptyState } from '@/components/ui/empty-state'
import { LinkButton } from '@/components/ui/button'

export function ReviewUnsupportedScreen() {
  const t = useTranslations('reviews')
  return (
    <Page>
      <PageBody>
        <EmptyState
          headingLevel={1}
          heading={t('unsupported.title')}
          body={t('unsupported.body')}
          actions={
            <>
              <LinkButton href="/reviews">{t('unsupported.dashboard')}</LinkButton>
              <LinkButton href="/reviews/import">{t('import.title')}</LinkButton>
            </>
          }
        />
      </PageBody>
    </Page>
  )
}

'use client'
// /dashboard/activity and /analytics/metrics/feed: the account's recent activity.
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { AccountFeed } from './account-feed'

export function ActivityScreen({ timeZone, variant }: { timeZone: string; variant: 'dashboard' | 'metrics' }) {
  const t = useTranslations('insights')
  const title = variant === 'dashboard' ? t('activityTitle') : t('metricsFeedTitle')
  return (
    <Page>
      <PageHead
        title={title}
        description={
          <>
            {t('activityDescription')} <Link href="/activity-map">{t('activityMapLink')}</Link>
          </>
        }
      />
      <PageBody>
        <AccountFeed timeZone={timeZone} title={t('feedCardTitle')} />
      </PageBody>
    </Page>
  )
}

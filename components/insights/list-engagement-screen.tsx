'use client'
// /list/{id}/reports/engagement: the list's current members by email engagement tier.
import { useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { Notification } from '@/components/ui/notification'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Spinner } from '@/components/ui/spinner'
import { useInsight } from './insights-api'
import { ShareBars } from './share-bars'
import styles from './insights.module.css'

interface Engagement {
  group: { id: string; name: string }
  tiers: Array<{ tier: string; profiles: number }>
}

export function ListEngagementScreen({ groupId }: { groupId: string }) {
  const t = useTranslations('insights')
  const { data, error } = useInsight<Engagement>(`/ajax/insights/list/${encodeURIComponent(groupId)}/engagement`)
  return (
    <Page>
      <PageHead title={data ? t('listEngagementTitle', { name: data.group.name }) : t('listEngagementHeading')} />
      <PageBody>
        {error && <Notification variant="error">{t('loadError')}</Notification>}
        {!data && !error && (
          <div className={styles.centered}>
            <Spinner size="large" />
          </div>
        )}
        {data && (
          <Card>
            <p className={styles.note}>{t('listEngagementNote')}</p>
            <ShareBars rows={data.tiers.map((x) => ({ key: x.tier, label: t(`tier.${x.tier}`), value: x.profiles }))} />
          </Card>
        )}
      </PageBody>
    </Page>
  )
}

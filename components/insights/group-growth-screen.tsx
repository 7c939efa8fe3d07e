'use client'
// /dashboard/groups: every list and segment with its members and how many joined and left in
// the chosen period.
import { useState } from 'react'
import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import { Badge } from '@/components/ui/badge'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { listPath } from '@/lib/profile-view/slug'
import { useInsight } from './insights-api'
import styles from './insights.module.css'

interface GroupGrowth {
  groups: Array<{ id: string; name: string; kind: 'list' | 'segment'; members: number; joined: number; left: number }>
}
const DAYS = [7, 30, 90, 365]

export function GroupGrowthScreen() {
  const t = useTranslations('insights')
  const format = useFormatter()
  const [days, setDays] = useState(30)
  const { data, error, isLoading } = useInsight<GroupGrowth>('/ajax/insights/groups', { days })
  const signed = (n: number) => (n > 0 ? `+${format.number(n)}` : format.number(n))
  return (
    <Page>
      <PageHead title={t('groupsTitle')} description={t('groupsDescription')} />
      <PageBody>
        <div className={styles.controls}>
          <Select
            label={t('mapPeriod')}
            name="groups-days"
            value={String(days)}
            options={DAYS.map((d) => ({ value: String(d), label: t('lastDays', { count: d }) }))}
            onChange={(e) => setDays(Number(e.target.value))}
          />
        </div>
        {error && <Notification variant="error">{t('loadError')}</Notification>}
        {isLoading && !data && (
          <div className={styles.centered}>
            <Spinner size="large" />
          </div>
        )}
        {data && data.groups.length === 0 && <EmptyState heading={t('groupsEmpty')} />}
        {data && data.groups.length > 0 && (
          <Card flush>
            <div className={styles.tableWrap} role="region" aria-label={t('groupsTitle')} tabIndex={0}>
              <table className={styles.table} data-testid="group-growth">
                <thead>
                  <tr>
                    <th scope="col">{t('groupName')}</th>
                    <th scope="col" className={styles.num}>
                      {t('groupMembers')}
                    </th>
                    <th scope="col" className={styles.num}>
                      {t('groupJoined')}
                    </th>
                    <th scope="col" className={styles.num}>
                      {t('groupLeft')}
                    </th>
                    <th scope="col" className={styles.num}>
                      {t('groupNet')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.groups.map((g) => (
                    <tr key={g.id}>
                      <td>
                        <Link href={listPath(g.id, g.name)}>{g.name}</Link>{' '}
                        <Badge variant="neutral">{g.kind === 'list' ? t('kindList') : t('kindSegment')}</Badge>
                      </td>
                      <td className={styles.num}>{format.number(g.members)}</td>
                      <td className={styles.num}>{format.number(g.joined)}</td>
                      <td className={styles.num}>{format.number(g.left)}</td>
                      <td className={styles.num}>{signed(g.joined - g.left)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>
        )}
      </PageBody>
    </Page>
  )
}

'use client'
// /list/{groupId}/reports/growth: members who joined and left per day over 30, 90 or 365 days,
// with the period's totals.
import { useState } from 'react'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { EmptyState } from '@/components/ui/empty-state'
import { ChartIcon } from '@/components/ui/icons'
import { GrowthChart } from './growth-chart'
import { GroupLoadError, GroupMissing } from './group-missing'
import { useGroup } from './use-group'
import { groupHref } from './slug'
import type { GrowthResponse } from './types'
import shared from './shared.module.css'
import styles from './list-growth-screen.module.css'

export const GROWTH_PERIODS = [30, 90, 365] as const

export function ListGrowthScreen({ groupId }: { groupId: string }) {
  const t = useTranslations('lists')
  const format = useFormatter()
  const group = useGroup(groupId)
  const [days, setDays] = useState<(typeof GROWTH_PERIODS)[number]>(30)
  const { data, error, isLoading, mutate } = useSWR(
    [`/ajax/list/${encodeURIComponent(groupId)}/growth`, days] as const,
    ([url, d]) => http.get<GrowthResponse>(url, { params: { days: d } }).then((r) => r.data),
    { keepPreviousData: true },
  )

  if (group.missing) return <GroupMissing />
  if (group.error && !group.data) return <GroupLoadError onRetry={() => void group.mutate()} />
  if (!group.data)
    return (
      <Page>
        <div className={shared.center}>
          <Spinner size="large" />
        </div>
      </Page>
    )
  const g = group.data
  const net = data ? data.joined - data.left : 0
  const empty = data && data.joined === 0 && data.left === 0
  const current = data?.days.at(-1)?.total ?? g.memberCount

  return (
    <Page>
      <PageHead
        title={t('growthTitle', { name: g.name })}
        description={t('growthDescription')}
        actions={<LinkButton href={groupHref(g)}>{t('backToGroup')}</LinkButton>}
      />
      <PageBody>
        <div className={shared.toolbar}>
          <div className={shared.segmented} role="group" aria-label={t('growthPeriodLabel')}>
            {GROWTH_PERIODS.map((p) => (
              <button
                key={p}
                type="button"
                aria-pressed={days === p}
                onClick={() => setDays(p)}
                data-testid={`growth-period-${p}`}
              >
                {t('growthPeriod', { days: p })}
              </button>
            ))}
          </div>
          {isLoading && data && <Spinner size="small" />}
        </div>
        {error && !data ? (
          <Notification
            variant="error"
            title={t('growthLoadError')}
            action={{ label: t('retry'), onClick: () => void mutate() }}
          />
        ) : !data ? (
          <div className={shared.center}>
            <Spinner size="large" />
          </div>
        ) : (
          <>
            <div className={styles.totals} data-testid="growth-totals">
              <div>
                <span className={styles.value}>{format.number(data.joined)}</span>
                <span className={shared.muted}>{t('growthJoined')}</span>
              </div>
              <div>
                <span className={styles.value}>{format.number(data.left)}</span>
                <span className={shared.muted}>{t('growthLeft')}</span>
              </div>
              <div>
                <span className={`${styles.value} ${net > 0 ? styles.up : net < 0 ? styles.down : ''}`}>
                  {format.number(net, { signDisplay: 'exceptZero' })}
                </span>
                <span className={shared.muted}>{t('growthNet')}</span>
              </div>
              <div>
                <span className={styles.value}>{format.number(current)}</span>
                <span className={shared.muted}>{t('growthCurrent')}</span>
              </div>
            </div>
            <Card title={t('growthChartTitle', { days })}>
              {empty ? (
                <EmptyState
                  image={<ChartIcon size={28} />}
                  heading={t('growthEmptyTitle')}
                  body={t('growthEmptyBody', { days })}
                  headingLevel={3}
                />
              ) : (
                <GrowthChart days={data.days} />
              )}
            </Card>
            <p className={shared.muted}>{t('growthTimezone', { timezone: data.timezone })}</p>
          </>
        )}
      </PageBody>
    </Page>
  )
}

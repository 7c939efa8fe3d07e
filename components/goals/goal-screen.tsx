'use client'
// /goals/{id}: one goal's progress with its cumulative daily series against the target.
import { useRouter } from 'next/navigation'
import { useTranslations, useFormatter } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { DailyChart } from '@/components/flows/reports/daily-chart'
import { useOps, deleteJson } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { GoalResponse } from '@/app/ajax/goals/[goalId]/route'
import { GoalProgressBar } from './goal-progress-bar'
import styles from '@/components/deliverability/ops.module.css'

export function GoalScreen({ goalId }: { goalId: string }) {
  const t = useTranslations('goals')
  const format = useFormatter()
  const router = useRouter()
  const url = `/ajax/goals/${encodeURIComponent(goalId)}`
  const { data, error, isLoading } = useOps<GoalResponse>(url)
  if (!data)
    return (
      <Page>
        <PageHead title={t('title')} />
        <PageBody>
          <LoadStates loading={isLoading} error={error} />
        </PageBody>
      </Page>
    )
  const { goal, progress } = data
  const day = (s: string) => format.dateTime(new Date(s), { dateStyle: 'medium', timeZone: 'UTC' })
  async function remove() {
    if (!window.confirm(t('deleteConfirm'))) return
    await deleteJson(url)
    router.push('/goals')
  }
  return (
    <Page>
      <PageHead
        title={goal.name}
        description={t('period', {
          kind: t(`kind.${goal.kind}`),
          from: day(goal.startsAt),
          to: day(new Date(Date.parse(goal.endsAt) - 1).toISOString()),
        })}
        actions={
          <Button variant="danger" onClick={remove}>
            {t('delete')}
          </Button>
        }
      />
      <PageBody>
        <div className={styles.stack}>
          <Card>
            <GoalProgressBar p={progress} kind={goal.kind} />
            {goal.listName && <p className={styles.note}>{t('listNamed', { name: goal.listName })}</p>}
          </Card>
          <Card title={t('chartTitle')}>
            {progress.series.length === 0 ? (
              <p className={styles.note}>{t('notStarted')}</p>
            ) : (
              <DailyChart
                label={t('chartTitle')}
                data={progress.series.map((s) => ({ date: s.date, value: s.value, target: goal.target }))}
                series={[
                  { key: 'value', label: t(`kind.${goal.kind}`), kind: 'line', color: 'var(--color-primary)' },
                  { key: 'target', label: t('target'), kind: 'line', color: 'var(--color-success)' },
                ]}
              />
            )}
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}

'use client'
// /goals: the account's goals with their progress, and a form for a new one.
import Link from 'next/link'
import { useTranslations, useFormatter } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { useOps } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { GoalsResponse } from '@/app/ajax/goals/route'
import { GoalProgressBar } from './goal-progress-bar'
import { GoalForm } from './goal-form'
import styles from '@/components/deliverability/ops.module.css'

export function GoalsScreen() {
  const t = useTranslations('goals')
  const format = useFormatter()
  const { data, error, isLoading } = useOps<GoalsResponse>('/ajax/goals')
  const day = (s: string) => format.dateTime(new Date(s), { dateStyle: 'medium', timeZone: 'UTC' })
  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <div className={styles.stack}>
          {!data ? (
            <LoadStates loading={isLoading} error={error} />
          ) : data.goals.length === 0 ? (
            <EmptyState heading={t('emptyTitle')} body={t('emptyBody')} />
          ) : (
            <ul className={styles.steps}>
              {data.goals.map((g) => (
                <li key={g.id} className={styles.step}>
                  <div className={styles.stepText}>
                    <h2 className={styles.stepTitle}>
                      <Link href={`/goals/${g.id}`}>{g.name}</Link>
                    </h2>
                    <span className={styles.muted}>
                      {t('period', {
                        kind: t(`kind.${g.kind}`),
                        from: day(g.startsAt),
                        to: day(new Date(Date.parse(g.endsAt) - 1).toISOString()),
                      })}
                      {g.listName ? ` · ${g.listName}` : ''}
                    </span>
                    <GoalProgressBar p={g.progress} kind={g.kind} />
                  </div>
                </li>
              ))}
            </ul>
          )}
          <Card title={t('newGoal')}>
            <GoalForm />
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}

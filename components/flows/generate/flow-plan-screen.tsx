'use client'
// /flows/generate/{goal}: the draft flow a goal makes for this account — its steps, and whether
// what it relies on is there (metrics that receive events, lists, coupons) — then one click
// creates it as a draft through the create-from-template call and opens it in the builder.
import { useState } from 'react'
import useSWR from 'swr'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { http, isHttpError } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Button, LinkButton } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import type { PlanFlowResponse } from '@/lib/flows/generate/plan-flow'
import styles from '../code/flow-code.module.css'

type Step = PlanFlowResponse['steps'][number]

export function FlowPlanScreen({ goal }: { goal: string }) {
  const t = useTranslations('flowGenerate')
  const router = useRouter()
  const canCreate = usePermission('flows_create')
  const { data, error, mutate } = useSWR(`/ajax/flows/generate/${encodeURIComponent(goal)}`, (u: string) =>
    http.get<PlanFlowResponse>(u).then((r) => r.data),
  )
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)

  async function create() {
    if (!data) return
    setBusy(true)
    setFailed(false)
    try {
      const res = await http.post<{ flowId?: string; id?: string }>('/ajax/flows/create', {
        templateKey: data.templateKey,
      })
      const id = res.data.flowId ?? res.data.id
      router.push(id ? `/flow/${encodeURIComponent(id)}/edit` : '/flows')
    } catch {
      setFailed(true)
      setBusy(false)
    }
  }

  const describe = (s: Step) =>
    s.kind === 'trigger'
      ? t('step.trigger', { what: s.metric ?? s.list ?? s.property ?? s.trigger })
      : s.kind === 'delay'
        ? t('step.delay', { value: s.value, unit: s.unit })
        : s.kind === 'split'
          ? t('step.split', { metric: s.metric })
          : s.kind === 'wait'
            ? t('step.wait')
            : t('step.email', { name: s.name, subject: s.subject })

  if (error && isHttpError(error) && error.status === 404)
    return (
      <Page>
        <PageHead title={t('planTitle')} />
        <PageBody>
          <EmptyState
            heading={t('noGoal')}
            body={t('noGoalBody')}
            actions={<LinkButton href="/flows/create/with-ai">{t('pickGoal')}</LinkButton>}
          />
        </PageBody>
      </Page>
    )
  return (
    <Page>
      <PageHead
        title={data ? t('planOf', { name: data.name }) : t('planTitle')}
        description={t('planDescription')}
        actions={
          data &&
          canCreate && (
            <Button variant="primary" loading={busy} onClick={() => void create()} data-testid="flow-plan-create">
              {t('create')}
            </Button>
          )
        }
      />
      <PageBody>
        <div className={styles.stack}>
          {error && (
            <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
              {t('loadError')}
            </Notification>
          )}
          {failed && <Notification variant="error">{t('createError')}</Notification>}
          {!data && !error && <Spinner size="large" label={t('loading')} />}
          {data && (
            <>
              <Card title={t('stepsTitle')}>
                <ol className={styles.errors} data-testid="flow-plan-steps">
                  {data.steps.map((s, i) => (
                    <li key={i}>{describe(s)}</li>
                  ))}
                </ol>
              </Card>
              <Card title={t('readinessTitle')}>
                <ul className={styles.errors}>
                  {data.metrics.map((m) => (
                    <li key={m.name}>
                      {m.name}{' '}
                      {m.receivesEvents ? (
                        <Badge variant="success">{t('receivesEvents')}</Badge>
                      ) : (
                        <Badge variant="warning">{t('noEvents')}</Badge>
                      )}
                    </li>
                  ))}
                  <li>{t('lists', { count: data.lists })}</li>
                  <li>{t('coupons', { count: data.coupons })}</li>
                </ul>
                {data.metrics.some((m) => !m.receivesEvents) && <p>{t('noEventsHelp')}</p>}
              </Card>
            </>
          )}
        </div>
      </PageBody>
    </Page>
  )
}

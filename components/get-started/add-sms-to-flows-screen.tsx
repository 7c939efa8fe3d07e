'use client'
// /get-started/add-sms-to-flows: the live flows, which of them already text, and one click to
// add an SMS step after the first email of the others (POST /ajax/onboarding/sms-flows/{flowId}).
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Button, LinkButton } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-error'
import { EmptyState } from '@/components/ui/empty-state'
import type { SmsFlowsResponse } from '@/app/ajax/onboarding/sms-flows/route'
import { GuideFrame } from './guide-frame'
import { useGuideAction } from './use-guide-action'
import styles from '@/components/onboarding/onboarding.module.css'

export function AddSmsToFlowsScreen() {
  const t = useTranslations('getStartedGuides')
  const { data, error, mutate } = useSWR('/ajax/onboarding/sms-flows', (url: string) =>
    http.get<SmsFlowsResponse>(url).then((r) => r.data),
  )
  const action = useGuideAction()
  async function add(flowId: string) {
    const r = await action.run(() => http.post(`/ajax/onboarding/sms-flows/${encodeURIComponent(flowId)}`, {}))
    if (r) await mutate()
  }
  return (
    <GuideFrame
      title={t('guide.addSmsToFlows.title')}
      description={t('guide.addSmsToFlows.body')}
      loading={!data}
      error={!!error}
      onRetry={() => void mutate()}
    >
      {data && !data.flows.length ? (
        <EmptyState
          heading={t('noLiveFlows')}
          actions={<LinkButton href="/get-started/ws-flow/launch">{t('guide.wsFlow.title')}</LinkButton>}
        />
      ) : (
        <ul className={styles.list}>
          {data?.flows.map((f) => (
            <li key={f.id} className={styles.item}>
              <span className={styles.itemText}>{f.name}</span>
              {f.hasSms ? (
                <LinkButton size="small" variant="tertiary" href={f.href}>
                  {t('hasSms')}
                </LinkButton>
              ) : (
                <Button
                  size="small"
                  variant="primary"
                  onClick={() => void add(f.id)}
                  disabled={action.busy}
                  data-testid={`add-sms-${f.id}`}
                >
                  {t('addSms')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {(action.errors.flowId ?? action.formError) && <FormError>{action.errors.flowId ?? action.formError}</FormError>}
    </GuideFrame>
  )
}

'use client'
// /get-started/add-sms-to-flows: the live flows, which of them already text, and a way into the
// flow editor to add an SMS step to the others.
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { LinkButton } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import type { SmsFlowsResponse } from '@/app/ajax/onboarding/sms-flows/route'
import { GuideFrame } from './guide-frame'
import styles from '@/components/onboarding/onboarding.module.css'

export function AddSmsToFlowsScreen() {
  const t = useTranslations('getStartedGuides')
  const { data, error, mutate } = useSWR('/ajax/onboarding/sms-flows', (url: string) =>
    http.get<SmsFlowsResponse>(url).then((r) => r.data),
  )
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
                <span className={styles.done}>{t('hasSms')}</span>
              ) : (
                <LinkButton size="small" href={f.href}>
                  {t('addSms')}
                </LinkButton>
              )}
            </li>
          ))}
        </ul>
      )}
    </GuideFrame>
  )
}

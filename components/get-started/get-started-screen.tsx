'use client'
// /get-started: the guides, each marked done from the account's real state (GET
// /ajax/onboarding/get-started); SMS guides only for accounts that text.
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import type { GetStartedResponse } from '@/app/ajax/onboarding/get-started/route'
import { GuideFrame } from './guide-frame'
import styles from '@/components/onboarding/onboarding.module.css'

export function GetStartedScreen() {
  const t = useTranslations('getStartedGuides')
  const { data, error, mutate } = useSWR('/ajax/onboarding/get-started', (url: string) =>
    http.get<GetStartedResponse>(url).then((r) => r.data),
  )
  const shown = data?.guides.filter((g) => g.channel !== 'sms' || data.smsChosen) ?? []
  const done = shown.filter((g) => g.done).length
  return (
    <GuideFrame
      title={t('title')}
      description={t('intro')}
      loading={!data}
      error={!!error}
      onRetry={() => void mutate()}
    >
      {data?.setupStep && (
        <Notification variant="info" action={{ label: t('resumeSetup'), href: '/account-setup' }}>
          {t('setupUnfinished')}
        </Notification>
      )}
      <p className={styles.progress}>{t('doneCount', { done, total: shown.length })}</p>
      <ul className={styles.list} data-testid="guides">
        {shown.map((g) => (
          <li key={g.id} className={styles.item} data-testid={`guide-${g.id}`} data-done={g.done}>
            <div className={styles.itemText}>
              <h2 className={styles.itemTitle}>{t(`guide.${g.id}.title`)}</h2>
              <p className={styles.muted}>{t(`guide.${g.id}.body`)}</p>
            </div>
            {g.done ? (
              <span className={styles.done}>{t('done')}</span>
            ) : (
              <LinkButton href={g.href} variant="primary" size="small">
                {t('start')}
              </LinkButton>
            )}
          </li>
        ))}
      </ul>
    </GuideFrame>
  )
}

'use client'
// /onboarding: the new account's checklist — a list, a form, a live flow, a sent campaign, a
// verified sending domain, a connected store — each checked from the account's real rows.
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { LinkButton } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { Notification } from '@/components/ui/notification'
import type { ChecklistResponse } from '@/app/ajax/onboarding/checklist/route'
import styles from './onboarding.module.css'

export function OnboardingScreen() {
  const t = useTranslations('onboarding')
  const tc = useTranslations('common')
  const { data, error, mutate } = useSWR('/ajax/onboarding/checklist', (url: string) =>
    http.get<ChecklistResponse>(url).then((r) => r.data),
  )
  const done = data?.items.filter((i) => i.done).length ?? 0
  return (
    <Page>
      <div className={styles.wizard}>
        <PageHead title={t('checklistTitle')} description={t('checklistBody')} />
        <PageBody>
          {error ? (
            <Notification variant="error" action={{ label: tc('retry'), onClick: () => void mutate() }}>
              {t('loadError')}
            </Notification>
          ) : !data ? (
            <div className={styles.loading}>
              <Spinner size="large" />
            </div>
          ) : (
            <>
              <p className={styles.progress}>{t('checklistProgress', { done, total: data.items.length })}</p>
              <ul className={styles.list} data-testid="checklist">
                {data.items.map((i) => (
                  <li key={i.id} className={styles.item} data-testid={`check-${i.id}`} data-done={i.done}>
                    <div className={styles.itemText}>
                      <h2 className={styles.itemTitle}>{t(`check.${i.id}`)}</h2>
                    </div>
                    {i.done ? (
                      <span className={styles.done}>{t('checkDone')}</span>
                    ) : (
                      <LinkButton href={i.href} size="small" variant="primary">
                        {t('checkDo')}
                      </LinkButton>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </PageBody>
      </div>
    </Page>
  )
}

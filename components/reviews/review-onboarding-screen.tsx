'use client'
// /reviews/onboarding/:step: the first steps with reviews — collect (a review request in a flow
// email), show (the onsite widgets), moderate (the rules) — one step a page, with where to go.
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { LinkButton } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import ops from '@/components/deliverability/ops.module.css'
import styles from './reviews.module.css'

export const ONBOARDING_STEPS = ['collect', 'display', 'moderate'] as const
const TARGET: Record<(typeof ONBOARDING_STEPS)[number], string> = {
  collect: '/flows',
  display: '/reviews/widgets',
  moderate: '/reviews/settings/general',
}

export function ReviewOnboardingScreen({ step }: { step: string }) {
  const t = useTranslations('reviews')
  const i = (ONBOARDING_STEPS as readonly string[]).indexOf(step)
  const current = ONBOARDING_STEPS[i]
  return (
    <Page>
      <PageHead title={t('onboarding.title')} description={t('onboarding.description')} />
      <PageBody>
        {!current ? (
          <EmptyState
            heading={t('onboarding.unknownTitle')}
            actions={<LinkButton href="/reviews/onboarding/collect">{t('onboarding.start')}</LinkButton>}
          />
        ) : (
          <div className={ops.stack}>
            <ol className={ops.tabs} aria-label={t('onboarding.title')}>
              {ONBOARDING_STEPS.map((s) => (
                <li key={s} aria-current={s === current ? 'step' : undefined} className={ops.muted}>
                  {t(`onboarding.step.${s}`)}
                </li>
              ))}
            </ol>
            <Card title={t(`onboarding.step.${current}`)}>
              <p className={ops.note}>{t(`onboarding.help.${current}`)}</p>
              {current === 'collect' && <code className={styles.code}>{'{{ review_request_url }}'}</code>}
              <div className={ops.actions}>
                <LinkButton href={TARGET[current]}>{t(`onboarding.go.${current}`)}</LinkButton>
                {i > 0 && (
                  <LinkButton href={`/reviews/onboarding/${ONBOARDING_STEPS[i - 1]}`}>
                    {t('import.previous')}
                  </LinkButton>
                )}
                <LinkButton
                  variant="primary"
                  href={i < ONBOARDING_STEPS.length - 1 ? `/reviews/onboarding/${ONBOARDING_STEPS[i + 1]}` : '/reviews'}
                >
                  {i < ONBOARDING_STEPS.length - 1 ? t('onboarding.next') : t('onboarding.finish')}
                </LinkButton>
              </div>
            </Card>
          </div>
        )}
      </PageBody>
    </Page>
  )
}

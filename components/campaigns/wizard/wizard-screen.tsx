'use client'
// /campaign/{id}/wizard/{step}: audience, content, A/B test, schedule, review & send. Each step
// saves through the campaign /ajax endpoints; the review lists every problem by field.
import Link from 'next/link'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { LinkButton } from '@/components/ui/button'
import { getJsonAsIs } from '@/components/lists/fetcher'
import type { CampaignDetail } from '../campaigns-api'
import { CampaignStatusBadge, useChannelLabel } from '../campaign-status-badge'
import { AudienceStep } from './audience-step'
import { ContentStep } from './content-step'
import { AbTestStep } from './ab-test-step'
import { ScheduleStep } from './schedule-step'
import { ReviewStep } from './review-step'
import { STEPS, wizardHref, type Step } from './steps'
import styles from '../campaigns.module.css'

export function WizardScreen({ campaignId, step }: { campaignId: string; step: Step }) {
  const t = useTranslations('campaigns')
  const channelLabel = useChannelLabel()
  const { data, error, mutate } = useSWR(
    `/ajax/campaign/${encodeURIComponent(campaignId)}`,
    getJsonAsIs<{ campaign: CampaignDetail }>,
  )
  const label: Record<Step, string> = {
    audience: t('stepAudience'),
    content: t('stepContent'),
    'ab-test': t('stepAbTest'),
    schedule: t('stepSchedule'),
    review: t('stepReview'),
  }
  const campaign = data?.campaign
  const head = (
    <PageHead
      title={campaign ? campaign.name : t('wizardTitle')}
      description={
        campaign ? (
          <span className={styles.choices}>
            {channelLabel(campaign.channel)} <CampaignStatusBadge status={campaign.status} />
          </span>
        ) : undefined
      }
      actions={<LinkButton href="/campaigns/list">{t('backToCampaigns')}</LinkButton>}
    />
  )
  if (error)
    return (
      <Page>
        {head}
        <PageBody>
          <Notification
            variant="error"
            title={t('loadError')}
            action={{ label: t('retry'), onClick: () => void mutate() }}
          />
        </PageBody>
      </Page>
    )
  if (!campaign)
    return (
      <Page>
        {head}
        <PageBody>
          <Spinner size="large" />
        </PageBody>
      </Page>
    )
  const editable = campaign.status === 'Draft'
  const index = STEPS.indexOf(step)
  const next = STEPS[index + 1]
  const prev = STEPS[index - 1]
  const props = {
    campaign,
    editable,
    onSaved: () => void mutate(),
    nextHref: next ? wizardHref(campaign.id, next) : null,
  }

  return (
    <Page>
      {head}
      <PageBody>
        <ol className={styles.steps} aria-label={t('stepsLabel')}>
          {STEPS.map((s, i) => (
            <li key={s}>
              <Link
                href={wizardHref(campaign.id, s)}
                className={`${styles.step} ${s === step ? styles.stepActive : ''}`}
                aria-current={s === step ? 'step' : undefined}
                data-testid={`wizard-step-${s}`}
              >
                <span className={styles.stepNumber}>{i + 1}</span>
                {label[s]}
              </Link>
            </li>
          ))}
        </ol>
        {!editable && <Notification variant="info" title={t('notEditable')} />}
        {step === 'audience' && <AudienceStep {...props} />}
        {step === 'content' && <ContentStep {...props} />}
        {step === 'ab-test' && <AbTestStep {...props} />}
        {step === 'schedule' && <ScheduleStep {...props} />}
        {step === 'review' && <ReviewStep {...props} />}
        <div className={styles.footer}>
          {prev ? <LinkButton href={wizardHref(campaign.id, prev)}>{t('back')}</LinkButton> : <span />}
        </div>
      </PageBody>
    </Page>
  )
}

export interface StepProps {
  campaign: CampaignDetail
  editable: boolean
  onSaved: () => void
  nextHref: string | null
}

'use client'
// /get-started/segment-and-send/{step}: the first campaign, one decision per step. The choices
// travel in the address (?goal=…&audience=…) until the template is chosen; then the draft
// campaign is made (POST /ajax/onboarding/segment-and-send) and the later steps read it
// (?campaign=…): confirm, the schedule step, waiting while it is scheduled, complete.
import { useEffect, useState } from 'react'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Button, LinkButton } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-error'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { ChoiceGroup } from '@/components/onboarding/choice-group'
import { GOALS, STARTERS } from '@/lib/onboarding/starter-emails'
import type { GuideCampaignResponse } from '@/app/ajax/onboarding/segment-and-send/[campaignId]/route'
import { GuideFrame } from './guide-frame'
import type { SegmentAndSendStep } from './segment-and-send-steps'
import { useGuideAction } from './use-guide-action'
import styles from '@/components/onboarding/onboarding.module.css'

type Step = SegmentAndSendStep
const BASE = '/get-started/segment-and-send'
// The title of each step (message keys cannot hold a dash).
const TITLE: Record<Step, string> = {
  intro: 'intro',
  'select-goal': 'selectGoal',
  'select-audience': 'selectAudience',
  'select-template': 'selectTemplate',
  'template-gallery': 'templateGallery',
  confirm: 'confirm',
  waiting: 'waiting',
  complete: 'complete',
}

/** Scheduled, preparing, sending or sent: the lifecycle took it (a send now skips Scheduled). */
const isOnItsWay = (status: string | undefined) => !!status && status !== 'Draft'

/** The choices so far, read from the address by the page. */
export interface GuideQuery {
  goal: string
  audience: string
  campaign: string
}
const href = (step: string, q: Partial<GuideQuery>) =>
  `${BASE}/${step}?${new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => !!e[1])).toString()}`

export function SegmentAndSendScreen({ step, query: q }: { step: Step; query: GuideQuery }) {
  const t = useTranslations('getStartedGuides')
  return (
    <GuideFrame
      title={t(`sas.${TITLE[step]}`)}
      description={step === 'intro' ? t('guide.segmentAndSend.body') : undefined}
    >
      {step === 'intro' && (
        <LinkButton variant="primary" href={`${BASE}/select-goal`}>
          {t('start')}
        </LinkButton>
      )}
      {step === 'select-goal' && <SelectGoal q={q} />}
      {step === 'select-audience' && <SelectAudience q={q} />}
      {(step === 'select-template' || step === 'template-gallery') && (
        <SelectTemplate q={q} gallery={step === 'template-gallery'} />
      )}
      {(step === 'confirm' || step === 'waiting' || step === 'complete') && <CampaignStep q={q} step={step} />}
    </GuideFrame>
  )
}

function SelectGoal({ q }: { q: GuideQuery }) {
  const t = useTranslations('getStartedGuides')
  const router = useRouter()
  const [goal, setGoal] = useState(q.goal)
  return (
    <>
      <ChoiceGroup
        legend={t('goalLegend')}
        name="goal"
        choices={GOALS.map((g) => ({ value: g, label: t(`goal.${g}`) }))}
        value={[goal]}
        onChange={([v]) => setGoal(v ?? '')}
      />
      <Button variant="primary" disabled={!goal} onClick={() => router.push(href('select-audience', { ...q, goal }))}>
        {t('next')}
      </Button>
    </>
  )
}

function SelectAudience({ q }: { q: GuideQuery }) {
  const t = useTranslations('getStartedGuides')
  const router = useRouter()
  const [audience, setAudience] = useState(q.audience)
  const groups = useSWR('/ajax/lists/simple', (url: string) =>
    http.get<{ id: string; name: string; type: number }[]>(url).then((r) => r.data),
  )
  if (!groups.data) return groups.error ? <Notification variant="error">{t('loadError')}</Notification> : <Spinner />
  if (!groups.data.length)
    return (
      <Notification variant="info" action={{ label: t('guide.listSetup.title'), href: '/get-started/list-setup' }}>
        {t('noAudience')}
      </Notification>
    )
  return (
    <>
      <ChoiceGroup
        legend={t('audienceLegend')}
        name="audience"
        choices={groups.data.map((g) => ({
          value: g.id,
          label: `${g.name} (${g.type === 0 ? t('list') : t('segment')})`,
        }))}
        value={[audience]}
        onChange={([v]) => setAudience(v ?? '')}
      />
      <Button
        variant="primary"
        disabled={!audience}
        onClick={() => router.push(href('select-template', { ...q, audience }))}
      >
        {t('next')}
      </Button>
    </>
  )
}

function SelectTemplate({ q, gallery }: { q: GuideQuery; gallery: boolean }) {
  const t = useTranslations('getStartedGuides')
  const router = useRouter()
  const action = useGuideAction()
  const templates = useSWR(gallery ? '/ajax/onboarding/segment-and-send/templates' : null, (url: string) =>
    http.get<{ templates: { id: string; name: string }[] }>(url).then((r) => r.data.templates),
  )
  async function choose(design: { starter?: string; templateId?: string }) {
    const r = await action.run(() =>
      http.post<{ campaignId: string }>('/ajax/onboarding/segment-and-send', {
        goal: q.goal,
        audienceId: q.audience,
        ...design,
      }),
    )
    if (r) router.push(href('confirm', { campaign: r.data.campaignId }))
  }
  const fieldError = action.errors.goal ?? action.errors.audienceId ?? action.errors.starter ?? action.errors.templateId
  return (
    <>
      <ul className={styles.list}>
        {gallery
          ? (templates.data ?? []).map((tpl) => (
              <li key={tpl.id} className={styles.item}>
                <span className={styles.itemText}>{tpl.name}</span>
                <Button size="small" onClick={() => void choose({ templateId: tpl.id })} disabled={action.busy}>
                  {t('useThis')}
                </Button>
              </li>
            ))
          : STARTERS.map((s) => (
              <li key={s} className={styles.item}>
                <div className={styles.itemText}>
                  <h2 className={styles.itemTitle}>{t(`starter.${s}`)}</h2>
                </div>
                <Button
                  size="small"
                  onClick={() => void choose({ starter: s })}
                  disabled={action.busy}
                  data-testid={`starter-${s}`}
                >
                  {t('useThis')}
                </Button>
              </li>
            ))}
      </ul>
      {gallery && templates.data?.length === 0 && <p className={styles.muted}>{t('noTemplates')}</p>}
      {(fieldError || action.formError) && <FormError>{fieldError ?? action.formError}</FormError>}
      <LinkButton variant="tertiary" href={href(gallery ? 'select-template' : 'template-gallery', q)}>
        {gallery ? t('starterLayouts') : t('myTemplates')}
      </LinkButton>
    </>
  )
}

function CampaignStep({ q, step }: { q: GuideQuery; step: 'confirm' | 'waiting' | 'complete' }) {
  const t = useTranslations('getStartedGuides')
  const router = useRouter()
  const { campaign } = q
  const { data, error } = useSWR(
    campaign ? `/ajax/onboarding/segment-and-send/${encodeURIComponent(campaign)}` : null,
    (url: string) => http.get<GuideCampaignResponse>(url).then((r) => r.data),
    { refreshInterval: (d) => (step === 'waiting' && !isOnItsWay(d?.status) ? 2000 : 0) },
  )
  useEffect(() => {
    if (step === 'waiting' && isOnItsWay(data?.status)) router.replace(href('complete', { campaign }))
  }, [step, data?.status, campaign, router])
  if (!campaign || error) return <Notification variant="error">{t('noCampaign')}</Notification>
  if (!data) return <Spinner />
  if (step === 'confirm')
    return (
      <>
        <dl className={styles.prose}>
          <dt>{t('campaignName')}</dt>
          <dd>{data.name}</dd>
          <dt>{t('subject')}</dt>
          <dd>{data.subject}</dd>
        </dl>
        <div className={styles.footer}>
          <LinkButton href={`${BASE}/rich-text-editor/${data.campaignId}`}>{t('editEmail')}</LinkButton>
          <LinkButton variant="primary" href={`${BASE}/${data.messageId}/schedule`} data-testid="to-schedule">
            {t('scheduleIt')}
          </LinkButton>
        </div>
      </>
    )
  if (step === 'waiting')
    return (
      <>
        <Spinner />
        <p className={styles.muted}>{t('waiting')}</p>
      </>
    )
  return (
    <>
      <Notification variant="success">
        {data.scheduledAt ? t('scheduledFor', { at: new Date(data.scheduledAt) }) : t('sending')}
      </Notification>
      <LinkButton href="/get-started">{t('allGuides')}</LinkButton>
    </>
  )
}

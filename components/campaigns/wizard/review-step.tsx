'use client'
// Wizard step 5: a summary, every problem by field (each links to its step), the estimated
// recipients, then send now or schedule. Errors from sending are shown by field too.
import { useState } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { Modal } from '@/components/ui/modal'
import { readHttpFailure } from '@/components/auth/http-failure'
import { campaignsApi, type Problem } from '../campaigns-api'
import { useChannelLabel } from '../campaign-status-badge'
import { EstimationPanel } from './audience-step'
import type { StepProps } from './wizard-screen'
import styles from '../campaigns.module.css'

/** The problem the organization settings fix, not a wizard step (lib/campaigns/lifecycle.ts POSTAL_ADDRESS_FIELD). */
const POSTAL_ADDRESS_FIELD = 'organization.address'
const ORGANIZATION_SETTINGS_PATH = '/settings/account/organization'

/** The wizard step that fixes a problem on this field. */
export function stepOfField(field: string): string {
  if (/audience|included|excluded/.test(field)) return 'audience'
  if (/variation|abTest|ab_test/.test(field)) return 'ab-test'
  if (/message|template|content|subject|from|body|title/i.test(field)) return 'content'
  if (/strategy|schedule|datetime|date|send|lateWindow/i.test(field)) return 'schedule'
  return 'content'
}

export function ReviewStep({
  campaign: given,
  editable,
  onSaved,
}: Pick<StepProps, 'campaign' | 'editable' | 'onSaved'>) {
  const t = useTranslations('campaigns')
  const format = useFormatter()
  const router = useRouter()
  const channelLabel = useChannelLabel()
  const { data, mutate } = useSWR(`/ajax/campaign-wizard/${given.id}/review`, () => campaignsApi.review(given.id))
  // The review's own copy is the freshest (the wizard's may predate the last step's save).
  const campaign = data?.campaign ?? given
  const [busy, setBusy] = useState(false)
  const [sendProblems, setSendProblems] = useState<Problem[]>([])
  // Sending at once cannot be undone: it asks first (issue 30 §6). Scheduling can be cancelled later.
  const [confirming, setConfirming] = useState(false)
  const strategy = campaign.sendStrategy as { method?: string; datetime?: string; date?: string }
  const immediate = !strategy.method || strategy.method === 'immediate'

  async function send() {
    setConfirming(false)
    setBusy(true)
    setSendProblems([])
    try {
      const { campaign: c } = await campaignsApi.saveSchedule(campaign.id, {
        sendStrategy: campaign.sendStrategy,
        send: true,
      })
      onSaved()
      router.push(`/campaign/${encodeURIComponent(campaign.id)}/${c.status === 'Scheduled' ? 'scheduled' : 'sent'}`)
    } catch (e) {
      const f = readHttpFailure(e)
      const list = Object.entries(f.fieldErrors).map(([field, message]) => ({ field, message }))
      setSendProblems(list.length ? list : [{ field: 'campaign', message: f.message ?? t('error') }])
      void mutate()
    } finally {
      setBusy(false)
    }
  }

  if (!data) return <Spinner size="large" />
  const stepLabel: Record<string, string> = {
    audience: t('stepAudience'),
    content: t('stepContent'),
    'ab-test': t('stepAbTest'),
    schedule: t('stepSchedule'),
  }
  // The same problem can come under two field names (messages.x.template, campaign-messages.x.template): show it once.
  const problems = [...data.problems, ...sendProblems].filter(
    (p, i, all) => all.findIndex((q) => q.message === p.message && stepOfField(q.field) === stepOfField(p.field)) === i,
  )
  const when = immediate
    ? t('sendNow')
    : strategy.method === 'smart_send_time'
      ? t('smartOn', { date: strategy.date ?? '' })
      : strategy.datetime
        ? format.dateTime(new Date(strategy.datetime), { dateStyle: 'medium', timeStyle: 'short' })
        : '–'
  const m = campaign.messages[0]

  return (
    <div className={styles.stack}>
      {problems.length > 0 && (
        <Notification variant="error" title={t('problemsTitle', { count: problems.length })}>
          <ul className={styles.problems} data-testid="review-problems">
            {problems.map((p, i) => (
              <li key={`${p.field}-${i}`}>
                {p.field === POSTAL_ADDRESS_FIELD ? (
                  <Link href={ORGANIZATION_SETTINGS_PATH} data-testid="review-problem-organization">
                    {t('organizationSettings')}
                  </Link>
                ) : (
                  <Link
                    href={`/campaign/${encodeURIComponent(campaign.id)}/wizard/${stepOfField(p.field)}`}
                    title={p.field}
                  >
                    {stepLabel[stepOfField(p.field)]}
                  </Link>
                )}
                : {p.message}
              </li>
            ))}
          </ul>
        </Notification>
      )}
      <Card title={t('reviewTitle')}>
        <dl className={styles.summary}>
          <dt>{t('channel')}</dt>
          <dd>{channelLabel(campaign.channel)}</dd>
          <dt>{t('included')}</dt>
          <dd>{t('groupCount', { count: campaign.audiences.included.length })}</dd>
          <dt>{t('excluded')}</dt>
          <dd>{t('groupCount', { count: campaign.audiences.excluded.length })}</dd>
          {m?.channel === 'email' && (
            <>
              <dt>{t('fieldSubject')}</dt>
              <dd>{String(m.content.subject ?? '–')}</dd>
            </>
          )}
          {m?.channel === 'email' && (
            <>
              <dt>{t('fieldFromEmail')}</dt>
              <dd>{String(m.content.from_email ?? '–')}</dd>
            </>
          )}
          {m?.channel !== 'email' && (
            <>
              <dt>{t('fieldBody')}</dt>
              <dd>{String(m?.content.body ?? '–')}</dd>
            </>
          )}
          <dt>{t('stepAbTest')}</dt>
          <dd>{campaign.abTest ? t('abOn', { count: campaign.variations.length }) : t('abOff')}</dd>
          <dt>{t('stepSchedule')}</dt>
          <dd>{when}</dd>
          <dt>{t('smartSending')}</dt>
          <dd>{campaign.sendOptions.use_smart_sending === false ? t('off') : t('on')}</dd>
        </dl>
      </Card>
      <EstimationPanel campaignId={campaign.id} />
      {editable && (
        <div className={styles.footer}>
          <span />
          <Button
            variant="primary"
            onClick={() => (immediate ? setConfirming(true) : void send())}
            loading={busy}
            data-testid="send-campaign"
          >
            {immediate ? t('sendNowButton') : t('scheduleButton')}
          </Button>
        </div>
      )}
      <Modal
        open={confirming}
        title={t('sendNowConfirmTitle')}
        onClose={() => setConfirming(false)}
        footer={
          <>
            <Button onClick={() => setConfirming(false)}>{t('cancel')}</Button>
            <Button variant="primary" onClick={() => void send()} data-testid="send-campaign-confirm">
              {t('sendNowButton')}
            </Button>
          </>
        }
      >
        <p>{t('sendNowConfirmBody', { name: campaign.name })}</p>
      </Modal>
    </div>
  )
}

'use client'
// /campaign/{id}/schedule (review and confirm), /scheduled and /sent: what happens next, with
// the way back to the list, the report and (while it can) cancel or revert to draft.
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { getJsonAsIs } from '@/components/lists/fetcher'
import { readHttpFailure } from '@/components/auth/http-failure'
import { campaignsApi, type CampaignDetail } from './campaigns-api'
import { CampaignStatusBadge } from './campaign-status-badge'
import { ReviewStep } from './wizard/review-step'
import styles from './campaigns.module.css'

export function ConfirmationScreen({
  campaignId,
  kind,
}: {
  campaignId: string
  kind: 'schedule' | 'scheduled' | 'sent'
}) {
  const t = useTranslations('campaigns')
  const format = useFormatter()
  const router = useRouter()
  const { data, error, mutate } = useSWR(
    `/ajax/campaign/${encodeURIComponent(campaignId)}`,
    getJsonAsIs<{ campaign: CampaignDetail }>,
  )
  const [busy, setBusy] = useState(false)
  const [actionError, setActionError] = useState<string | null>(null)
  const c = data?.campaign
  if (error)
    return (
      <Page>
        <PageHead title={t('title')} />
        <PageBody>
          <Notification variant="error" title={t('loadError')} />
        </PageBody>
      </Page>
    )
  if (!c)
    return (
      <Page>
        <PageHead title={t('title')} />
        <PageBody>
          <Spinner size="large" />
        </PageBody>
      </Page>
    )

  if (kind === 'schedule') {
    return (
      <Page>
        <PageHead
          title={t('scheduleConfirmTitle', { name: c.name })}
          actions={<LinkButton href={`/campaign/${c.id}/wizard/schedule`}>{t('back')}</LinkButton>}
        />
        <PageBody>
          <ReviewStep campaign={c} editable={c.status === 'Draft'} onSaved={() => void mutate()} />
        </PageBody>
      </Page>
    )
  }

  async function act(action: 'cancel' | 'revert-to-draft') {
    if (
      !window.confirm(
        action === 'cancel' ? t('confirmCancelBody', { name: c!.name }) : t('confirmRevertBody', { name: c!.name }),
      )
    )
      return
    setBusy(true)
    setActionError(null)
    try {
      await campaignsApi.action(c!.id, action)
      if (action === 'revert-to-draft') router.push(`/campaign/${c!.id}/wizard/review`)
      else await mutate()
    } catch (e) {
      setActionError(readHttpFailure(e).message ?? t('error'))
    } finally {
      setBusy(false)
    }
  }
  const at = c.scheduledAt ?? c.sendStartedAt ?? c.sentAt
  return (
    <Page>
      <PageBody>
        <div className={styles.confirm} data-testid={`campaign-${kind}`}>
          <Card>
            <div className={styles.stack}>
              <h1>{kind === 'scheduled' ? t('scheduledTitle') : t('sentTitle')}</h1>
              <p>
                {kind === 'scheduled'
                  ? t('scheduledBody', {
                      name: c.name,
                      at: at ? format.dateTime(new Date(at), { dateStyle: 'full', timeStyle: 'short' }) : '–',
                    })
                  : t('sentBody', { name: c.name })}
              </p>
              <p>
                <CampaignStatusBadge status={c.status} />
              </p>
              {actionError && <Notification variant="error" title={actionError} />}
              <div className={styles.choices} style={{ justifyContent: 'center' }}>
                <LinkButton href="/campaigns/list" variant="primary">
                  {t('backToCampaigns')}
                </LinkButton>
                <LinkButton href={`/campaign/${c.id}/reports/overview`}>{t('viewReport')}</LinkButton>
                {c.status === 'Scheduled' && (
                  <Button onClick={() => void act('revert-to-draft')} disabled={busy}>
                    {t('actionRevert')}
                  </Button>
                )}
                {['Scheduled', 'Sending', 'Preparing to send', 'Paused'].includes(c.status) && (
                  <Button variant="danger" onClick={() => void act('cancel')} disabled={busy}>
                    {t('actionCancel')}
                  </Button>
                )}
              </div>
            </div>
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}

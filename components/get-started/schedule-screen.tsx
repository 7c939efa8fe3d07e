'use client'
// /get-started/segment-and-send/{messageId}/schedule: send the first campaign now or at a time,
// through the campaign lifecycle (POST …/{campaignId}/schedule); then the guide waits for it.
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { FormError } from '@/components/ui/form-error'
import { ChoiceGroup } from '@/components/onboarding/choice-group'
import type { GuideCampaignResponse } from '@/app/ajax/onboarding/segment-and-send/[campaignId]/route'
import { GuideFrame } from './guide-frame'
import { useGuideAction } from './use-guide-action'

export function ScheduleScreen({ messageId }: { messageId: string }) {
  const t = useTranslations('getStartedGuides')
  const router = useRouter()
  const { data, error, mutate } = useSWR(
    `/ajax/onboarding/segment-and-send/message/${encodeURIComponent(messageId)}`,
    (url: string) => http.get<GuideCampaignResponse>(url).then((r) => r.data),
    { shouldRetryOnError: false },
  )
  const [when, setWhen] = useState('later')
  const [at, setAt] = useState('')
  const action = useGuideAction()
  async function schedule() {
    if (!data) return
    const sendAt = when === 'now' ? null : at ? new Date(at).toISOString() : ''
    const r = await action.run(() =>
      http.post(`/ajax/onboarding/segment-and-send/${data.campaignId}/schedule`, { sendAt }),
    )
    if (r) router.push(`/get-started/segment-and-send/waiting?campaign=${data.campaignId}`)
  }
  return (
    <GuideFrame title={t('scheduleTitle')} loading={!data} error={!!error} onRetry={() => void mutate()}>
      <ChoiceGroup
        legend={t('whenLegend')}
        name="when"
        choices={[
          { value: 'later', label: t('sendLater') },
          { value: 'now', label: t('sendNow') },
        ]}
        value={[when]}
        onChange={([v]) => setWhen(v ?? 'later')}
      />
      {when === 'later' && (
        <TextField
          label={t('sendAt')}
          name="sendAt"
          type="datetime-local"
          value={at}
          onChange={(e) => setAt(e.target.value)}
          error={action.errors.sendAt}
        />
      )}
      {action.formError && <FormError>{action.formError}</FormError>}
      {Object.entries(action.errors)
        .filter(([k]) => k !== 'sendAt')
        .map(([k, m]) => (
          <FormError key={k}>{m}</FormError>
        ))}
      <Button variant="primary" onClick={() => void schedule()} disabled={action.busy} data-testid="schedule">
        {when === 'now' ? t('sendNow') : t('scheduleIt')}
      </Button>
    </GuideFrame>
  )
}

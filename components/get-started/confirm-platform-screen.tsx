'use client'
// /get-started/confirm-platform: the store platform the account runs on (the setup wizard's
// platform answer, saved through the same step) and whether the store is connected.
import { useState } from 'react'
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Button } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-error'
import { Notification } from '@/components/ui/notification'
import { ChoiceGroup } from '@/components/onboarding/choice-group'
import { useSetupState, SETUP_KEY } from '@/components/onboarding/use-setup-state'
import { PLATFORMS } from '@/lib/onboarding/setup-steps'
import { useSWRConfig } from 'swr'
import { GuideFrame } from './guide-frame'
import { useGuideAction } from './use-guide-action'

export function ConfirmPlatformScreen() {
  const t = useTranslations('getStartedGuides')
  const to = useTranslations('onboarding')
  const { data, error, mutate } = useSetupState()
  const { mutate: refresh } = useSWRConfig()
  const [platform, setPlatform] = useState<string | null>(null)
  const action = useGuideAction()
  const current = platform ?? data?.answers.platform?.platform ?? ''
  const [saved, setSaved] = useState(false)
  async function save() {
    const r = await action.run(() => http.post('/ajax/onboarding/setup/platform', { platform: current }))
    if (r) {
      setSaved(true)
      await refresh(SETUP_KEY)
    }
  }
  return (
    <GuideFrame
      title={t('guide.confirmPlatform.title')}
      description={t('guide.confirmPlatform.body')}
      loading={!data}
      error={!!error}
      onRetry={() => void mutate()}
    >
      <ChoiceGroup
        legend={to('platformLegend')}
        name="platform"
        choices={PLATFORMS.map((p) => ({ value: p, label: to(`platform.${p}`) }))}
        value={[current]}
        onChange={([v]) => setPlatform(v ?? '')}
        error={action.errors.platform}
      />
      {action.formError && <FormError>{action.formError}</FormError>}
      <Button variant="primary" onClick={() => void save()} disabled={action.busy || !current}>
        {t('confirm')}
      </Button>
      {saved && <Notification variant="success">{t('platformSaved')}</Notification>}
      {(current === 'shopify' || current === 'woocommerce') &&
        (data?.storeConnected ? (
          <Notification variant="success">{to('storeConnected')}</Notification>
        ) : (
          <Link href={`/integration/${current}`}>{to('connectStore', { platform: to(`platform.${current}`) })}</Link>
        ))}
    </GuideFrame>
  )
}

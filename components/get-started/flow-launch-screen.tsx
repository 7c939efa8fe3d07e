'use client'
// /get-started/ws-flow/launch and ac-flow/launch: make the welcome-series or abandoned-cart flow
// from its template and set it live in one click; when the guide ran before, open that flow.
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { FormError } from '@/components/ui/form-error'
import type { FlowLaunch } from '@/lib/onboarding/launch-flow-guide'
import { GuideFrame } from './guide-frame'
import { useGuideAction } from './use-guide-action'
import styles from '@/components/onboarding/onboarding.module.css'

export function FlowLaunchScreen({ guide }: { guide: 'ws-flow' | 'ac-flow' }) {
  const t = useTranslations('getStartedGuides')
  const key = `/ajax/onboarding/launch/${guide}`
  const { data, error, mutate } = useSWR(key, (url: string) =>
    http.get<{ launch: FlowLaunch | null }>(url).then((r) => r.data),
  )
  const action = useGuideAction()
  const copy = guide === 'ws-flow' ? 'wsFlow' : 'acFlow'
  const launched = data?.launch
  async function launch() {
    const r = await action.run(() => http.post<FlowLaunch>(key, {}))
    if (r) await mutate({ launch: r.data }, { revalidate: false })
  }
  return (
    <GuideFrame
      title={t(`guide.${copy}.title`)}
      description={t(`guide.${copy}.body`)}
      loading={!data}
      error={!!error}
      onRetry={() => void mutate()}
    >
      <p className={styles.muted}>{guide === 'ws-flow' ? t('wsFlowSteps') : t('acFlowSteps')}</p>
      {launched ? (
        <>
          <Notification variant={launched.live ? 'success' : 'warning'}>
            {launched.live ? t('flowLive') : (launched.problem ?? t('flowDraft'))}
          </Notification>
          <LinkButton href={launched.href} variant="primary" data-testid="open-flow">
            {t('openFlow')}
          </LinkButton>
        </>
      ) : (
        <Button variant="primary" onClick={() => void launch()} disabled={action.busy} data-testid="launch-flow">
          {t('launchFlow')}
        </Button>
      )}
      {action.formError && <FormError>{action.formError}</FormError>}
    </GuideFrame>
  )
}

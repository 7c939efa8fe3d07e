'use client'
// /get-started/sms-subscribers[/{platform}]: bring in the SMS subscribers a Shopify or
// WooCommerce store already has (their consent comes with the store's customer sync).
import { useState } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Button, LinkButton } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { FormError } from '@/components/ui/form-error'
import { Notification } from '@/components/ui/notification'
import type { SmsSubscribersResponse } from '@/app/ajax/onboarding/sms-subscribers/[platform]/route'
import { GuideFrame } from './guide-frame'
import { useGuideAction } from './use-guide-action'
import styles from '@/components/onboarding/onboarding.module.css'

export function SmsSubscribersScreen({ platform }: { platform?: string }) {
  const t = useTranslations('getStartedGuides')
  const to = useTranslations('onboarding')
  if (!platform)
    return (
      <GuideFrame title={t('guide.smsSubscribers.title')} description={t('guide.smsSubscribers.body')}>
        <ul className={styles.list}>
          {(['shopify', 'woocommerce'] as const).map((p) => (
            <li key={p} className={styles.item}>
              <span className={styles.itemText}>{to(`platform.${p}`)}</span>
              <LinkButton size="small" href={`/get-started/sms-subscribers/${p}`}>
                {t('start')}
              </LinkButton>
            </li>
          ))}
        </ul>
      </GuideFrame>
    )
  return <PlatformImport platform={platform} />
}

function PlatformImport({ platform }: { platform: string }) {
  const t = useTranslations('getStartedGuides')
  const to = useTranslations('onboarding')
  const key = `/ajax/onboarding/sms-subscribers/${encodeURIComponent(platform)}`
  const { data, error, mutate } = useSWR(
    key,
    (url: string) => http.get<SmsSubscribersResponse>(url).then((r) => r.data),
    {
      shouldRetryOnError: false,
      refreshInterval: (d) => (d?.store.sync.running ? 3000 : 0),
    },
  )
  const [days, setDays] = useState('365')
  const action = useGuideAction()
  const connected = !!data?.store.connected
  async function start() {
    const r = await action.run(() => http.post<SmsSubscribersResponse>(key, { days }))
    if (r) await mutate(r.data, { revalidate: false })
  }
  const name = platform === 'shopify' || platform === 'woocommerce' ? to(`platform.${platform}`) : platform
  return (
    <GuideFrame
      title={t('smsImportTitle', { platform: name })}
      loading={!data}
      error={!!error}
      onRetry={() => void mutate()}
    >
      {data && <p className={styles.muted}>{t('smsSubscriberCount', { count: data.subscribers })}</p>}
      {data?.store.sync.running && <Notification variant="info">{t('importRunning')}</Notification>}
      {connected ? (
        <>
          <TextField
            label={to('syncDays')}
            name="days"
            type="number"
            min={1}
            max={3650}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            error={action.errors.days}
          />
          <Button variant="primary" onClick={() => void start()} disabled={action.busy}>
            {t('importSubscribers')}
          </Button>
        </>
      ) : (
        <Notification
          variant="info"
          action={{ label: to('connectStore', { platform: name }), href: `/integration/${platform}` }}
        >
          {to('storeNotConnected', { platform: name })}
        </Notification>
      )}
      {action.formError && <FormError>{action.formError}</FormError>}
    </GuideFrame>
  )
}

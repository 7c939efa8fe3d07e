'use client'
// /wizard/web-tracking: install the onsite script (the snippet, where it goes on common
// platforms), its switches (tracking, consent first, forms), and "Check installation", which
// polls the script's pings (OnsiteInstall) and shows where and when it was last seen.
import { useEffect, useState } from 'react'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { Table } from '@/components/ui/table'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import type { OnsiteSwitches } from '@/lib/growth/onsite/onsite-settings'
import { CheckField } from './color-field'
import { CodeSnippet } from './copy-button'
import styles from './growth.module.css'

type Install = {
  installed: boolean
  publicKey: string
  snippet: string
  installs: { origin: string; firstSeenAt: string; lastSeenAt: string; pings: number }[]
}
export const INSTALL_KEY = '/ajax/growth/onsite-install'
export const ONSITE_KEY = '/ajax/growth/onsite-settings'
const POLL_MS = 3000
const POLL_FOR_MS = 2 * 60 * 1000
const PLATFORMS = ['custom', 'shopify', 'woocommerce', 'bigcommerce', 'magento'] as const
type Platform = (typeof PLATFORMS)[number]

export function WebTrackingWizard() {
  const t = useTranslations('growth')
  const format = useFormatter()
  const toast = useToast()
  const canWrite = usePermission('integrations_write')
  const [pollUntil, setPollUntil] = useState(0)
  const [now, setNow] = useState(0)
  const install = useSWR(INSTALL_KEY, (url: string) => http.get<Install>(url).then((r) => r.data), {
    refreshInterval: (latest) => (pollUntil > now && !latest?.installed ? POLL_MS : 0),
  })
  // The poll stops by itself when the script is seen or after two minutes.
  const polling = pollUntil > now && !install.data?.installed
  const switches = useSWR(ONSITE_KEY, (url: string) =>
    http.get<{ settings: OnsiteSwitches }>(url).then((r) => r.data.settings),
  )
  const [platform, setPlatform] = useState<Platform>('custom')
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (!polling) return
    const id = setInterval(() => setNow(Date.now()), POLL_MS)
    return () => clearInterval(id)
  }, [polling])

  function check() {
    const start = Date.now()
    setNow(start)
    setPollUntil(start + POLL_FOR_MS)
    void install.mutate()
  }

  async function saveSwitch(patch: Partial<OnsiteSwitches>) {
    if (!switches.data) return
    const next = { ...switches.data, ...patch }
    setSaving(true)
    try {
      await switches.mutate((await http.put<{ settings: OnsiteSwitches }>(ONSITE_KEY, next)).data.settings, {
        revalidate: false,
      })
      toast.show({ variant: 'success', content: t('switchesSaved') })
    } catch (e) {
      toast.show({ variant: 'error', content: readHttpFailure(e).message ?? t('saveError') })
    } finally {
      setSaving(false)
    }
  }

  const hint: Record<Platform, string> = {
    custom: t('platformCustom'),
    shopify: t('platformShopify'),
    woocommerce: t('platformWoocommerce'),
    bigcommerce: t('platformBigcommerce'),
    magento: t('platformMagento'),
  }
  const platformName: Record<Platform, string> = {
    custom: t('platformCustomName'),
    shopify: 'Shopify',
    woocommerce: 'WooCommerce / WordPress',
    bigcommerce: 'BigCommerce',
    magento: 'Adobe Commerce (Magento)',
  }
  const d = install.data

  return (
    <Page>
      <PageHead title={t('webTrackingTitle')} description={t('webTrackingDescription')} />
      <PageBody>
        {install.error ? (
          <Notification variant="error">{t('loadError')}</Notification>
        ) : !d ? (
          <div className={styles.loading}>
            <Spinner size="large" />
          </div>
        ) : (
          <ol className={styles.steps}>
            <li>
              <Card title={t('stepSnippet')}>
                <p className={styles.help}>{t('stepSnippetHelp')}</p>
                <CodeSnippet code={d.snippet} label={t('stepSnippet')} testId="onsite-snippet" />
                <div className={styles.form}>
                  <Select
                    label={t('platformLabel')}
                    name="platform"
                    value={platform}
                    onChange={(e) => setPlatform(e.target.value as Platform)}
                    options={PLATFORMS.map((p) => ({ value: p, label: platformName[p] }))}
                  />
                  <p className={styles.help} data-testid="platform-hint">
                    {hint[platform]}
                  </p>
                </div>
              </Card>
            </li>
            <li>
              <Card title={t('stepSettings')}>
                {!switches.data ? (
                  <Spinner />
                ) : (
                  <fieldset className={styles.fieldset} disabled={!canWrite || saving}>
                    <CheckField
                      label={t('switchTracking')}
                      checked={switches.data.trackingEnabled}
                      onChange={(v) => void saveSwitch({ trackingEnabled: v })}
                      testId="switch-tracking"
                    />
                    <CheckField
                      label={t('switchConsent')}
                      checked={switches.data.requireConsent}
                      onChange={(v) => void saveSwitch({ requireConsent: v })}
                      testId="switch-consent"
                    />
                    <CheckField
                      label={t('switchForms')}
                      checked={switches.data.formsEnabled}
                      onChange={(v) => void saveSwitch({ formsEnabled: v })}
                      testId="switch-forms"
                    />
                    <p className={styles.help}>{t('switchConsentHelp')}</p>
                  </fieldset>
                )}
              </Card>
            </li>
            <li>
              <Card
                title={t('stepCheck')}
                actions={
                  <Button variant="primary" loading={polling} onClick={check} data-testid="check-install">
                    {t('checkInstall')}
                  </Button>
                }
              >
                {d.installed ? (
                  <div className={styles.stack}>
                    <Notification variant="success">
                      {t('installSeen', {
                        origin: d.installs[0]!.origin,
                        when: format.relativeTime(new Date(d.installs[0]!.lastSeenAt)),
                      })}
                    </Notification>
                    <Table
                      caption={t('installsCaption')}
                      columns={[
                        { key: 'origin', header: t('colOrigin') },
                        { key: 'last', header: t('colLastSeen') },
                        { key: 'first', header: t('colFirstSeen') },
                        { key: 'pings', header: t('colPings'), align: 'right' },
                      ]}
                      rows={d.installs.map((i) => ({
                        id: i.origin,
                        origin: i.origin,
                        last: format.dateTime(new Date(i.lastSeenAt), { dateStyle: 'medium', timeStyle: 'short' }),
                        first: format.dateTime(new Date(i.firstSeenAt), { dateStyle: 'medium', timeStyle: 'short' }),
                        pings: format.number(i.pings),
                      }))}
                    />
                  </div>
                ) : (
                  <div className={styles.form} data-testid="install-not-seen">
                    <p className={styles.help}>{polling ? t('installWaiting') : t('installNotSeen')}</p>
                    <ul className={styles.muted}>
                      <li>{t('checkPublished')}</li>
                      <li>{t('checkVisit')}</li>
                      <li>{t('checkKey', { key: d.publicKey })}</li>
                      <li>{t('checkBlockers')}</li>
                    </ul>
                  </div>
                )}
              </Card>
            </li>
          </ol>
        )}
      </PageBody>
    </Page>
  )
}

'use client'
// /customer-hub/get-started and /customer-hub/onboarding/enable: the set-up tasks, the store
// check (eligibility: store orders; validate-install: the onsite script's ping) and the switch.
import Link from 'next/link'
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { useOps, getJson, postJson } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { HubSettingsResponse } from '@/app/ajax/customer-hub/settings/route'
import { HUB_SECTION_PATHS, HubTabs } from './hub-tabs'
import styles from '@/components/deliverability/ops.module.css'

const TASKS = ['design', 'content', 'returns', 'faq', 'support'] as const
type Install = { installed: boolean; origins: { origin: string }[] }

export function HubGetStartedScreen() {
  const t = useTranslations('customerHub')
  const settings = useOps<HubSettingsResponse>('/ajax/customer-hub/settings')
  const eligibility = useOps<{ eligible: boolean }>('/ajax/customer-hub/eligibility')
  const [install, setInstall] = useState<Install | null>(null)
  const [failure, setFailure] = useState(false)
  const [busy, setBusy] = useState(false)
  const data = settings.data

  async function run(fn: () => Promise<unknown>) {
    setBusy(true)
    setFailure(false)
    try {
      await fn()
    } catch {
      setFailure(true)
    } finally {
      setBusy(false)
    }
  }
  const check = () =>
    run(async () => setInstall(await getJson<Install>('/ajax/customer-hub/onboarding/validate-install')))
  const toggle = () =>
    run(async () => {
      await postJson('/ajax/customer-hub/onboarding/enable', { enabled: !data!.enabled, buttonEnabled: true })
      await settings.mutate()
    })
  const done = (task: string) =>
    run(async () => {
      await postJson('/ajax/customer-hub/completed-tasks', { task })
      await settings.mutate()
    })

  return (
    <Page>
      <PageHead title={t('getStarted.title')} description={t('getStarted.description')} />
      <PageBody>
        <HubTabs />
        {!data ? (
          <LoadStates loading={settings.isLoading} error={settings.error} />
        ) : (
          <div className={styles.stack}>
            {failure && <Notification variant="error">{t('saveError')}</Notification>}
            <Link href="/customer-hub/onboarding">{t('getStarted.guided')}</Link>
            <ul className={styles.steps}>
              {TASKS.map((task) => (
                <li key={task} className={styles.step}>
                  <div className={styles.stepText}>
                    <h2 className={styles.stepTitle}>
                      <Link href={HUB_SECTION_PATHS[task]}>{t(`section.${task}`)}</Link>
                    </h2>
                    <span className={styles.muted}>{t(`sectionHelp.${task}`)}</span>
                  </div>
                  {data.completedTasks.includes(task) ? (
                    <span>{t('getStarted.done')}</span>
                  ) : (
                    <Button type="button" disabled={busy} onClick={() => done(task)}>
                      {t('getStarted.markDone')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            <Card title={t('getStarted.enableTitle')}>
              <div className={styles.stack}>
                {eligibility.data && !eligibility.data.eligible && (
                  <Notification variant="warning">{t('getStarted.noOrders')}</Notification>
                )}
                <div className={styles.actions}>
                  <Button type="button" disabled={busy} onClick={check}>
                    {t('getStarted.validateInstall')}
                  </Button>
                  {install && (
                    <span role="status">
                      {install.installed
                        ? t('getStarted.installed', { origin: install.origins[0]?.origin ?? '' })
                        : t('getStarted.notInstalled')}
                    </span>
                  )}
                </div>
                <div className={styles.actions}>
                  <Button type="button" variant="primary" disabled={busy} onClick={toggle}>
                    {data.enabled ? t('getStarted.disable') : t('getStarted.enable')}
                  </Button>
                  {data.enabled && <a href={data.hubPath}>{t('getStarted.open')}</a>}
                </div>
              </div>
            </Card>
          </div>
        )}
      </PageBody>
    </Page>
  )
}

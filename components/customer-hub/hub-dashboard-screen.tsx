'use client'
// /customer-hub and /customer-hub/dashboard: the hub's visits, sign-ins and returns started, and its address.
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { EmptyState } from '@/components/ui/empty-state'
import { LinkButton } from '@/components/ui/button'
import { useOps } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { HubDashboardResponse } from '@/app/ajax/customer-hub/dashboard/route'
import type { HubSettingsResponse } from '@/app/ajax/customer-hub/settings/route'
import { HubTabs } from './hub-tabs'
import styles from '@/components/deliverability/ops.module.css'

export function HubDashboardScreen() {
  const t = useTranslations('customerHub')
  const stats = useOps<HubDashboardResponse>('/ajax/customer-hub/dashboard', { days: 30 })
  const settings = useOps<HubSettingsResponse>('/ajax/customer-hub/settings')
  const data = stats.data
  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <HubTabs />
        <div className={styles.stack}>
          {!data || !settings.data ? (
            <LoadStates loading={stats.isLoading || settings.isLoading} error={stats.error ?? settings.error} />
          ) : !settings.data.enabled ? (
            <EmptyState
              heading={t('dashboard.offTitle')}
              body={t('dashboard.offBody')}
              actions={<LinkButton href="/customer-hub/get-started">{t('dashboard.getStarted')}</LinkButton>}
            />
          ) : (
            <>
              <p className={styles.note}>
                {t('dashboard.address')} <a href={settings.data.hubPath}>{settings.data.hubPath}</a>
              </p>
              <div className={styles.grid}>
                {(['visits', 'signIns', 'returnsStarted'] as const).map((k) => (
                  <div key={k} className={styles.tile}>
                    <h2 className={styles.tileTitle}>{t(`dashboard.${k}`)}</h2>
                    <p className={styles.figure}>{data[k]}</p>
                  </div>
                ))}
              </div>
              <p className={styles.muted}>{t('dashboard.period', { days: data.days })}</p>
            </>
          )}
        </div>
      </PageBody>
    </Page>
  )
}

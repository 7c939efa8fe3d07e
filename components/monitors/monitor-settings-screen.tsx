'use client'
// /settings/monitors: where each monitor's alerts go, and the default when a monitor names no
// address (the account's owners and admins), with a switch per monitor.
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Button, LinkButton } from '@/components/ui/button'
import { useOps, putJson } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { MonitorsResponse } from '@/app/ajax/monitors/route'
import styles from '@/components/deliverability/ops.module.css'

export function MonitorSettingsScreen() {
  const t = useTranslations('monitors')
  const { data, error, isLoading, mutate } = useOps<MonitorsResponse>('/ajax/monitors')
  async function toggle(m: MonitorsResponse['monitors'][number]) {
    const { id, name, kind, config, comparator, threshold, windowMinutes, notify } = m
    await putJson(`/ajax/monitors/${encodeURIComponent(id)}`, {
      name,
      kind,
      config,
      comparator,
      threshold,
      windowMinutes,
      notify,
      enabled: !m.enabled,
    })
    await mutate()
  }
  return (
    <Page>
      <PageHead title={t('settingsTitle')} description={t('settingsDescription')} />
      <PageBody>
        <div className={styles.stack}>
          <Card title={t('defaultsTitle')}>
            <p className={styles.note}>{t('defaultsBody')}</p>
            <LinkButton href="/settings/account/users">{t('manageUsers')}</LinkButton>
          </Card>
          <Card title={t('title')} flush>
            {!data ? (
              <LoadStates loading={isLoading} error={error} />
            ) : (
              <Table
                caption={t('title')}
                columns={[
                  { key: 'name', header: t('colName') },
                  { key: 'emails', header: t('emails') },
                  { key: 'webhook', header: t('webhookUrl') },
                  { key: 'enabled', header: t('enabled') },
                ]}
                rows={data.monitors.map((m) => ({
                  id: m.id,
                  name: <Link href={`/analytics/monitors/${m.id}/edit`}>{m.name}</Link>,
                  emails: m.notify.emails.length ? m.notify.emails.join(', ') : t('accountAdmins'),
                  webhook: m.notify.webhookUrl ?? '–',
                  enabled: (
                    <Button size="small" variant="secondary" onClick={() => void toggle(m)}>
                      {m.enabled ? t('disable') : t('enable')}
                    </Button>
                  ),
                }))}
                empty={
                  <span>
                    {t('emptyBody')} <Link href="/analytics/monitors/create">{t('create')}</Link>
                  </span>
                }
              />
            )}
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}

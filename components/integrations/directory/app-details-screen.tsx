'use client'
// /integrations/{appId}: what the app does, its status (last sync, last error), install (the
// connect screen) and its preferences.
import useSWR from 'swr'
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { appText, fetchJson, INTEGRATIONS, type DirectoryItem } from './api'
import { AppStatusBadge, AppStatusLines } from './app-status'
import styles from './directory.module.css'

export function AppDetailsScreen({ appId }: { appId: string }) {
  const t = useTranslations('integrations.directory')
  const tc = useTranslations('common')
  const canWrite = usePermission(['integrations_write'])
  const { data, error, mutate } = useSWR(`${INTEGRATIONS}/directory`, fetchJson<{ apps: DirectoryItem[] }>)
  const app = data?.apps.find((a) => a.id === appId)

  if (error)
    return (
      <Notification variant="error" action={{ label: tc('retry'), onClick: () => void mutate() }}>
        {t('loadError')}
      </Notification>
    )
  if (!data)
    return (
      <div className={styles.loading}>
        <Spinner size="large" />
      </div>
    )
  if (!app)
    return (
      <Notification variant="warning">
        {t('unknownApp')} <Link href="/integrations">{t('backToDirectory')}</Link>
      </Notification>
    )
  return (
    <Page>
      <PageHead
        title={t(appText(app.id, 'name'))}
        description={<Link href="/integrations">{t('backToDirectory')}</Link>}
        actions={
          <div className={styles.actions}>
            {app.installed && <LinkButton href={`/integrations/${app.id}/preferences`}>{t('preferences')}</LinkButton>}
            {canWrite && (
              <LinkButton href={`/integrations/${app.id}/install`} variant="primary">
                {app.installed ? t('addAnother') : t('install')}
              </LinkButton>
            )}
          </div>
        }
      />
      <PageBody>
        <div className={styles.stack}>
          <Card title={t('aboutTitle')}>
            <p>{t(appText(app.id, 'description'))}</p>
          </Card>
          <Card title={t('statusTitle')}>
            <dl className={styles.facts}>
              <dt>{t('category')}</dt>
              <dd>{t(`categories.${app.category}`)}</dd>
              <dt>{t('statusTitle')}</dt>
              <dd>
                <AppStatusBadge app={app} />
              </dd>
              {app.connections > 0 && (
                <>
                  <dt>{t('connections')}</dt>
                  <dd>{app.connections}</dd>
                </>
              )}
            </dl>
            <div className={styles.stack}>
              <AppStatusLines app={app} />
            </div>
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}

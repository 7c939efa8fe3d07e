'use client'
// An entry's status line: installed or not, test connection, last sync and the last error,
// always visible on the tiles and the details screen.
import { useFormatter, useTranslations } from 'next-intl'
import { Badge } from '@/components/ui/badge'
import { statusVariant, type DirectoryItem } from './api'
import styles from './directory.module.css'

export function AppStatusBadge({ app }: { app: DirectoryItem }) {
  const t = useTranslations('integrations.directory')
  if (!app.installed) return <Badge>{t('notInstalled')}</Badge>
  return (
    <span>
      <Badge variant={statusVariant(app.status)}>{t(`status.${app.status ?? 'connected'}`)}</Badge>
      {app.isTest && (
        <>
          {' '}
          <Badge variant="info">{t('testConnection')}</Badge>
        </>
      )}
    </span>
  )
}

export function AppStatusLines({ app }: { app: DirectoryItem }) {
  const t = useTranslations('integrations.directory')
  const format = useFormatter()
  if (!app.installed) return null
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <>
      <span className={styles.muted}>
        {app.lastSyncAt ? t('lastSync', { when: when(app.lastSyncAt) }) : t('neverSynced')}
      </span>
      {app.lastError && (
        <span className={styles.error} role="status">
          {t('lastError', { error: app.lastError, when: app.lastErrorAt ? when(app.lastErrorAt) : '' })}
        </span>
      )}
    </>
  )
}

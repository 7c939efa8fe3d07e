'use client'
// /analytics/dashboards: the account's dashboards (the default first) and a new one by name.
import { useState } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { Notification } from '@/components/ui/notification'
import { TextField } from '@/components/ui/text-field'
import { isHttpError } from '@/lib/client/http'
import { postJson, useAnalytics, type DashboardView } from './analytics-api'
import styles from './analytics.module.css'

export function DashboardsList() {
  const t = useTranslations('analytics')
  const router = useRouter()
  const { data, error, isLoading } = useAnalytics<{ dashboards: DashboardView[] }>('/ajax/analytics/dashboards')
  const [name, setName] = useState('')
  const [nameError, setNameError] = useState<string | undefined>()

  async function create() {
    setNameError(undefined)
    try {
      const d = await postJson<DashboardView>('/ajax/analytics/dashboards', { name })
      router.push(`/dashboard/analytics/${d.id}`)
    } catch (e) {
      const fe = isHttpError(e) ? (e.data as { fieldErrors?: Record<string, string[]> }).fieldErrors : undefined
      setNameError(fe?.name?.[0] ?? t('saveError'))
    }
  }

  return (
    <div className={styles.stack}>
      <div className={styles.row}>
        <TextField
          label={t('newDashboardName')}
          name="new-dashboard"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={nameError}
        />
        <Button variant="primary" onClick={create} disabled={!name.trim()}>
          {t('createDashboard')}
        </Button>
      </div>
      {error && <Notification variant="error">{t('loadError')}</Notification>}
      {isLoading && !data && (
        <div className={styles.centered}>
          <Spinner size="large" />
        </div>
      )}
      {data && (
        <div className={styles.tiles}>
          <div className={styles.tile}>
            <h2 className={styles.tileTitle}>
              <Link href="/dashboard/analytics">{t('defaultDashboard')}</Link>
            </h2>
            <p className={styles.muted}>{t('defaultDashboardBody')}</p>
          </div>
          {data.dashboards
            .filter((d) => !d.isDefault)
            .map((d) => (
              <div key={d.id} className={styles.tile}>
                <h2 className={styles.tileTitle}>
                  <Link href={`/dashboard/analytics/${d.id}`}>{d.name}</Link>
                </h2>
              </div>
            ))}
        </div>
      )}
    </div>
  )
}

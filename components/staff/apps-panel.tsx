'use client'
// /staff/app-management: the directory's apps by review status; publish one or send it back to draft.
import { useState } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { Table } from '@/components/ui/table'
import { Notification } from '@/components/ui/notification'
import { PanelState } from './account-panel'
import { errorText, staffGet, staffSend } from './staff-api'
import styles from './staff.module.css'

type App = { id: string; companyId: number; name: string; status: string; scopes: string[] }

export function AppsPanel() {
  const t = useTranslations('staff')
  const [status, setStatus] = useState('in_review')
  const { data, error, isLoading, mutate } = useSWR<{ apps: App[] }>(
    `/ajax/staff/apps${status ? `?status=${status}` : ''}`,
    staffGet,
  )
  const [failed, setFailed] = useState<string | null>(null)
  const decide = async (id: string, to: 'draft' | 'published') => {
    setFailed(null)
    try {
      await staffSend('PUT', `/ajax/staff/apps/${encodeURIComponent(id)}`, { status: to })
      await mutate()
    } catch (e) {
      setFailed(errorText(e))
    }
  }
  return (
    <div className={styles.stack}>
      <Select
        name="status"
        label={t('status')}
        value={status}
        onChange={(e) => setStatus(e.target.value)}
        options={[
          { value: 'in_review', label: t('inReview') },
          { value: 'published', label: t('published') },
          { value: 'draft', label: t('draft') },
          { value: '', label: t('all') },
        ]}
      />
      {failed && <Notification variant="error">{failed}</Notification>}
      {!data ? (
        <PanelState error={error} loading={isLoading} retry={() => mutate()} />
      ) : (
        <Table
          caption={t('apps')}
          columns={[
            { key: 'name', header: t('name') },
            { key: 'account', header: t('account') },
            { key: 'scopes', header: t('scopes') },
            { key: 'status', header: t('status') },
            { key: 'action', header: '', align: 'right' },
          ]}
          rows={data.apps.map((a) => ({
            id: a.id,
            name: a.name,
            account: a.companyId,
            scopes: <span className={styles.mono}>{a.scopes.join(' ')}</span>,
            status: a.status,
            action:
              a.status === 'published' ? (
                <Button size="small" onClick={() => decide(a.id, 'draft')}>
                  {t('unpublish')}
                </Button>
              ) : (
                <Button size="small" variant="primary" onClick={() => decide(a.id, 'published')}>
                  {t('publish')}
                </Button>
              ),
          }))}
          empty={t('noApps')}
        />
      )}
    </div>
  )
}

'use client'
// /settings/other/profile-maintenance: how many profiles can never be reached (no email, phone,
// external id or push device) and have been dormant for the chosen days, a few of them, and a
// confirmed removal that queues their deletion in batches. The count sent back with the removal
// is the one shown, so nothing is deleted if the data changed meanwhile.
import { useState } from 'react'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { Table } from '@/components/ui/table'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { EmptyState } from '@/components/ui/empty-state'
import { ConfirmModal } from '@/components/lists/confirm-modal'
import { useToast } from '@/components/shell/toasts'
import { readHttpFailure } from '@/components/auth/http-failure'
import type { DormantProfilesResponse } from '@/lib/data-privacy/dormant-anonymous-profiles'
import styles from './settings.module.css'

const KEY = '/ajax/account/profile-maintenance'
const PERIODS = [90, 180, 365, 730]
type CleanupResponse = DormantProfilesResponse & { queued: number; changed: boolean }

export function ProfileMaintenanceScreen() {
  const t = useTranslations('profileMaintenance')
  const format = useFormatter()
  const toast = useToast()
  const canRemove = usePermission('profile_write')
  const [days, setDays] = useState(365)
  const url = `${KEY}?inactiveDays=${days}`
  const { data, error, mutate } = useSWR(url, (u: string) => http.get<DormantProfilesResponse>(u).then((r) => r.data))
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  async function remove() {
    if (!data) return
    setBusy(true)
    setFailure(null)
    try {
      const res = await http.post<CleanupResponse>(KEY, { inactiveDays: days, expected: data.dormant })
      await mutate(res.data, { revalidate: false })
      setConfirming(false)
      if (res.data.changed) toast.show({ variant: 'warning', content: t('changed') })
      else toast.show({ variant: 'success', content: t('queued', { count: res.data.queued }) })
    } catch (err) {
      setFailure(readHttpFailure(err).message ?? t('removeError'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <div className={styles.stack}>
          <Card title={t('whatTitle')}>
            <p className={styles.description}>{t('what')}</p>
            <Select
              label={t('period')}
              name="inactiveDays"
              value={String(days)}
              onChange={(e) => setDays(Number(e.target.value))}
              options={PERIODS.map((d) => ({ value: String(d), label: t('days', { count: d }) }))}
              data-testid="maintenance-period"
            />
          </Card>
          {error && (
            <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
              {t('loadError')}
            </Notification>
          )}
          {!data && !error && <Spinner size="large" label={t('loading')} />}
          {data && data.dormant === 0 && (
            <Card>
              <EmptyState heading={t('none')} body={t('noneBody', { total: data.total })} />
            </Card>
          )}
          {data && data.dormant > 0 && (
            <Card
              title={t('found', { count: data.dormant, total: data.total })}
              actions={
                canRemove && (
                  <Button variant="danger" onClick={() => setConfirming(true)} data-testid="maintenance-remove">
                    {t('remove', { count: Math.min(data.dormant, data.batch) })}
                  </Button>
                )
              }
            >
              {!canRemove && <Notification variant="info">{t('readOnly')}</Notification>}
              <Table
                caption={t('sampleCaption')}
                columns={[
                  { key: 'anon', header: t('colAnonymous') },
                  { key: 'created', header: t('colCreated') },
                  { key: 'last', header: t('colLastActive') },
                ]}
                rows={data.sample.map((p) => ({
                  id: p.id,
                  anon: p.anonymousId ?? p.id,
                  created: format.dateTime(new Date(p.createdAt), { dateStyle: 'medium' }),
                  last: p.lastEventAt ? format.dateTime(new Date(p.lastEventAt), { dateStyle: 'medium' }) : t('never'),
                }))}
              />
            </Card>
          )}
        </div>
        <ConfirmModal
          open={confirming}
          title={t('confirmTitle')}
          confirmLabel={t('confirm')}
          busy={busy}
          error={failure}
          onConfirm={() => void remove()}
          onClose={() => setConfirming(false)}
        >
          <p>{t('confirmBody', { count: Math.min(data?.dormant ?? 0, data?.batch ?? 0) })}</p>
        </ConfirmModal>
      </PageBody>
    </Page>
  )
}

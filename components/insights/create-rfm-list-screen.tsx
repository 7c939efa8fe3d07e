'use client'
// /lists/create-rfm/{group}: make a list of one RFM group's customers. A snapshot, and the page
// says so: segment conditions cannot express a quintile, so the list does not update itself.
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Notification } from '@/components/ui/notification'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Spinner } from '@/components/ui/spinner'
import { TextField } from '@/components/ui/text-field'
import { isoDay, postJson, useInsight, type RfmResult } from './insights-api'
import styles from './insights.module.css'

export function CreateRfmListScreen({ group, date: initialDate }: { group: string; date?: string }) {
  const t = useTranslations('insights')
  const router = useRouter()
  const date = initialDate && /^\d{4}-\d{2}-\d{2}$/.test(initialDate) ? initialDate : isoDay(new Date())
  const groupLabel = t(`rfmGroup.${group}`)
  const [name, setName] = useState(() => t('rfmListName', { group: groupLabel, date }))
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const { data, error, isLoading } = useInsight<RfmResult>('/ajax/insights/rfm', { date })
  const size = data?.groups.find((g) => g.group === group)?.customers

  async function create() {
    setBusy(true)
    setFailed(false)
    try {
      const res = await postJson<{ listId: string }>('/ajax/insights/rfm/lists', { group, date, name })
      router.push(`/list/${res.listId}`)
    } catch {
      setFailed(true)
      setBusy(false)
    }
  }

  return (
    <Page>
      <PageHead title={t('rfmCreateTitle', { group: groupLabel })} />
      <PageBody>
        <Card>
          <div className={styles.stack}>
            <Notification variant="info">{t('rfmSnapshotNote')}</Notification>
            {error && <Notification variant="error">{t('loadError')}</Notification>}
            {isLoading && <Spinner />}
            {size !== undefined && <p data-testid="rfm-create-size">{t('rfmCreateSize', { count: size, date })}</p>}
            <form
              className={styles.stack}
              onSubmit={(e) => {
                e.preventDefault()
                void create()
              }}
            >
              <TextField
                label={t('reportName')}
                name="rfm-list-name"
                value={name}
                maxLength={255}
                onChange={(e) => setName(e.target.value)}
              />
              {failed && <Notification variant="error">{t('saveError')}</Notification>}
              <div className={styles.actions}>
                <Button type="submit" variant="primary" disabled={busy || !name.trim() || !size}>
                  {t('rfmCreateList')}
                </Button>
              </div>
            </form>
          </div>
        </Card>
      </PageBody>
    </Page>
  )
}

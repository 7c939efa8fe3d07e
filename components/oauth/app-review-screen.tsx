'use client'
// /manage-apps/{appId}/review: submit the app for review so it can be listed for other accounts.
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useState } from 'react'
import type { OAuthAppDto } from './types'

export function AppReviewScreen({ appId }: { appId: string }) {
  const t = useTranslations('oauthApps')
  const key = `/ajax/manage-apps/${encodeURIComponent(appId)}`
  const { data, error, mutate } = useSWR(key, (url: string) => http.get<{ app: OAuthAppDto }>(url).then((r) => r.data))
  const [failed, setFailed] = useState(false)
  if (error) return <Notification variant="error">{t('loadError')}</Notification>
  if (!data) return <Spinner size="large" />
  const submit = async () => {
    setFailed(false)
    try {
      await http.post(`${key}/review`)
      await mutate()
    } catch {
      setFailed(true)
    }
  }
  return (
    <Page>
      <PageHead title={t('reviewTitle', { name: data.app.name })} description={t('reviewDescription')} />
      <PageBody>
        {failed && <Notification variant="error">{t('saveError')}</Notification>}
        {data.app.status === 'draft' ? (
          <Button variant="primary" onClick={() => void submit()} data-testid="oauth-submit-review">
            {t('submitReview')}
          </Button>
        ) : (
          <Notification variant="info">
            {t(data.app.status === 'published' ? 'statusPublished' : 'statusInReview')}
          </Notification>
        )}
      </PageBody>
    </Page>
  )
}

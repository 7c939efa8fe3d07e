'use client'
// /manage-apps/create: registers an app, then shows its secret once on /manage-apps/created/{appId}.
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { AppForm, type AppFormValues } from './app-form'
import { fieldErrorsOf } from './field-errors'
import { APPS_KEY, secretKey, type OAuthAppDto, type ScopeFamilyDto } from './types'

const EMPTY: AppFormValues = { name: '', description: '', redirectUris: [], scopes: [], publicClient: false }

export function CreateAppScreen() {
  const t = useTranslations('oauthApps')
  const router = useRouter()
  const { data } = useSWR(APPS_KEY, (url: string) => http.get<{ scopes: ScopeFamilyDto[] }>(url).then((r) => r.data))
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [failed, setFailed] = useState(false)

  async function submit(v: AppFormValues) {
    setFailed(false)
    try {
      const r = await http.post<{ app: OAuthAppDto; clientSecret: string | null }>(APPS_KEY, v)
      if (r.data.clientSecret) sessionStorage.setItem(secretKey(r.data.app.id), r.data.clientSecret)
      router.push(`/manage-apps/created/${r.data.app.id}`)
    } catch (e) {
      const fe = fieldErrorsOf(e)
      if (fe) setErrors(fe)
      else setFailed(true)
    }
  }

  return (
    <Page>
      <PageHead title={t('createTitle')} description={t('createDescription')} />
      <PageBody>
        {failed && <Notification variant="error">{t('saveError')}</Notification>}
        {data ? (
          <AppForm
            initial={EMPTY}
            families={data.scopes}
            onSubmit={submit}
            submitLabel={t('create')}
            withClientType
            errors={errors}
          />
        ) : (
          <Spinner size="large" />
        )}
      </PageBody>
    </Page>
  )
}

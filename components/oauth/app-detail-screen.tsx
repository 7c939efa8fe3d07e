'use client'
// /manage-apps/{appId}: edit the redirect URIs and scopes, rotate the secret (shown once), delete.
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { AppForm, type AppFormValues } from './app-form'
import { fieldErrorsOf } from './field-errors'
import type { OAuthAppDto, ScopeFamilyDto } from './types'

export function AppDetailScreen({ appId }: { appId: string }) {
  const t = useTranslations('oauthApps')
  const router = useRouter()
  const canWrite = usePermission(['applications_write'])
  const key = `/ajax/manage-apps/${encodeURIComponent(appId)}`
  const { data, error, mutate } = useSWR(key, (url: string) =>
    http.get<{ app: OAuthAppDto; scopes: ScopeFamilyDto[] }>(url).then((r) => r.data),
  )
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [notice, setNotice] = useState<'saved' | 'failed' | null>(null)
  const [secret, setSecret] = useState<string | null>(null)

  if (error) return <Notification variant="error">{t('loadError')}</Notification>
  if (!data) return <Spinner size="large" />
  const app = data.app

  async function save(v: AppFormValues) {
    try {
      await http.patch(key, {
        name: v.name,
        description: v.description,
        redirectUris: v.redirectUris,
        scopes: v.scopes,
      })
      setErrors({})
      setNotice('saved')
      await mutate()
    } catch (e) {
      const fe = fieldErrorsOf(e)
      if (fe) setErrors(fe)
      else setNotice('failed')
    }
  }
  async function rotate() {
    if (!window.confirm(t('rotateConfirm'))) return
    try {
      setSecret((await http.post<{ clientSecret: string }>(`${key}/rotate-secret`)).data.clientSecret)
    } catch {
      setNotice('failed')
    }
  }
  async function remove() {
    if (!window.confirm(t('deleteConfirm', { name: app.name }))) return
    try {
      await http.delete(key)
      router.push('/manage-apps')
    } catch {
      setNotice('failed')
    }
  }

  return (
    <Page>
      <PageHead
        title={app.name}
        description={t('clientIdLine', { id: app.id })}
        actions={<LinkButton href={`/manage-apps/${app.id}/review`}>{t('reviewLink')}</LinkButton>}
      />
      <PageBody>
        {notice === 'saved' && <Notification variant="success">{t('saved')}</Notification>}
        {notice === 'failed' && <Notification variant="error">{t('saveError')}</Notification>}
        {secret && (
          <Notification variant="warning" title={t('secretOnce')}>
            <code data-testid="oauth-client-secret">{secret}</code>
          </Notification>
        )}
        <AppForm
          initial={{ ...app, publicClient: app.publicClient }}
          families={data.scopes}
          onSubmit={save}
          submitLabel={t('save')}
          withClientType={false}
          errors={errors}
        />
        {canWrite && (
          <div>
            {!app.publicClient && (
              <Button onClick={() => void rotate()} data-testid="oauth-rotate-secret">
                {t('rotateSecret')}
              </Button>
            )}
            <Button variant="danger" onClick={() => void remove()} data-testid="oauth-delete-app">
              {t('deleteApp')}
            </Button>
          </div>
        )}
      </PageBody>
    </Page>
  )
}

'use client'
// /create-private-api-key and /clone-private-api-key?apiKeyId=…: the key form as a page of its
// own (links from integrations and docs land here). Cloning prefills the source key's scopes
// under a new name; the new key gets its own secret — a clone never copies the old one. Closing
// the form returns to the API keys settings.
import { useState } from 'react'
import useSWR from 'swr'
import { useRouter, useSearchParams } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { LinkButton } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import type { ListApiKeysResponse } from '@/app/ajax/account/api-keys/route'
import { CreateApiKeyModal } from './create-api-key-modal'

const BACK = '/settings/account/api-keys'

export function PrivateApiKeyScreen({ mode }: { mode: 'create' | 'clone' }) {
  const t = useTranslations('privateApiKey')
  const router = useRouter()
  const sourceId = Number(useSearchParams().get('apiKeyId'))
  const [open, setOpen] = useState(true)
  const keys = useSWR(mode === 'clone' ? '/ajax/account/api-keys' : null, (u: string) =>
    http.get<ListApiKeysResponse>(u).then((r) => r.data),
  )
  const source = keys.data?.apiKeys.find((k) => k.id === sourceId)
  const close = () => {
    setOpen(false)
    router.push(BACK)
  }
  const back = <LinkButton href={BACK}>{t('back')}</LinkButton>

  let body
  if (mode === 'create') body = <CreateApiKeyModal open={open} onClose={close} onCreated={() => undefined} />
  else if (keys.error)
    body = (
      <Notification variant="error" action={{ label: t('retry'), onClick: () => void keys.mutate() }}>
        {t('loadError')}
      </Notification>
    )
  else if (!keys.data) body = <Spinner size="large" label={t('loading')} />
  else if (!source) body = <EmptyState heading={t('notFound')} body={t('notFoundBody')} actions={back} />
  else
    body = (
      <>
        <p>{t('cloneFrom', { label: source.label, prefix: source.prefix })}</p>
        <CreateApiKeyModal
          open={open}
          onClose={close}
          onCreated={() => undefined}
          initial={{ label: t('cloneLabel', { label: source.label }).slice(0, 100), scopes: source.scopes }}
        />
      </>
    )

  return (
    <Page>
      <PageHead title={mode === 'create' ? t('createTitle') : t('cloneTitle')} actions={back} />
      <PageBody>{body}</PageBody>
    </Page>
  )
}

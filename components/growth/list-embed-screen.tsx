'use client'
// /list/{listId}/embed: the one script tag that loads the onsite script (and the list's forms),
// and for sites without JavaScript a plain HTML form posting to the list's subscribe link,
// which is created here on demand.
import useSWR from 'swr'
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button, LinkButton } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import { CodeSnippet } from './copy-button'
import styles from './growth.module.css'

type Embed = {
  list: { id: string; name: string }
  scriptTag: string
  appUrl: string
  link: { id: string; name: string; slug: string; url: string } | null
  formSnippet: string | null
}

export function ListEmbedScreen({ listId }: { listId: string }) {
  const t = useTranslations('growth')
  const toast = useToast()
  const canWrite = usePermission('forms_write')
  const key = `/ajax/growth/list-embed/${encodeURIComponent(listId)}`
  const { data, error, mutate } = useSWR(key, (url: string) => http.get<Embed>(url).then((r) => r.data))
  const [busy, setBusy] = useState(false)

  async function makeLink() {
    setBusy(true)
    try {
      await mutate((await http.post<Embed>(key, {})).data, { revalidate: false })
    } catch (e) {
      toast.show({ variant: 'error', content: readHttpFailure(e).message ?? t('saveError') })
    } finally {
      setBusy(false)
    }
  }

  if (error) {
    const missing = readHttpFailure(error).status === 404
    return (
      <Page>
        <PageHead title={t('embedTitle')} />
        <PageBody>
          <Notification variant="error">{missing ? t('listNotFound') : t('loadError')}</Notification>
        </PageBody>
      </Page>
    )
  }
  if (!data)
    return (
      <Page>
        <PageHead title={t('embedTitle')} />
        <PageBody>
          <div className={styles.loading}>
            <Spinner size="large" />
          </div>
        </PageBody>
      </Page>
    )

  return (
    <Page>
      <PageHead
        title={t('embedTitle')}
        description={t('embedDescription', { list: data.list.name })}
        actions={<LinkButton href={`/list/${encodeURIComponent(listId)}/forms`}>{t('listFormsLink')}</LinkButton>}
      />
      <PageBody>
        <div className={styles.stack}>
          <Card title={t('embedScriptTitle')}>
            <p className={styles.help}>{t('embedScriptHelp')}</p>
            <CodeSnippet code={data.scriptTag} label={t('embedScriptTitle')} testId="embed-script" />
            <p className={styles.help}>
              {t('embedScriptForms')} <a href={`/list/${encodeURIComponent(listId)}/forms/create`}>{t('createForm')}</a>
            </p>
          </Card>
          <Card title={t('embedHtmlTitle')}>
            <p className={styles.help}>{t('embedHtmlHelp')}</p>
            {data.formSnippet && data.link ? (
              <>
                <CodeSnippet code={data.formSnippet} label={t('embedHtmlTitle')} testId="embed-form" />
                <p className={styles.help}>
                  {t('embedHtmlLink')}{' '}
                  <a href={`/growth-tools/subscribe-links/${encodeURIComponent(data.link.id)}`}>{data.link.name}</a>
                </p>
              </>
            ) : canWrite ? (
              <Button variant="primary" loading={busy} onClick={() => void makeLink()} data-testid="make-link">
                {t('embedMakeLink')}
              </Button>
            ) : (
              <p className={styles.muted}>{t('embedNoLink')}</p>
            )}
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}

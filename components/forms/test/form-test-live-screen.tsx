'use client'
// /forms/{formId}/test/live: open the merchant's own store page with the form shown at once
// (?klaviyo_form_preview={token}, a one-hour token for this version; the onsite script must be
// installed there). Only http(s) addresses are opened.
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button, LinkButton } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { formsApi } from '../forms-api'
import { currentVersionId } from '../open-editor'
import styles from '../view/view.module.css'

export const PREVIEW_PARAM = 'klaviyo_form_preview'

/** The store page with the preview token added; null when it is not an http(s) address. */
export function previewUrl(input: string, token: string): string | null {
  let url: URL
  try {
    url = new URL(/^https?:\/\//i.test(input.trim()) ? input.trim() : `https://${input.trim()}`)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null
  url.searchParams.set(PREVIEW_PARAM, token)
  return url.toString()
}

export function FormTestLiveScreen({ formId }: { formId: string }) {
  const t = useTranslations('forms')
  const { data: form, error: loadError } = useSWR(['form', formId], () => formsApi.get(formId))
  const [site, setSite] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [opened, setOpened] = useState<string | null>(null)

  async function open(e: FormEvent) {
    e.preventDefault()
    if (!form) return
    if (!previewUrl(site, 'x')) return setError(t('live.badUrl'))
    const vid = currentVersionId(form)
    if (vid === null) return setError(t('versionMissing'))
    setError(null)
    setBusy(true)
    // The window opens inside the click so pop-up blockers allow it; the address follows.
    const win = window.open('about:blank', '_blank')
    try {
      const url = previewUrl(site, await formsApi.previewToken(form.id, vid))!
      if (win) {
        win.opener = null
        win.location.href = url
      }
      setOpened(url)
    } catch {
      win?.close()
      setError(t('actionFailed'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page>
      <PageHead
        title={t('live.title')}
        description={form ? form.name : undefined}
        actions={<LinkButton href={`/forms/${encodeURIComponent(formId)}/test`}>{t('backToTest')}</LinkButton>}
      />
      <PageBody>
        {loadError && <Notification variant="error" title={t('loadError')} />}
        <Card title={t('live.cardTitle')}>
          <p className={styles.muted}>{t('live.body')}</p>
          <form className={styles.liveForm} onSubmit={(e) => void open(e)} noValidate>
            <TextField
              label={t('live.url')}
              name="site"
              type="url"
              placeholder="https://shop.example.com"
              value={site}
              error={error ?? undefined}
              onChange={(e) => setSite(e.target.value)}
              data-testid="live-url"
            />
            <Button type="submit" variant="primary" loading={busy} disabled={!form} data-testid="live-open">
              {t('live.open')}
            </Button>
          </form>
          {opened && (
            <p className={styles.muted} data-testid="live-opened">
              {t('live.opened')}{' '}
              <a href={opened} target="_blank" rel="noreferrer noopener">
                {t('live.openAgain')}
              </a>
            </p>
          )}
        </Card>
      </PageBody>
    </Page>
  )
}

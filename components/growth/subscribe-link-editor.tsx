'use client'
// /growth-tools/subscribe-links/create and /{linkId}: the list, address, texts, fields (first
// name, phone with its SMS consent text), colours and success message of a hosted subscribe
// page, with a live preview of the page and of its success page. Field errors come from the server.
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button, LinkButton } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import type { SubscribeLinkContent } from '@/lib/growth/subscribe-links/content'
import { CheckField, ColorField, TextArea } from './color-field'
import { CopyButton } from './copy-button'
import { HostedPreview } from './hosted-preview'
import { useHostedBranding } from './use-hosted-branding'
import styles from './growth.module.css'

interface Draft {
  name: string
  listId: string
  slug: string
  status: 'active' | 'disabled'
  content: SubscribeLinkContent
}
type LinkAnswer = { link: Draft & { id: string; url: string } }

export function SubscribeLinkEditor({ linkId }: { linkId?: string }) {
  const t = useTranslations('growth')
  const existing = useSWR(linkId ? `/ajax/growth/subscribe-links/${encodeURIComponent(linkId)}` : null, (url: string) =>
    http.get<LinkAnswer>(url).then((r) => r.data.link),
  )
  const defaults = useSWR(linkId ? null : '/ajax/growth/subscribe-links/defaults', (url: string) =>
    http.get<{ content: SubscribeLinkContent }>(url).then((r) => r.data.content),
  )
  const title = linkId ? t('editLinkTitle') : t('createLinkTitle')
  const loadError = existing.error || defaults.error
  if (loadError) {
    const missing = readHttpFailure(loadError).status === 404
    return (
      <Page>
        <PageHead title={title} />
        <PageBody>
          <Notification variant="error">{missing ? t('linkNotFound') : t('loadError')}</Notification>
        </PageBody>
      </Page>
    )
  }
  const e = existing.data
  const initial: Draft | null = e
    ? { name: e.name, listId: e.listId, slug: e.slug, status: e.status, content: e.content }
    : defaults.data
      ? { name: '', listId: '', slug: '', status: 'active', content: defaults.data }
      : null
  if (!initial)
    return (
      <Page>
        <PageHead title={title} />
        <PageBody>
          <div className={styles.loading}>
            <Spinner size="large" />
          </div>
        </PageBody>
      </Page>
    )
  return <LinkForm linkId={linkId} title={title} initial={initial} url={e?.url} />
}

function LinkForm({ linkId, title, initial, url }: { linkId?: string; title: string; initial: Draft; url?: string }) {
  const t = useTranslations('growth')
  const tc = useTranslations('common')
  const router = useRouter()
  const toast = useToast()
  const canWrite = usePermission('forms_write')
  const branding = useHostedBranding()
  const lists = useSWR('/ajax/lists/simple?type=0', (u: string) =>
    http.get<{ id: string; name: string }[]>(u).then((r) => r.data),
  )
  const [draft, setDraft] = useState<Draft>(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)
  const [showSuccess, setShowSuccess] = useState(false)

  const c = draft.content
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch })
  const setC = (patch: Partial<SubscribeLinkContent>) => setDraft({ ...draft, content: { ...c, ...patch } })
  const err = (k: string) => errors[k]

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setErrors({})
    setSaving(true)
    const body = { ...draft, slug: draft.slug.trim() || undefined }
    try {
      if (linkId) {
        const res = await http.put<LinkAnswer>(`/ajax/growth/subscribe-links/${encodeURIComponent(linkId)}`, body)
        setDraft({ ...draft, slug: res.data.link.slug })
        toast.show({ variant: 'success', content: t('linkSaved') })
      } else {
        const res = await http.post<{ link: { id: string } }>('/ajax/growth/subscribe-links', body)
        toast.show({ variant: 'success', content: t('linkCreated') })
        router.push(`/growth-tools/subscribe-links/${encodeURIComponent(res.data.link.id)}`)
      }
    } catch (ex) {
      const f = readHttpFailure(ex)
      if (Object.keys(f.fieldErrors).length) setErrors(f.fieldErrors)
      else toast.show({ variant: 'error', content: f.message ?? t('saveError') })
    } finally {
      setSaving(false)
    }
  }

  const listOptions = [
    { value: '', label: t('chooseList') },
    ...(lists.data ?? []).map((l) => ({ value: l.id, label: l.name })),
  ]
  const previewFields = [
    t('previewEmail'),
    ...(c.collectFirstName ? [t('previewFirstName')] : []),
    ...(c.collectPhone ? [t('previewPhone')] : []),
  ]
  const colors = {
    background: c.backgroundColor,
    text: c.textColor,
    button: c.buttonColor,
    buttonText: c.buttonTextColor,
  }

  return (
    <Page width="full">
      <PageHead
        title={title}
        actions={
          url ? (
            <span className={styles.urlCell}>
              <a className={styles.url} href={url} target="_blank" rel="noreferrer">
                {url}
              </a>
              <CopyButton text={url} />
            </span>
          ) : undefined
        }
      />
      <PageBody>
        <div className={styles.split}>
          <form onSubmit={save} noValidate data-testid="subscribe-link-form">
            <fieldset className={styles.fieldset} disabled={!canWrite}>
              <Card title={t('sectionSetup')}>
                <div className={styles.form}>
                  <TextField
                    label={t('fieldName')}
                    name="name"
                    value={draft.name}
                    error={err('name')}
                    onChange={(e) => set({ name: e.target.value })}
                  />
                  <Select
                    label={t('fieldList')}
                    name="listId"
                    value={draft.listId}
                    options={listOptions}
                    error={err('listId')}
                    onChange={(e) => set({ listId: e.target.value })}
                  />
                  <TextField
                    label={t('fieldSlug')}
                    name="slug"
                    value={draft.slug}
                    error={err('slug')}
                    hint={t('fieldSlugHint')}
                    onChange={(e) => set({ slug: e.target.value })}
                  />
                  <CheckField
                    label={t('fieldActive')}
                    checked={draft.status === 'active'}
                    onChange={(v) => set({ status: v ? 'active' : 'disabled' })}
                    testId="link-active"
                  />
                </div>
              </Card>
              <Card title={t('sectionContent')}>
                <div className={styles.form}>
                  <TextField
                    label={t('fieldHeadline')}
                    name="headline"
                    value={c.headline}
                    error={err('content.headline')}
                    onChange={(e) => setC({ headline: e.target.value })}
                  />
                  <TextArea
                    label={t('fieldBody')}
                    name="body"
                    value={c.body}
                    error={err('content.body')}
                    onChange={(v) => setC({ body: v })}
                  />
                  <TextField
                    label={t('fieldButtonText')}
                    name="buttonText"
                    value={c.buttonText}
                    error={err('content.buttonText')}
                    onChange={(e) => setC({ buttonText: e.target.value })}
                  />
                  <CheckField
                    label={t('fieldCollectFirstName')}
                    checked={c.collectFirstName}
                    onChange={(v) => setC({ collectFirstName: v })}
                    testId="collect-first-name"
                  />
                  <CheckField
                    label={t('fieldCollectPhone')}
                    checked={c.collectPhone}
                    onChange={(v) => setC({ collectPhone: v })}
                    testId="collect-phone"
                  />
                  {c.collectPhone && (
                    <TextArea
                      label={t('fieldSmsConsent')}
                      name="smsConsentText"
                      value={c.smsConsentText}
                      error={err('content.smsConsentText')}
                      hint={t('fieldSmsConsentHint')}
                      placeholder={t('smsConsentExample')}
                      onChange={(v) => setC({ smsConsentText: v })}
                    />
                  )}
                </div>
              </Card>
              <Card title={t('sectionColors')}>
                <div className={styles.row}>
                  <ColorField
                    name="backgroundColor"
                    label={t('colorBackground')}
                    value={c.backgroundColor}
                    error={err('content.backgroundColor')}
                    onChange={(v) => setC({ backgroundColor: v })}
                  />
                  <ColorField
                    name="textColor"
                    label={t('colorText')}
                    value={c.textColor}
                    error={err('content.textColor')}
                    onChange={(v) => setC({ textColor: v })}
                  />
                  <ColorField
                    name="buttonColor"
                    label={t('colorButton')}
                    value={c.buttonColor}
                    error={err('content.buttonColor')}
                    onChange={(v) => setC({ buttonColor: v })}
                  />
                  <ColorField
                    name="buttonTextColor"
                    label={t('colorButtonText')}
                    value={c.buttonTextColor}
                    error={err('content.buttonTextColor')}
                    onChange={(v) => setC({ buttonTextColor: v })}
                  />
                </div>
              </Card>
              <Card title={t('sectionSuccess')}>
                <div className={styles.form}>
                  <TextField
                    label={t('fieldSuccessHeadline')}
                    name="successHeadline"
                    value={c.successHeadline}
                    error={err('content.successHeadline')}
                    onChange={(e) => setC({ successHeadline: e.target.value })}
                  />
                  <TextArea
                    label={t('fieldSuccessMessage')}
                    name="successMessage"
                    value={c.successMessage}
                    error={err('content.successMessage')}
                    onChange={(v) => setC({ successMessage: v })}
                  />
                </div>
              </Card>
              <div className={styles.footer}>
                <LinkButton href="/growth-tools/subscribe-links">{tc('cancel')}</LinkButton>
                {canWrite && (
                  <Button type="submit" variant="primary" loading={saving} data-testid="save-link">
                    {linkId ? t('save') : t('createLink')}
                  </Button>
                )}
              </div>
            </fieldset>
          </form>
          <Card
            title={t('previewTitle')}
            actions={
              <Button size="small" onClick={() => setShowSuccess(!showSuccess)} data-testid="toggle-success">
                {showSuccess ? t('previewForm') : t('previewSuccess')}
              </Button>
            }
          >
            {showSuccess ? (
              <HostedPreview
                label={t('previewTitle')}
                settings={branding.settings}
                company={branding.company}
                headline={c.successHeadline}
                body={c.successMessage}
                colors={colors}
              />
            ) : (
              <HostedPreview
                label={t('previewTitle')}
                settings={branding.settings}
                company={branding.company}
                headline={c.headline}
                body={c.body}
                buttonText={c.buttonText}
                fields={previewFields}
                consentText={c.collectPhone ? c.smsConsentText : undefined}
                colors={colors}
              />
            )}
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}

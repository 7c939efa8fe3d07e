'use client'
// /growth-tools/consent-pages and /settings/other/consent-pages (one editor, two entry points):
// the headline, text, button and colours of the hosted subscribe, confirm, subscribed,
// preferences, unsubscribe and unsubscribed pages, for the company or one list, with a preview.
// An empty text keeps the page's built-in (translated) text, shown as the placeholder.
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import {
  CONSENT_PAGE_KINDS,
  EMPTY_CONSENT_PAGE,
  type ConsentPageContent,
  type ConsentPageKind,
} from '@/lib/hosted-pages/consent-page-content'
import { SUBSCRIBE_LINK_DEFAULTS } from '@/lib/growth/subscribe-links/content'
import { CheckField, ColorField, TextArea } from './color-field'
import { HostedPreview } from './hosted-preview'
import { useHostedBranding } from './use-hosted-branding'
import styles from './growth.module.css'

type Pages = Record<ConsentPageKind, ConsentPageContent>

function useBuiltIn(company: string): Record<ConsentPageKind, { headline: string; body: string; buttonText: string }> {
  const e = useTranslations('emailPages')
  const s = useTranslations('subscriptionConfirm')
  const d = SUBSCRIBE_LINK_DEFAULTS
  return {
    subscribe: { headline: d.headline, body: d.body, buttonText: d.buttonText },
    confirm_subscription: { headline: s('confirmedTitle'), body: s('confirmedBody'), buttonText: '' },
    subscribed: { headline: d.successHeadline, body: d.successMessage, buttonText: '' },
    manage_preferences: {
      headline: e('preferencesTitle'),
      body: e('preferencesIntroNoEmail', { company }),
      buttonText: e('saveButton'),
    },
    unsubscribe: {
      headline: e('confirmTitle', { company }),
      body: e('confirmBodyNoEmail'),
      buttonText: e('confirmButton'),
    },
    unsubscribed: { headline: e('unsubscribedTitle'), body: e('unsubscribedBody', { company }), buttonText: '' },
  }
}

export function ConsentPagesScreen() {
  const t = useTranslations('growth')
  const tc = useTranslations('common')
  const branding = useHostedBranding()
  const builtIn = useBuiltIn(branding.company?.name ?? '')
  const [scope, setScope] = useState('default')
  const [kind, setKind] = useState<ConsentPageKind>('unsubscribe')
  const lists = useSWR('/ajax/lists/simple?type=0', (url: string) =>
    http.get<{ id: string; name: string }[]>(url).then((r) => r.data),
  )
  // Kinds are data (confirm_subscription …): the answer's keys are kept as sent.
  const { data, error, mutate } = useSWR(['/ajax/growth/consent-pages', scope] as const, ([url, s]) =>
    http.get<{ pages: Pages }>(url, { params: { scope: s }, transformKeys: false }).then((r) => r.data.pages),
  )
  const kindLabel: Record<ConsentPageKind, string> = {
    subscribe: t('kindSubscribe'),
    confirm_subscription: t('kindConfirmSubscription'),
    subscribed: t('kindSubscribed'),
    manage_preferences: t('kindManagePreferences'),
    unsubscribe: t('kindUnsubscribe'),
    unsubscribed: t('kindUnsubscribed'),
  }
  return (
    <Page width="full">
      <PageHead title={t('consentPagesTitle')} description={t('consentPagesDescription')} />
      <PageBody>
        <div className={styles.stack}>
          <div className={styles.row}>
            <Select
              label={t('scopeLabel')}
              name="scope"
              value={scope}
              data-testid="consent-scope"
              onChange={(e) => setScope(e.target.value)}
              options={[
                { value: 'default', label: t('scopeDefault') },
                ...(lists.data ?? []).map((l) => ({ value: l.id, label: t('scopeList', { list: l.name }) })),
              ]}
            />
            <Select
              label={t('kindLabel')}
              name="kind"
              value={kind}
              data-testid="consent-kind"
              onChange={(e) => setKind(e.target.value as ConsentPageKind)}
              options={CONSENT_PAGE_KINDS.map((k) => ({ value: k, label: kindLabel[k] }))}
            />
          </div>
          {error ? (
            <Notification variant="error" action={{ label: tc('retry'), onClick: () => void mutate() }}>
              {t('loadError')}
            </Notification>
          ) : !data ? (
            <div className={styles.loading}>
              <Spinner size="large" />
            </div>
          ) : (
            <ConsentPageForm
              key={`${scope}:${kind}`}
              scope={scope}
              kind={kind}
              label={kindLabel[kind]}
              initial={data[kind]}
              builtIn={builtIn[kind]}
              onSaved={() => void mutate()}
            />
          )}
        </div>
      </PageBody>
    </Page>
  )
}

function ConsentPageForm({
  scope,
  kind,
  label,
  initial,
  builtIn: b,
  onSaved,
}: {
  scope: string
  kind: ConsentPageKind
  label: string
  initial: ConsentPageContent
  builtIn: { headline: string; body: string; buttonText: string }
  onSaved: () => void
}) {
  const t = useTranslations('growth')
  const toast = useToast()
  const canWrite = usePermission('forms_write')
  const branding = useHostedBranding()
  const [draft, setDraft] = useState<ConsentPageContent>(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)
  const hasButton = kind === 'subscribe' || kind === 'manage_preferences' || kind === 'unsubscribe'
  const custom = !!(draft.backgroundColor || draft.buttonColor || draft.textColor)
  const s = branding.settings

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setErrors({})
    setSaving(true)
    try {
      await http.put('/ajax/growth/consent-pages', { scope, kind, content: draft })
      onSaved()
      toast.show({ variant: 'success', content: t('consentSaved', { page: label }) })
    } catch (ex) {
      const f = readHttpFailure(ex)
      if (Object.keys(f.fieldErrors).length) setErrors(f.fieldErrors)
      else toast.show({ variant: 'error', content: f.message ?? t('saveError') })
    } finally {
      setSaving(false)
    }
  }

  return (
    <div className={styles.split}>
      <form onSubmit={save} noValidate data-testid="consent-page-form">
        <fieldset className={styles.fieldset} disabled={!canWrite}>
          <Card title={label}>
            <div className={styles.form}>
              <p className={styles.help}>{scope === 'default' ? t('consentDefaultHelp') : t('consentListHelp')}</p>
              <TextField
                label={t('fieldHeadline')}
                name="headline"
                value={draft.headline}
                placeholder={b.headline}
                error={errors['content.headline']}
                onChange={(e) => setDraft({ ...draft, headline: e.target.value })}
              />
              <TextArea
                label={t('fieldBody')}
                name="body"
                value={draft.body}
                placeholder={b.body}
                error={errors['content.body']}
                onChange={(v) => setDraft({ ...draft, body: v })}
              />
              {hasButton && (
                <TextField
                  label={t('fieldButtonText')}
                  name="buttonText"
                  value={draft.buttonText}
                  placeholder={b.buttonText}
                  error={errors['content.buttonText']}
                  onChange={(e) => setDraft({ ...draft, buttonText: e.target.value })}
                />
              )}
              <CheckField
                label={t('fieldShowLogo')}
                checked={draft.showLogo}
                onChange={(v) => setDraft({ ...draft, showLogo: v })}
                testId="show-logo"
              />
              <CheckField
                label={t('fieldCustomColors')}
                checked={custom}
                testId="custom-colors"
                onChange={(v) =>
                  setDraft(
                    v
                      ? {
                          ...draft,
                          backgroundColor: s.backgroundColor,
                          buttonColor: s.brandColor,
                          textColor: s.textColor,
                        }
                      : { ...draft, backgroundColor: '', buttonColor: '', textColor: '' },
                  )
                }
              />
              {custom && (
                <div className={styles.row}>
                  <ColorField
                    name="backgroundColor"
                    label={t('colorBackground')}
                    value={draft.backgroundColor}
                    error={errors['content.backgroundColor']}
                    onChange={(v) => setDraft({ ...draft, backgroundColor: v })}
                  />
                  <ColorField
                    name="textColor"
                    label={t('colorText')}
                    value={draft.textColor}
                    error={errors['content.textColor']}
                    onChange={(v) => setDraft({ ...draft, textColor: v })}
                  />
                  <ColorField
                    name="buttonColor"
                    label={t('colorButton')}
                    value={draft.buttonColor}
                    error={errors['content.buttonColor']}
                    onChange={(v) => setDraft({ ...draft, buttonColor: v })}
                  />
                </div>
              )}
            </div>
          </Card>
          {canWrite && (
            <div className={styles.footer}>
              <Button onClick={() => setDraft(EMPTY_CONSENT_PAGE)} data-testid="reset-consent">
                {t('useBuiltIn')}
              </Button>
              <Button type="submit" variant="primary" loading={saving} data-testid="save-consent">
                {t('save')}
              </Button>
            </div>
          )}
        </fieldset>
      </form>
      <Card title={t('previewTitle')}>
        <HostedPreview
          label={t('previewTitle')}
          settings={{ ...s, backgroundColor: draft.backgroundColor || s.backgroundColor }}
          company={branding.company}
          showLogo={draft.showLogo}
          headline={draft.headline || b.headline}
          body={draft.body || b.body}
          buttonText={hasButton ? draft.buttonText || b.buttonText : undefined}
          fields={kind === 'subscribe' ? [t('previewEmail')] : undefined}
          colors={{ text: draft.textColor || undefined, button: draft.buttonColor || undefined }}
        />
      </Card>
    </div>
  )
}

'use client'
// /settings/other/hosted-pages: the branding every hosted page starts from (brand colour,
// background, text colour, font, button shape, logo placement), with a preview.
import { useState, type FormEvent } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import {
  BUTTON_STYLES,
  HOSTED_FONTS,
  HOSTED_PAGES_DEFAULTS,
  LOGO_PLACEMENTS,
  type HostedPagesSettings,
} from '@/lib/hosted-pages/style'
import { ColorField } from './color-field'
import { HostedPreview } from './hosted-preview'
import { HOSTED_PAGES_KEY, type HostedPagesAnswer } from './use-hosted-branding'
import styles from './growth.module.css'

export function HostedPagesScreen() {
  const t = useTranslations('growth')
  const tc = useTranslations('common')
  const { data, error, mutate } = useSWR(HOSTED_PAGES_KEY, (url: string) =>
    http.get<HostedPagesAnswer>(url).then((r) => r.data),
  )
  if (error) {
    return (
      <Page>
        <PageHead title={t('hostedPagesTitle')} />
        <PageBody>
          <Notification variant="error" action={{ label: tc('retry'), onClick: () => void mutate() }}>
            {t('loadError')}
          </Notification>
        </PageBody>
      </Page>
    )
  }
  if (!data)
    return (
      <Page>
        <PageHead title={t('hostedPagesTitle')} />
        <PageBody>
          <div className={styles.loading}>
            <Spinner size="large" />
          </div>
        </PageBody>
      </Page>
    )
  return <HostedPagesForm initial={data.settings} company={data.company} onSaved={() => void mutate()} />
}

function HostedPagesForm({
  initial,
  company,
  onSaved,
}: {
  initial: HostedPagesSettings
  company: HostedPagesAnswer['company']
  onSaved: () => void
}) {
  const t = useTranslations('growth')
  const toast = useToast()
  const canWrite = usePermission('account_settings_write')
  const [draft, setDraft] = useState<HostedPagesSettings>(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)
  const set = (patch: Partial<HostedPagesSettings>) => setDraft({ ...draft, ...patch })

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setErrors({})
    setSaving(true)
    try {
      await http.put(HOSTED_PAGES_KEY, draft)
      onSaved()
      toast.show({ variant: 'success', content: t('hostedSaved') })
    } catch (ex) {
      const f = readHttpFailure(ex)
      if (Object.keys(f.fieldErrors).length) setErrors(f.fieldErrors)
      else toast.show({ variant: 'error', content: f.message ?? t('saveError') })
    } finally {
      setSaving(false)
    }
  }

  const fontLabel: Record<HostedPagesSettings['font'], string> = {
    system: t('fontSystem'),
    serif: t('fontSerif'),
    rounded: t('fontRounded'),
    mono: t('fontMono'),
  }
  const buttonLabel: Record<HostedPagesSettings['buttonStyle'], string> = {
    rounded: t('buttonRounded'),
    square: t('buttonSquare'),
    pill: t('buttonPill'),
  }
  const logoLabel: Record<HostedPagesSettings['logoPlacement'], string> = {
    left: t('logoLeft'),
    center: t('logoCenter'),
    hidden: t('logoHidden'),
  }

  return (
    <Page width="full">
      <PageHead title={t('hostedPagesTitle')} description={t('hostedPagesDescription')} />
      <PageBody>
        <div className={styles.split}>
          <form onSubmit={save} noValidate data-testid="hosted-pages-form">
            <fieldset className={styles.fieldset} disabled={!canWrite}>
              <Card title={t('sectionBranding')}>
                <div className={styles.form}>
                  <div className={styles.row}>
                    <ColorField
                      name="brandColor"
                      label={t('colorBrand')}
                      value={draft.brandColor}
                      error={errors.brandColor}
                      onChange={(v) => set({ brandColor: v })}
                    />
                    <ColorField
                      name="backgroundColor"
                      label={t('colorBackground')}
                      value={draft.backgroundColor}
                      error={errors.backgroundColor}
                      onChange={(v) => set({ backgroundColor: v })}
                    />
                    <ColorField
                      name="textColor"
                      label={t('colorText')}
                      value={draft.textColor}
                      error={errors.textColor}
                      onChange={(v) => set({ textColor: v })}
                    />
                  </div>
                  <Select
                    label={t('fieldFont')}
                    name="font"
                    value={draft.font}
                    error={errors.font}
                    data-testid="hosted-font"
                    options={HOSTED_FONTS.map((f) => ({ value: f, label: fontLabel[f] }))}
                    onChange={(e) => set({ font: e.target.value as HostedPagesSettings['font'] })}
                  />
                  <Select
                    label={t('fieldButtonStyle')}
                    name="buttonStyle"
                    value={draft.buttonStyle}
                    error={errors.buttonStyle}
                    options={BUTTON_STYLES.map((b) => ({ value: b, label: buttonLabel[b] }))}
                    onChange={(e) => set({ buttonStyle: e.target.value as HostedPagesSettings['buttonStyle'] })}
                  />
                  <Select
                    label={t('fieldLogoPlacement')}
                    name="logoPlacement"
                    value={draft.logoPlacement}
                    error={errors.logoPlacement}
                    options={LOGO_PLACEMENTS.map((l) => ({ value: l, label: logoLabel[l] }))}
                    onChange={(e) => set({ logoPlacement: e.target.value as HostedPagesSettings['logoPlacement'] })}
                  />
                  <p className={styles.help}>
                    {t('logoHelp')} <Link href="/settings/account/organization">{t('logoHelpLink')}</Link>
                  </p>
                </div>
              </Card>
              {canWrite && (
                <div className={styles.footer}>
                  <Button onClick={() => setDraft(HOSTED_PAGES_DEFAULTS)} data-testid="reset-hosted">
                    {t('resetDefaults')}
                  </Button>
                  <Button type="submit" variant="primary" loading={saving} data-testid="save-hosted">
                    {t('save')}
                  </Button>
                </div>
              )}
            </fieldset>
          </form>
          <Card title={t('previewTitle')}>
            <HostedPreview
              label={t('previewTitle')}
              settings={draft}
              company={company}
              headline={t('previewHeadline')}
              body={t('previewBody')}
              fields={[t('previewEmail')]}
              buttonText={t('previewButton')}
            />
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}

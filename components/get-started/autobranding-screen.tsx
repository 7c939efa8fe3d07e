'use client'
// /get-started/autobranding: read the logo and colours from the store's website, pick the brand
// colour, and save them as the account's brand (POST /ajax/onboarding/autobranding).
import { useState, type FormEvent } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { FormError } from '@/components/ui/form-error'
import { Notification } from '@/components/ui/notification'
import { ChoiceGroup } from '@/components/onboarding/choice-group'
import type { AutobrandingResponse } from '@/app/ajax/onboarding/autobranding/route'
import { GuideFrame } from './guide-frame'
import { useGuideAction } from './use-guide-action'
import styles from '@/components/onboarding/onboarding.module.css'

export function AutobrandingScreen() {
  const t = useTranslations('getStartedGuides')
  const [websiteUrl, setWebsiteUrl] = useState('')
  const [found, setFound] = useState<AutobrandingResponse | null>(null)
  const [color, setColor] = useState('')
  const action = useGuideAction()
  const read = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const r = await action.run(() =>
      http.post<AutobrandingResponse>('/ajax/onboarding/autobranding', websiteUrl ? { websiteUrl } : {}),
    )
    if (r) {
      setFound(r.data)
      setColor(r.data.brandColor ?? '')
    }
  }
  const apply = async () => {
    const r = await action.run(() =>
      http.post<AutobrandingResponse>('/ajax/onboarding/autobranding', {
        ...(websiteUrl ? { websiteUrl } : {}),
        apply: true,
        ...(color ? { brandColor: color } : {}),
      }),
    )
    if (r) setFound(r.data)
  }
  return (
    <GuideFrame title={t('guide.autobranding.title')} description={t('guide.autobranding.body')}>
      <form className={styles.form} onSubmit={read} noValidate data-testid="autobranding-read">
        <TextField
          label={t('websiteUrl')}
          name="websiteUrl"
          type="url"
          value={websiteUrl}
          onChange={(e) => setWebsiteUrl(e.target.value)}
          error={action.errors.websiteUrl}
          hint={t('websiteUrlHint')}
        />
        <Button type="submit" disabled={action.busy}>
          {t('readWebsite')}
        </Button>
      </form>
      {found && (
        <>
          {found.logoUrl ? (
            // The logo as found on the merchant's own site, shown for them to confirm.
            // eslint-disable-next-line @next/next/no-img-element
            <img
              className={styles.logo}
              src={found.savedLogoUrl && found.saved ? found.savedLogoUrl : found.logoUrl}
              alt={t('logo')}
            />
          ) : (
            <p className={styles.muted}>{t('noLogo')}</p>
          )}
          {found.colors.length ? (
            <ChoiceGroup
              legend={t('brandColor')}
              name="brandColor"
              choices={found.colors.map((c) => ({ value: c, label: c }))}
              value={[color]}
              onChange={([v]) => setColor(v ?? '')}
            />
          ) : (
            <p className={styles.muted}>{t('noColors')}</p>
          )}
          <div className={styles.swatches} aria-hidden>
            {found.colors.map((c) => (
              <span key={c} className={styles.swatch} style={{ background: c }} />
            ))}
          </div>
          {found.saved ? (
            <Notification variant="success">{found.logoProblem ?? t('brandSaved')}</Notification>
          ) : (
            <Button
              variant="primary"
              onClick={() => void apply()}
              disabled={action.busy}
              data-testid="autobranding-apply"
            >
              {t('saveBrand')}
            </Button>
          )}
        </>
      )}
      {action.formError && <FormError>{action.formError}</FormError>}
    </GuideFrame>
  )
}

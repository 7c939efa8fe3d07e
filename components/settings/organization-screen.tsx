'use client'
// /settings/account/organization: company name, website, industry, the postal address that
// marketing mail footers need, default currency, locale and region preferences, and the time zone.
import { useState, type FormEvent } from 'react'
import type { KeyedMutator } from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Notification } from '@/components/ui/notification'
import type { Organization } from '@/lib/account/get-organization'
import { TimeZoneCard } from './time-zone-card'
import { OrganizationLogoCard } from './organization-logo-card'
import styles from './organization.module.css'
import screen from '@/components/ui/form-screen.module.css'
import { SettingsForm, SettingsLoader, SettingsPage, useSettingsSave } from './settings-form-screen'

type Named = { code: string; name: string }
type Options = { countries: Named[]; currencies: Named[]; languages: Named[]; industries: string[] }
type Form = Omit<Organization, 'hasPostalAddress' | 'timezone' | 'logoUrl'>
type Loaded = { organization: Organization; options: Options }

export const ORGANIZATION_KEY = '/ajax/account/organization'

export function OrganizationScreen() {
  const t = useTranslations('organization')
  return (
    <SettingsLoader<Loaded>
      url={ORGANIZATION_KEY}
      title={t('title')}
      loadError={t('loadError')}
      loadingClassName={screen.loading}
    >
      {(data, mutate) => <OrganizationForm data={data} mutate={mutate} />}
    </SettingsLoader>
  )
}

function OrganizationForm({ data, mutate }: { data: Loaded; mutate: KeyedMutator<Loaded> }) {
  const t = useTranslations('organization')
  const canEdit = usePermission(['account_info_organization', 'account_settings_write'])
  const [form, setForm] = useState<Form>(data.organization)
  const { busy, errors, setErrors, save } = useSettingsSave({ saved: t('saved'), failed: t('saveError') })
  const o = data.options
  const set = (patch: Partial<Form>) => setForm({ ...form, ...patch })
  const setAddress = (patch: Partial<Form['address']>) => setForm({ ...form, address: { ...form.address, ...patch } })
  const clear = (key: string) => errors[key] && setErrors({ ...errors, [key]: '' })
  const blank = { value: '', label: t('choose') }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    return save(async () => {
      // The logo has its own upload; the time zone its own card.
      const { name, websiteUrl, industry, address, currency, localePreferences } = form
      const res = await http.post<{ organization: Organization }>(ORGANIZATION_KEY, {
        name,
        websiteUrl,
        industry,
        address,
        currency,
        localePreferences,
      })
      setForm(res.data.organization)
      await mutate({ ...data, organization: res.data.organization }, { revalidate: false })
    })
  }

  return (
    <SettingsPage title={t('title')} description={t('description')}>
      {!data.organization.hasPostalAddress && <Notification variant="warning">{t('addressMissing')}</Notification>}
      <SettingsForm
        onSubmit={submit}
        canEdit={canEdit}
        busy={busy}
        formError={errors._form}
        saveLabel={t('save')}
        saveTestId="save-organization"
      >
        <Card title={t('companyTitle')}>
          <div className={screen.form}>
            <TextField
              label={t('name')}
              name="name"
              required
              value={form.name}
              error={errors.name}
              onChange={(e) => {
                set({ name: e.target.value })
                clear('name')
              }}
              data-testid="org-name"
            />
            <div className={styles.grid}>
              <TextField
                label={t('website')}
                name="websiteUrl"
                type="url"
                placeholder="https://"
                value={form.websiteUrl}
                error={errors.websiteUrl}
                onChange={(e) => {
                  set({ websiteUrl: e.target.value })
                  clear('websiteUrl')
                }}
              />
              <Select
                label={t('industry')}
                name="industry"
                value={form.industry}
                error={errors.industry}
                onChange={(e) => set({ industry: e.target.value })}
                options={[
                  blank,
                  ...o.industries.map((i) => ({
                    value: i,
                    label: t.has(`industries.${i}`) ? t(`industries.${i}`) : i,
                  })),
                ]}
              />
            </div>
          </div>
        </Card>
        <Card title={t('addressTitle')}>
          <div className={screen.form}>
            <p className={screen.help}>{t('addressHelp')}</p>
            <TextField
              label={t('line1')}
              name="line1"
              autoComplete="address-line1"
              value={form.address.line1}
              error={errors['address.line1']}
              onChange={(e) => {
                setAddress({ line1: e.target.value })
                clear('address.line1')
              }}
            />
            <TextField
              label={t('line2')}
              name="line2"
              autoComplete="address-line2"
              value={form.address.line2}
              error={errors['address.line2']}
              onChange={(e) => setAddress({ line2: e.target.value })}
            />
            <div className={styles.grid}>
              <TextField
                label={t('city')}
                name="city"
                autoComplete="address-level2"
                value={form.address.city}
                error={errors['address.city']}
                onChange={(e) => {
                  setAddress({ city: e.target.value })
                  clear('address.city')
                }}
              />
              <TextField
                label={t('region')}
                name="region"
                autoComplete="address-level1"
                value={form.address.region}
                error={errors['address.region']}
                onChange={(e) => setAddress({ region: e.target.value })}
              />
              <TextField
                label={t('postalCode')}
                name="postalCode"
                autoComplete="postal-code"
                value={form.address.postalCode}
                error={errors['address.postalCode']}
                onChange={(e) => setAddress({ postalCode: e.target.value })}
              />
              <Select
                label={t('country')}
                name="country"
                value={form.address.country}
                error={errors['address.country']}
                onChange={(e) => {
                  setAddress({ country: e.target.value })
                  clear('address.country')
                }}
                options={[blank, ...o.countries.map((c) => ({ value: c.code, label: c.name }))]}
              />
            </div>
          </div>
        </Card>
        <Card title={t('preferencesTitle')}>
          <div className={styles.grid}>
            <Select
              label={t('currency')}
              name="currency"
              value={form.currency}
              error={errors.currency}
              onChange={(e) => set({ currency: e.target.value })}
              options={o.currencies.map((c) => ({ value: c.code, label: c.name }))}
            />
            <Select
              label={t('language')}
              name="language"
              value={form.localePreferences.language}
              error={errors['localePreferences.language']}
              onChange={(e) => set({ localePreferences: { ...form.localePreferences, language: e.target.value } })}
              options={o.languages.map((c) => ({ value: c.code, label: c.name }))}
            />
            <Select
              label={t('regionPreference')}
              name="localeRegion"
              value={form.localePreferences.region}
              error={errors['localePreferences.region']}
              onChange={(e) => set({ localePreferences: { ...form.localePreferences, region: e.target.value } })}
              options={o.countries.map((c) => ({ value: c.code, label: c.name }))}
            />
          </div>
        </Card>
      </SettingsForm>
      <OrganizationLogoCard
        name={data.organization.name}
        logoUrl={data.organization.logoUrl}
        canEdit={canEdit}
        onChange={(logoUrl) =>
          void mutate({ ...data, organization: { ...data.organization, logoUrl } }, { revalidate: false })
        }
      />
      <TimeZoneCard
        current={data.organization.timezone}
        canEdit={canEdit}
        onChanged={(tz) =>
          void mutate({ ...data, organization: { ...data.organization, timezone: tz } }, { revalidate: false })
        }
      />
    </SettingsPage>
  )
}

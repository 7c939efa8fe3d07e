'use client'
// The inputs of each account-setup step; the values are the step's body as the server takes it
// (lib/onboarding/setup-steps.ts).
import { useMemo } from 'react'
import Link from 'next/link'
import { useLocale, useTranslations } from 'next-intl'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Button } from '@/components/ui/button'
import { countryCodes, INDUSTRIES } from '@/lib/account/organization-options'
import { CHANNELS, FOCUSES, LIST_SIZES, PLATFORMS, type SetupStep } from '@/lib/onboarding/setup-steps'
import type { SetupStateResponse } from '@/app/ajax/onboarding/setup/route'
import { ChoiceGroup } from './choice-group'
import styles from './onboarding.module.css'

interface Props {
  step: SetupStep
  state: SetupStateResponse
  draft: Record<string, unknown>
  setDraft: (d: Record<string, unknown>) => void
  errors: Record<string, string>
  onSkip: (body: Record<string, unknown>) => void
}

export function SetupStepFields({ step, state, draft, setDraft, errors, onSkip }: Props) {
  const t = useTranslations('onboarding')
  const torg = useTranslations('organization')
  const locale = useLocale()
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' })
    return countryCodes()
      .map((c) => ({ value: c, label: names.of(c) ?? c }))
      .sort((a, b) => a.label.localeCompare(b.label, locale))
  }, [locale])
  const str = (k: string, fallback = '') => (typeof draft[k] === 'string' ? (draft[k] as string) : fallback)
  const set = (patch: Record<string, unknown>) => setDraft({ ...draft, ...patch })
  const text = (name: string, label: string, extra: { type?: string; autoComplete?: string; hint?: string } = {}) => (
    <TextField
      label={label}
      name={name}
      value={str(name)}
      onChange={(e) => set({ [name]: e.target.value })}
      error={errors[name]}
      data-testid={`field-${name}`}
      {...extra}
    />
  )

  switch (step) {
    case 'init':
      return <p className={styles.muted}>{t('initBody')}</p>
    case 'business-category':
      return (
        <ChoiceGroup
          legend={t('categoryLegend')}
          name="category"
          choices={INDUSTRIES.map((i) => ({
            value: i,
            label: torg.has(`industries.${i}`) ? torg(`industries.${i}`) : i,
          }))}
          value={[str('category')]}
          onChange={([v]) => set({ category: v })}
          error={errors.category}
        />
      )
    case 'business-focus':
      return (
        <ChoiceGroup
          legend={t('focusLegend')}
          name="focus"
          choices={FOCUSES.map((f) => ({ value: f, label: t(`focus.${f}`) }))}
          value={[str('focus')]}
          onChange={([v]) => set({ focus: v })}
          error={errors.focus}
        />
      )
    case 'choose-channels':
      return (
        <ChoiceGroup
          multiple
          legend={t('channelsLegend')}
          name="channels"
          choices={CHANNELS.map((c) => ({ value: c, label: t(`channel.${c}`) }))}
          value={Array.isArray(draft.channels) ? (draft.channels as string[]) : []}
          onChange={(v) => set({ channels: v })}
          error={errors.channels}
        />
      )
    case 'company-website':
      return text('websiteUrl', t('websiteLabel'), { type: 'url', hint: t('websiteHint'), autoComplete: 'url' })
    case 'list-size':
      return (
        <ChoiceGroup
          legend={t('listSizeLegend')}
          name="listSize"
          choices={LIST_SIZES.map((s) => ({ value: s, label: t(`listSize.${s}`) }))}
          value={[str('listSize')]}
          onChange={([v]) => set({ listSize: v })}
          error={errors.listSize}
        />
      )
    case 'mailing-address':
      return (
        <>
          {text('line1', t('addressLine1'), { autoComplete: 'address-line1' })}
          {text('line2', t('addressLine2'), { autoComplete: 'address-line2' })}
          <div className={styles.row}>
            {text('city', t('addressCity'), { autoComplete: 'address-level2' })}
            {text('region', t('addressRegion'), { autoComplete: 'address-level1' })}
            {text('postalCode', t('addressPostalCode'), { autoComplete: 'postal-code' })}
          </div>
          <Select
            label={t('addressCountry')}
            name="country"
            value={str('country')}
            onChange={(e) => set({ country: e.target.value })}
            options={[{ value: '', label: t('chooseCountry') }, ...countries]}
            error={errors.country}
            data-testid="field-country"
          />
        </>
      )
    case 'platform':
      return (
        <ChoiceGroup
          legend={t('platformLegend')}
          name="platform"
          choices={PLATFORMS.map((p) => ({ value: p, label: t(`platform.${p}`) }))}
          value={[str('platform')]}
          onChange={([v]) => set({ platform: v })}
          error={errors.platform}
        />
      )
    case 'integration': {
      const platform = state.storePlatform ?? 'shopify'
      return (
        <>
          <p className={styles.muted}>
            {state.storeConnected
              ? t('storeConnected')
              : t('storeNotConnected', { platform: t(`platform.${platform}`) })}
          </p>
          <div className={styles.footer}>
            <Link href={`/integration/${platform}`} data-testid="connect-store">
              {t('connectStore', { platform: t(`platform.${platform}`) })}
            </Link>
            <Button type="button" variant="secondary" onClick={() => onSkip({ action: 'skip' })} data-testid="skip">
              {t('skipIntegration')}
            </Button>
          </div>
          <ChoiceGroup
            legend={t('integrationLegend')}
            name="action"
            choices={[
              { value: 'connected', label: t('integrationConnected') },
              { value: 'skip', label: t('skipIntegration') },
            ]}
            value={[str('action')]}
            onChange={([v]) => set({ action: v })}
            error={errors.action}
          />
        </>
      )
    }
    case 'integration/data-sharing':
      return (
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={draft.writeBackConsent === true}
            onChange={(e) => set({ writeBackConsent: e.target.checked })}
            data-testid="field-writeBackConsent"
          />
          <span>{t('writeBackConsent')}</span>
        </label>
      )
    case 'integration/sync':
      return (
        <>
          <TextField
            label={t('syncDays')}
            name="days"
            type="number"
            min={0}
            max={730}
            value={String(draft.days ?? '')}
            onChange={(e) => set({ days: e.target.value })}
            error={errors.days}
            hint={t('syncDaysHint')}
          />
          <Button type="button" variant="tertiary" onClick={() => onSkip({ days: 0 })}>
            {t('skipSync')}
          </Button>
        </>
      )
    case 'sender-info':
      return (
        <>
          {text('fromName', t('fromName'), { autoComplete: 'organization' })}
          {text('fromEmail', t('fromEmail'), { type: 'email', autoComplete: 'email' })}
          {errors.fromEmail && (
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={draft.continueUnverified === true}
                onChange={(e) => set({ continueUnverified: e.target.checked })}
                data-testid="field-continueUnverified"
              />
              <span>{t('continueUnverified')}</span>
            </label>
          )}
        </>
      )
  }
}

'use client'
// /settings/sms, pricing per country: a rate per segment for the countries the account sets
// (every other country uses the account's cost per segment), and a price check: a text's
// segments × the country's rate.
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useSettingsSave } from '@/components/settings/settings-form-screen'
import type { SmsPrice, SmsPricing } from '@/lib/messaging/sms/sms-pricing'
import { fieldError } from './field-error'
import { TextArea } from './text-area'
import { readHttpFailure } from '@/components/auth/http-failure'
import styles from './inbox-settings.module.css'

const KEY = '/ajax/sms/pricing'
type Loaded = { pricing: SmsPricing }
const toText = (p: SmsPricing) => p.rates.map((r) => `${r.country} ${r.costPerSegment}`).join('\n')
/** "GB 0.04" lines as rates; a line that is not "XX number" is sent as typed for the server to refuse. */
const parseRates = (s: string) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [country = '', cost = ''] = l.split(/[\s:=,]+/)
      return { country, costPerSegment: cost }
    })

export function SmsPricingCard({ canEdit }: { canEdit: boolean }) {
  const t = useTranslations('smsTools')
  const { data, error } = useSWR(KEY, (u: string) => http.get<Loaded>(u).then((r) => r.data))
  return (
    <div id="pricing">
      <Card title={t('pricingTitle')}>
        {error && <Notification variant="error">{t('loadError')}</Notification>}
        {!data && !error && <Spinner />}
        {data && <PricingForm pricing={data.pricing} canEdit={canEdit} />}
      </Card>
    </div>
  )
}

function PricingForm({ pricing, canEdit }: { pricing: SmsPricing; canEdit: boolean }) {
  const t = useTranslations('smsTools')
  const [rates, setRates] = useState(toText(pricing))
  const [check, setCheck] = useState({ body: '', country: '', recipients: '1' })
  const [price, setPrice] = useState<SmsPrice | null>(null)
  const saving = useSettingsSave({ saved: t('saved'), failed: t('saveError') })
  const [checkErrors, setCheckErrors] = useState<Record<string, string>>({})
  const [checking, setChecking] = useState(false)

  function saveRates(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    return saving.save(async () => {
      const res = await http.put<Loaded>(KEY, { rates: parseRates(rates) })
      setRates(toText(res.data.pricing))
    })
  }
  // A price check is a question, not a change: its answer shows beside the button, no toast.
  async function runCheck(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setChecking(true)
    setCheckErrors({})
    try {
      setPrice((await http.post<SmsPrice>(`${KEY}/estimate`, check)).data)
    } catch (err) {
      const f = readHttpFailure(err)
      setPrice(null)
      setCheckErrors(Object.keys(f.fieldErrors).length ? f.fieldErrors : { _form: f.message ?? t('saveError') })
    } finally {
      setChecking(false)
    }
  }
  const rateError = Object.entries(saving.errors).find(([k]) => k.startsWith('rates'))?.[1]

  return (
    <div className={styles.stack}>
      <form className={styles.form} onSubmit={saveRates} noValidate data-testid="sms-rates-form">
        <p className={styles.help}>
          {t('pricingHelp', { cost: pricing.defaultCostPerSegment, currency: pricing.currency })}
        </p>
        <fieldset disabled={!canEdit} className={styles.fieldset}>
          <TextArea
            label={t('rates')}
            name="rates"
            value={rates}
            placeholder={'GB 0.04\nAU 0.05'}
            hint={t('ratesHint')}
            error={rateError}
            onChange={(e) => setRates(e.target.value)}
          />
        </fieldset>
        {canEdit && (
          <div className={styles.footer}>
            <Button type="submit" loading={saving.busy} data-testid="save-sms-rates">
              {t('ratesSave')}
            </Button>
          </div>
        )}
      </form>
      <form className={styles.form} onSubmit={runCheck} noValidate data-testid="sms-price-form">
        <div className={styles.grid}>
          <TextField
            label={t('priceBody')}
            name="body"
            value={check.body}
            error={fieldError(checkErrors, 'body')}
            onChange={(e) => setCheck({ ...check, body: e.target.value })}
          />
          <TextField
            label={t('country')}
            name="country"
            maxLength={2}
            placeholder="US"
            value={check.country}
            error={fieldError(checkErrors, 'country')}
            onChange={(e) => setCheck({ ...check, country: e.target.value.toUpperCase() })}
          />
          <TextField
            label={t('recipients')}
            name="recipients"
            inputMode="numeric"
            value={check.recipients}
            error={fieldError(checkErrors, 'recipients')}
            onChange={(e) => setCheck({ ...check, recipients: e.target.value })}
          />
        </div>
        <div className={styles.footer}>
          {price && (
            <span className={styles.muted} data-testid="sms-price">
              {t('priceResult', {
                segments: price.segments,
                encoding: price.encoding,
                rate: price.costPerSegment,
                perMessage: price.costPerMessage,
                total: price.totalCost,
                currency: price.currency,
              })}
            </span>
          )}
          {checkErrors._form && <Notification variant="error">{checkErrors._form}</Notification>}
          <Button type="submit" loading={checking} data-testid="check-sms-price">
            {t('priceCheck')}
          </Button>
        </div>
      </form>
    </div>
  )
}

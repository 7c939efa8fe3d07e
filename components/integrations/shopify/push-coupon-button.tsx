'use client'
// On a Shopify coupon's screen: create its codes in the shop as discount codes (a percentage or
// a fixed amount off). Queued on the server; codes the shop already has are left as they are.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import styles from './shopify.module.css'

export function PushCouponButton({ couponId }: { couponId: string }) {
  const t = useTranslations('integrations.shopify')
  const [open, setOpen] = useState(false)
  const [kind, setKind] = useState<'percentage' | 'fixed_amount'>('percentage')
  const [value, setValue] = useState('10')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)

  async function push() {
    setBusy(true)
    setErrors({})
    try {
      await http.post(`/ajax/integrations/shopify/coupons/${encodeURIComponent(couponId)}/push`, {
        kind,
        value: Number(value),
      })
      setDone(true)
      setOpen(false)
    } catch (err) {
      const f = readHttpFailure(err)
      setErrors(Object.keys(f.fieldErrors).length ? f.fieldErrors : { _form: f.message ?? t('actionError') })
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Button
        onClick={() => {
          setOpen(true)
          setDone(false)
        }}
        data-testid="shopify-push-coupon"
      >
        {done ? t('pushQueued') : t('pushCoupon')}
      </Button>
      <Modal
        open={open}
        title={t('pushTitle')}
        onClose={() => setOpen(false)}
        footer={
          <>
            <Button variant="tertiary" onClick={() => setOpen(false)}>
              {t('cancel')}
            </Button>
            <Button variant="primary" loading={busy} onClick={push} data-testid="shopify-push-confirm">
              {t('pushCoupon')}
            </Button>
          </>
        }
      >
        <div className={styles.form}>
          <p className={styles.muted}>{t('pushHelp')}</p>
          <fieldset className={styles.choice}>
            <legend>{t('pushKind')}</legend>
            {(['percentage', 'fixed_amount'] as const).map((k) => (
              <label key={k}>
                <input type="radio" name="kind" checked={kind === k} onChange={() => setKind(k)} />{' '}
                {t(`pushKinds.${k}`)}
              </label>
            ))}
          </fieldset>
          <TextField
            label={t('pushValue')}
            name="value"
            type="number"
            min={0}
            value={value}
            error={errors.value ?? errors.coupon}
            onChange={(e) => setValue(e.target.value)}
          />
          {errors._form && <Notification variant="error">{errors._form}</Notification>}
        </div>
      </Modal>
    </>
  )
}

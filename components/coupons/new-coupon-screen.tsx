'use client'
// /coupons/new/{integrationKey}: a coupon (its id as the store knows it, a description, the
// low-balance threshold that warns before unique codes run out); then its codes are uploaded.
import { useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import { couponsApi } from './coupons-api'
import styles from './coupons.module.css'

export function NewCouponScreen({ integrationKey }: { integrationKey: string }) {
  const t = useTranslations('coupons')
  const router = useRouter()
  const [externalId, setExternalId] = useState('')
  const [description, setDescription] = useState('')
  const [threshold, setThreshold] = useState('50')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!externalId.trim()) return setErrors({ externalId: t('idRequired') })
    setBusy(true)
    setErrors({})
    try {
      const c = await couponsApi.create({
        externalId: externalId.trim(),
        description,
        lowBalanceThreshold: threshold.trim() === '' ? null : Number(threshold),
        integrationKey,
      })
      router.push(`/uploaded-coupon/${encodeURIComponent(c.id)}/import/file`)
    } catch (err) {
      const f = readHttpFailure(err)
      setErrors(Object.keys(f.fieldErrors).length ? f.fieldErrors : { _form: f.message ?? t('saveError') })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Page>
      <PageHead title={t('newTitle')} description={t('newDescription')} />
      <PageBody>
        <Card>
          <form className={styles.form} onSubmit={submit} noValidate aria-label={t('newTitle')}>
            <TextField
              label={t('couponId')}
              name="externalId"
              value={externalId}
              required
              error={errors.externalId}
              hint={t('couponIdHint')}
              onChange={(e) => setExternalId(e.target.value)}
              data-testid="coupon-id"
            />
            <TextField
              label={t('couponDescription')}
              name="description"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
            <TextField
              label={t('threshold')}
              name="lowBalanceThreshold"
              type="number"
              min={0}
              value={threshold}
              error={errors.lowBalanceThreshold}
              hint={t('thresholdHint')}
              onChange={(e) => setThreshold(e.target.value)}
            />
            {errors._form && <Notification variant="error">{errors._form}</Notification>}
            <div className={styles.footer}>
              <LinkButton href="/coupons" variant="tertiary">
                {t('cancel')}
              </LinkButton>
              <Button type="submit" variant="primary" loading={busy} data-testid="create-coupon-submit">
                {t('createAndUpload')}
              </Button>
            </div>
          </form>
        </Card>
      </PageBody>
    </Page>
  )
}

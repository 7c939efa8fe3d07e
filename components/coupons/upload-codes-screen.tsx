'use client'
// /uploaded-coupon/{couponId}/import/file: unique codes from a CSV file (one per line; an
// optional second column is the expiry date) or pasted; all or nothing, every bad line named.
import { useRef, useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import { couponsApi } from './coupons-api'
import styles from './coupons.module.css'

export function UploadCodesScreen({ couponId }: { couponId: string }) {
  const t = useTranslations('coupons')
  const router = useRouter()
  const toast = useToast()
  const { data } = useSWR(['coupon', couponId, 'upload'], () => couponsApi.get(couponId, {}))
  const file = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [lines, setLines] = useState<string[]>([])
  const [busy, setBusy] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const form = new FormData()
    const f = file.current?.files?.[0]
    if (f) form.append('file', f)
    else form.append('text', text)
    setBusy(true)
    setError(null)
    setLines([])
    try {
      const r = await couponsApi.upload(couponId, form)
      toast.show({ variant: 'success', content: t('uploaded', { count: r.created }) })
      router.push(`/coupon/${encodeURIComponent(couponId)}`)
    } catch (err) {
      const fail = readHttpFailure(err)
      setError(fail.fieldErrors.file ?? fail.message ?? t('saveError'))
      const all = (err as { data?: { fieldErrors?: Record<string, string[]> } }).data?.fieldErrors?.lines
      setLines(Array.isArray(all) ? all : [])
    } finally {
      setBusy(false)
    }
  }
  return (
    <Page>
      <PageHead
        title={t('uploadTitle', { name: data?.coupon.externalId ?? '' })}
        description={t('uploadDescription')}
      />
      <PageBody>
        <Card>
          <form className={styles.form} onSubmit={submit} aria-label={t('uploadCodes')}>
            <label className={styles.muted}>
              {t('csvFile')}
              <br />
              <input ref={file} type="file" accept=".csv,text/csv,text/plain" name="file" data-testid="codes-file" />
            </label>
            <label className={styles.muted} htmlFor="codes-text">
              {t('orPaste')}
            </label>
            <textarea
              id="codes-text"
              className={styles.textarea}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={'code\nSPRING-7FQ2\nSPRING-K9X4,2027-03-31'}
              data-testid="codes-text"
            />
            {error && (
              <Notification variant="error" title={error}>
                {lines.length > 0 && (
                  <ul className={styles.lines} data-testid="code-errors">
                    {lines.map((l) => (
                      <li key={l}>{l}</li>
                    ))}
                  </ul>
                )}
              </Notification>
            )}
            <div className={styles.footer}>
              <LinkButton href={`/coupon/${encodeURIComponent(couponId)}`} variant="tertiary">
                {t('cancel')}
              </LinkButton>
              <Button type="submit" variant="primary" loading={busy} data-testid="upload-submit">
                {t('upload')}
              </Button>
            </div>
          </form>
        </Card>
      </PageBody>
    </Page>
  )
}

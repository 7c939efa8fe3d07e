'use client'
// /email/create/with-ai: a goal, a tone, an optional offer and up to four products become a block
// template in the brand's styles (POST /ajax/asset-library/generate, rule-based: no external
// model), with subject lines to copy; the new template opens in the editor.
import { useState } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { readHttpFailure } from '@/components/auth/http-failure'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Notification } from '@/components/ui/notification'
import styles from '@/components/brand/brand.module.css'

const GOALS = ['welcome', 'promotion', 'product_launch', 'winback', 'newsletter'] as const
const TONES = ['friendly', 'formal', 'urgent'] as const
type Product = { title: string; price: string; url: string }

export function CreateWithAiScreen() {
  const t = useTranslations('createWithAi')
  const canEdit = usePermission(['templates_write'])
  const router = useRouter()
  const [form, setForm] = useState({ name: '', goal: 'promotion', tone: 'friendly', offer: '', shopUrl: 'https://' })
  const [products, setProducts] = useState<Product[]>([])
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [result, setResult] = useState<{ id: string; subjects: string[] } | null>(null)

  async function generate() {
    setBusy(true)
    setErrors({})
    try {
      const r = await http.post<{ template: { id: string }; subjects: string[] }>('/ajax/asset-library/generate', {
        ...form,
        offer: form.offer || undefined,
        products: products.map((p) => ({ ...p, price: p.price || undefined })),
      })
      setResult({ id: r.data.template.id, subjects: r.data.subjects })
    } catch (e) {
      const f = readHttpFailure(e)
      setErrors(Object.keys(f.fieldErrors).length ? f.fieldErrors : { _form: f.message ?? t('error') })
    } finally {
      setBusy(false)
    }
  }
  const setProduct = (i: number, v: Partial<Product>) =>
    setProducts(products.map((p, j) => (j === i ? { ...p, ...v } : p)))

  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <div className={styles.stack} data-testid="create-with-ai">
          {!canEdit && <Notification variant="info">{t('readOnly')}</Notification>}
          {errors._form && <Notification variant="error">{errors._form}</Notification>}
          {result && (
            <Notification variant="success">
              {t('done')}{' '}
              <Link href={`/email-template-editor/template/${encodeURIComponent(result.id)}`}>{t('open')}</Link>
            </Notification>
          )}
          {result && (
            <Card title={t('subjects')}>
              <ul className={styles.list} data-testid="ai-subjects">
                {result.subjects.map((s) => (
                  <li key={s} className={styles.item}>
                    {s}
                  </li>
                ))}
              </ul>
            </Card>
          )}
          <Card title={t('brief')}>
            <div className={styles.grid}>
              <TextField
                label={t('name')}
                name="name"
                value={form.name}
                error={errors.name}
                onChange={(e) => setForm({ ...form, name: e.target.value })}
              />
              <Select
                label={t('goal')}
                name="goal"
                options={GOALS.map((g) => ({ value: g, label: t(`goals.${g}`) }))}
                value={form.goal}
                error={errors.goal}
                onChange={(e) => setForm({ ...form, goal: e.target.value })}
              />
              <Select
                label={t('tone')}
                name="tone"
                options={TONES.map((g) => ({ value: g, label: t(`tones.${g}`) }))}
                value={form.tone}
                onChange={(e) => setForm({ ...form, tone: e.target.value })}
              />
              <TextField
                label={t('offer')}
                name="offer"
                value={form.offer}
                error={errors.offer}
                onChange={(e) => setForm({ ...form, offer: e.target.value })}
              />
              <TextField
                label={t('shopUrl')}
                name="shopUrl"
                value={form.shopUrl}
                error={errors.shopUrl}
                onChange={(e) => setForm({ ...form, shopUrl: e.target.value })}
              />
            </div>
          </Card>
          <Card title={t('products')}>
            <div className={styles.stack}>
              {products.length === 0 && <p className={styles.help}>{t('noProducts')}</p>}
              {products.map((p, i) => (
                <div key={i} className={styles.row}>
                  <TextField
                    label={t('productTitle')}
                    name={`product-title-${i}`}
                    value={p.title}
                    error={errors[`products.${i}.title`]}
                    onChange={(e) => setProduct(i, { title: e.target.value })}
                  />
                  <TextField
                    label={t('productUrl')}
                    name={`product-url-${i}`}
                    value={p.url}
                    error={errors[`products.${i}.url`]}
                    onChange={(e) => setProduct(i, { url: e.target.value })}
                  />
                  <Button variant="tertiary" onClick={() => setProducts(products.filter((_, j) => j !== i))}>
                    {t('remove')}
                  </Button>
                </div>
              ))}
              <div>
                <Button
                  disabled={products.length >= 4}
                  onClick={() => setProducts([...products, { title: '', price: '', url: 'https://' }])}
                >
                  {t('addProduct')}
                </Button>
              </div>
            </div>
          </Card>
          {canEdit && (
            <div className={styles.footer}>
              {result && (
                <Button onClick={() => router.push(`/email-template-editor/template/${encodeURIComponent(result.id)}`)}>
                  {t('open')}
                </Button>
              )}
              <Button variant="primary" loading={busy} onClick={() => void generate()}>
                {t('generate')}
              </Button>
            </div>
          )}
        </div>
      </PageBody>
    </Page>
  )
}

'use client'
// /whatsapp-template-editor/preview: writing a new WhatsApp message template — name, language,
// category, body with {{1}}…{{n}} variables and an example value for each (WhatsApp reviews
// them) — with the live preview of the message; saved as a draft, then submitted from the list.
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Button } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-error'
import { readHttpFailure } from '@/components/auth/http-failure'
import { WhatsAppBubble } from './whatsapp-bubble'
import styles from './mobile-editor.module.css'

const VARS = { one: '{{1}}', two: '{{2}}' }
const variableCount = (body: string) => new Set([...body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => m[1])).size

export function WhatsAppTemplateEditorScreen() {
  const t = useTranslations('whatsappTemplates')
  const toast = useToast()
  const router = useRouter()
  const canEdit = usePermission('templates_write')
  const [form, setForm] = useState({ name: '', language: 'en_US', category: 'MARKETING', body: '' })
  const [examples, setExamples] = useState<string[]>([])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const n = variableCount(form.body)
  const values = Array.from({ length: n }, (_, i) => examples[i] ?? '')

  async function create() {
    setBusy(true)
    setErrors({})
    try {
      await http.post('/ajax/mobile/whatsapp-templates', { ...form, examples: values })
      toast.show({ variant: 'success', content: t('created') })
      router.push('/templates/whatsapp')
    } catch (e) {
      const f = readHttpFailure(e)
      setErrors(Object.keys(f.fieldErrors).length ? f.fieldErrors : { _form: f.message ?? t('actionError') })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page>
      <PageHead title={t('editorTitle')} description={t('editorDescription', VARS)} />
      <PageBody>
        <div className={styles.layout}>
          <Card title={t('editorCard')}>
            <fieldset disabled={!canEdit} className={styles.form}>
              <TextField
                label={t('name')}
                name="name"
                value={form.name}
                error={errors.name}
                hint={t('nameHint')}
                onChange={(e) => setForm({ ...form, name: e.target.value })}
              />
              <div className={styles.grid}>
                <TextField
                  label={t('language')}
                  name="language"
                  value={form.language}
                  error={errors.language}
                  onChange={(e) => setForm({ ...form, language: e.target.value })}
                />
                <Select
                  label={t('category')}
                  name="category"
                  value={form.category}
                  options={[
                    { value: 'MARKETING', label: t('categoryMarketing') },
                    { value: 'UTILITY', label: t('categoryUtility') },
                    { value: 'AUTHENTICATION', label: t('categoryAuthentication') },
                  ]}
                  onChange={(e) => setForm({ ...form, category: e.target.value })}
                />
              </div>
              <label className={styles.label} htmlFor="wa-body">
                {t('body')}
              </label>
              <textarea
                id="wa-body"
                className={styles.textarea}
                value={form.body}
                placeholder={t('bodyPlaceholder', VARS)}
                onChange={(e) => setForm({ ...form, body: e.target.value })}
              />
              {errors.body && <span className={styles.fieldError}>{errors.body}</span>}
              {values.map((v, i) => (
                <TextField
                  key={i}
                  label={t('example', { n: i + 1 })}
                  name={`example-${i}`}
                  value={v}
                  error={errors[`examples.${i}`]}
                  onChange={(e) => setExamples(values.map((x, j) => (j === i ? e.target.value : x)))}
                />
              ))}
              {errors.examples && <span className={styles.fieldError}>{errors.examples}</span>}
              <div className={styles.actions}>
                <Button variant="primary" loading={busy} onClick={() => void create()}>
                  {t('saveDraft')}
                </Button>
              </div>
              {errors._form && <FormError>{errors._form}</FormError>}
            </fieldset>
          </Card>
          <Card title={t('previewTitle')}>
            <WhatsAppBubble body={form.body || t('bodyPlaceholder', VARS)} values={values} />
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}

'use client'
// /reviews/import/:step?: import reviews from a CSV file — upload, map the file's columns to the
// review fields, preview (the first rows and every row's errors, nothing written), import (the
// good rows; a source id imported before is left alone, so a second import changes nothing).
import { useState, type ChangeEvent } from 'react'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button, LinkButton } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { Table } from '@/components/ui/table'
import { Notification } from '@/components/ui/notification'
import type { ReviewImportPreviewResponse } from '@/app/ajax/reviews/import/preview/route'
import type { ReviewImportResponse } from '@/app/ajax/reviews/import/route'
import { IMPORT_FIELDS, REQUIRED_FIELDS, type ImportField } from '@/lib/reviews/import-fields'
import { attempt, sendJson } from './reviews-api'
import ops from '@/components/deliverability/ops.module.css'

const MAX_BYTES = 2 * 1024 * 1024
type Step = 'upload' | 'map' | 'preview' | 'done'

/** The header row's names (quoted names may hold commas). */
export function headerOf(csv: string): string[] {
  const out: string[] = []
  let cur = ''
  let quoted = false
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        cur += '"'
        i++
      } else if (c === '"') quoted = false
      else cur += c
    } else if (c === '"') quoted = true
    else if (c === ',' || c === ';') {
      out.push(cur.trim())
      cur = ''
    } else if (c === '\n' || c === '\r') break
    else cur += c
  }
  out.push(cur.trim())
  return out.filter(Boolean)
}

/** A column whose name looks like the field's, so the usual exports map themselves. */
function guess(field: ImportField, header: string[]): string {
  const words: Record<ImportField, RegExp> = {
    source_id: /^(source.?id|review.?id|id)$/i,
    product_id: /product.?id|sku|handle/i,
    rating: /rating|stars|score/i,
    title: /title|headline|subject/i,
    body: /body|content|text|review$/i,
    author: /author|name|reviewer/i,
    email: /e-?mail/i,
    created: /date|created|time/i,
  }
  return header.find((h) => words[field].test(h)) ?? ''
}

export function ReviewImportScreen() {
  const t = useTranslations('reviews')
  const [step, setStep] = useState<Step>('upload')
  const [csv, setCsv] = useState('')
  const [fileError, setFileError] = useState<string | null>(null)
  const [mapping, setMapping] = useState<Partial<Record<ImportField, string>>>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<string | null>(null)
  const [preview, setPreview] = useState<ReviewImportPreviewResponse | null>(null)
  const [result, setResult] = useState<ReviewImportResponse | null>(null)
  const header = csv ? headerOf(csv) : []
  const body = () => ({
    csv,
    mapping: IMPORT_FIELDS.filter((f) => mapping[f]).map((f) => ({ field: f, column: mapping[f]! })),
  })

  function pick(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    setFileError(null)
    if (!file) return
    if (file.size > MAX_BYTES) return setFileError(t('import.tooLarge'))
    file.text().then((text) => {
      const h = headerOf(text)
      if (!h.length) return setFileError(t('import.noHeader'))
      setCsv(text)
      setMapping(Object.fromEntries(IMPORT_FIELDS.map((f) => [f, guess(f, h)])))
      setStep('map')
    })
  }
  async function runPreview() {
    const r = await attempt(() => sendJson<ReviewImportPreviewResponse>('POST', '/ajax/reviews/import/preview', body()))
    setErrors(r.fieldErrors)
    setMessage(r.data ? null : (r.message ?? t('saveError')))
    if (r.data) {
      setPreview(r.data)
      setStep('preview')
    }
  }
  async function runImport() {
    const r = await attempt(() => sendJson<ReviewImportResponse>('POST', '/ajax/reviews/import', body()))
    setMessage(r.data ? null : (r.message ?? t('saveError')))
    if (r.data) {
      setResult(r.data)
      setStep('done')
    }
  }
  const rowErrors = (list: Array<{ line: number; errors: Record<string, string | undefined> }>) => (
    <Table
      caption={t('import.rowErrors')}
      columns={[
        { key: 'line', header: t('import.line'), align: 'right' },
        { key: 'errors', header: t('import.problems') },
      ]}
      rows={list.map((e) => ({
        id: e.line,
        line: e.line,
        errors: Object.entries(e.errors)
          .map(([f, m]) => `${f === 'row' ? '' : `${t(`import.field.${f}`)}: `}${m}`)
          .join(' · '),
      }))}
    />
  )
  return (
    <Page>
      <PageHead
        title={t('import.title')}
        description={t('import.description')}
        actions={<LinkButton href="/reviews">{t('import.back')}</LinkButton>}
      />
      <PageBody>
        <div className={ops.stack}>
          <ol className={ops.tabs} aria-label={t('import.steps')}>
            {(['upload', 'map', 'preview', 'done'] as const).map((s) => (
              <li key={s} aria-current={s === step ? 'step' : undefined} className={ops.muted}>
                {t(`import.step.${s}`)}
              </li>
            ))}
          </ol>
          {message && <Notification variant="error">{message}</Notification>}
          {step === 'upload' && (
            <Card title={t('import.step.upload')}>
              <p className={ops.note}>{t('import.uploadHint')}</p>
              <input type="file" accept=".csv,text/csv" aria-label={t('import.file')} onChange={pick} />
              {fileError && <Notification variant="error">{fileError}</Notification>}
            </Card>
          )}
          {step === 'map' && (
            <Card title={t('import.step.map')}>
              <div className={ops.form}>
                {IMPORT_FIELDS.map((f) => (
                  <Select
                    key={f}
                    label={`${t(`import.field.${f}`)}${REQUIRED_FIELDS.includes(f) ? ' *' : ''}`}
                    name={f}
                    value={mapping[f] ?? ''}
                    onChange={(e) => setMapping({ ...mapping, [f]: e.target.value })}
                    options={[
                      { value: '', label: t('import.notMapped') },
                      ...header.map((h) => ({ value: h, label: h })),
                    ]}
                    error={errors[`mapping.${f}`]}
                  />
                ))}
                <div className={ops.actions}>
                  <Button variant="secondary" onClick={() => setStep('upload')}>
                    {t('import.previous')}
                  </Button>
                  <Button variant="primary" onClick={runPreview}>
                    {t('import.toPreview')}
                  </Button>
                </div>
              </div>
            </Card>
          )}
          {step === 'preview' && preview && (
            <Card title={t('import.step.preview')}>
              <p className={ops.note}>
                {t('import.summary', {
                  total: preview.total,
                  valid: preview.valid,
                  invalid: preview.invalid,
                  already: preview.alreadyImported,
                })}
              </p>
              <Table
                caption={t('import.step.preview')}
                columns={[
                  { key: 'line', header: t('import.line'), align: 'right' },
                  ...IMPORT_FIELDS.filter((f) => mapping[f]).map((f) => ({ key: f, header: t(`import.field.${f}`) })),
                ]}
                rows={preview.rows.map((r) => ({ id: r.line, line: r.line, ...r.values }))}
              />
              {preview.errors.length > 0 && rowErrors(preview.errors)}
              <div className={ops.actions}>
                <Button variant="secondary" onClick={() => setStep('map')}>
                  {t('import.previous')}
                </Button>
                <Button variant="primary" onClick={runImport} disabled={preview.valid === 0}>
                  {t('import.run', { count: preview.valid })}
                </Button>
              </div>
            </Card>
          )}
          {step === 'done' && result && (
            <Card title={t('import.step.done')}>
              <Notification variant="success">
                {t('import.done', {
                  created: result.created,
                  unchanged: result.unchanged,
                  failed: result.failed.length,
                })}
              </Notification>
              {result.failed.length > 0 && rowErrors(result.failed)}
              <div className={ops.actions}>
                <LinkButton href="/reviews/moderation">{t('moderation')}</LinkButton>
              </div>
            </Card>
          )}
        </div>
      </PageBody>
    </Page>
  )
}

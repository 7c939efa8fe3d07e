'use client'
// /email-templates/create: start from a blank drag-and-drop or code template, a built-in layout,
// or an import (an .html file, a .zip with its images, or pasted HTML: seed 002 §3.8 fields).
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { isHttpError } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Button, LinkButton } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { FormError } from '@/components/ui/form-error'
import { templatesApi, issuesOf, issueText } from './api'
import { editorHref } from './links'
import styles from './templates.module.css'

// The server's layouts by id, named in the merchant's language; an unknown id shows the server's name.
const LAYOUT_TEXT: Record<string, [string, string]> = {
  announcement: ['layoutAnnouncement', 'layoutAnnouncementText'],
  newsletter: ['layoutNewsletter', 'layoutNewsletterText'],
  'abandoned-cart': ['layoutAbandonedCart', 'layoutAbandonedCartText'],
}
// Offered by the two blank choices already.
const BLANK_LAYOUTS = ['blank', 'plain-html']

type Start =
  { kind: 'blank'; editorType: 'SYSTEM_DRAGGABLE' | 'CODE' } | { kind: 'layout'; id: string } | { kind: 'import' }
type ImportMethod = 'upload' | 'zip' | 'paste'

export function CreateTemplateScreen() {
  const t = useTranslations('templates')
  const router = useRouter()
  const { data: layouts } = useSWR('template-layouts', () => templatesApi.layouts())
  const [start, setStart] = useState<Start>({ kind: 'blank', editorType: 'SYSTEM_DRAGGABLE' })
  const [name, setName] = useState('')
  const [transactional, setTransactional] = useState(false)
  const [method, setMethod] = useState<ImportMethod>('upload')
  const [file, setFile] = useState<File | null>(null)
  const [html, setHtml] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  const same = (s: Start) => JSON.stringify(s) === JSON.stringify(start)

  function validate(): Record<string, string> {
    const e: Record<string, string> = {}
    if (!name.trim()) e.name = t('nameRequired')
    if (start.kind === 'import') {
      if (method === 'paste' && !html.trim()) e.html_input = t('importHtmlRequired')
      if (method !== 'paste' && !file) e.html_file = t('importFileRequired')
    }
    return e
  }

  async function submit() {
    const e = validate()
    setErrors(e)
    if (Object.keys(e).length) return
    setBusy(true)
    try {
      let body: Record<string, unknown> | FormData
      if (start.kind === 'blank')
        body = { mode: 'blank', name: name.trim(), editor_type: start.editorType, is_transactional: transactional }
      else if (start.kind === 'layout')
        body = { mode: 'layout', layout: start.id, name: name.trim(), is_transactional: transactional }
      else if (method === 'paste')
        body = {
          mode: 'import',
          name: name.trim(),
          html_method: 'paste',
          html_input: html,
          is_transactional: transactional,
        }
      else {
        const form = new FormData()
        form.set('mode', 'import')
        form.set('name', name.trim())
        form.set('is_transactional', String(transactional))
        form.set('html_method', method)
        form.set(method === 'zip' ? 'related_zip' : 'html_file', file!)
        body = form
      }
      const created = await templatesApi.create(body)
      router.push(editorHref(created.id))
    } catch (err) {
      const issues = issuesOf(err)
      const fields = isHttpError(err)
        ? (err.data as { fieldErrors?: Record<string, string[]> } | null)?.fieldErrors
        : undefined
      const next: Record<string, string> = {}
      for (const [k, v] of Object.entries(fields ?? {})) if (v[0]) next[k] = v[0]
      if (!Object.keys(next).length) {
        next._ = issues?.length
          ? issues.map((i) => issueText(i, (line, column) => t('lineColumn', { line, column }))).join('\n')
          : t('createError')
      }
      setErrors(next)
      setBusy(false)
    }
  }

  const choice = (s: Start, title: string, text: string, testId: string) => (
    <button
      key={testId}
      type="button"
      className={styles.choice}
      aria-pressed={same(s)}
      onClick={() => setStart(s)}
      data-testid={testId}
    >
      <span className={styles.choiceName}>{title}</span>
      <span className={styles.choiceText}>{text}</span>
    </button>
  )

  return (
    <Page>
      <PageHead
        title={t('createTitle')}
        description={t('createDescription')}
        actions={<LinkButton href="/templates">{t('backToTemplates')}</LinkButton>}
      />
      <PageBody>
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault()
            void submit()
          }}
          noValidate
        >
          <section className={styles.section}>
            <h2 className={styles.sectionTitle}>{t('startWith')}</h2>
            <div className={styles.choices}>
              {choice(
                { kind: 'blank', editorType: 'SYSTEM_DRAGGABLE' },
                t('blankDrag'),
                t('blankDragText'),
                'start-blank',
              )}
              {choice({ kind: 'blank', editorType: 'CODE' }, t('blankCode'), t('blankCodeText'), 'start-code')}
              {(layouts ?? [])
                .filter((l) => !BLANK_LAYOUTS.includes(l.id))
                .map((l) => {
                  const keys = LAYOUT_TEXT[l.id]
                  return choice(
                    { kind: 'layout', id: l.id },
                    keys ? t(keys[0]) : l.name,
                    keys ? t(keys[1]) : l.description,
                    `start-layout-${l.id}`,
                  )
                })}
              {choice({ kind: 'import' }, t('import'), t('importText'), 'start-import')}
            </div>
          </section>
          {start.kind === 'import' && (
            <section className={styles.section}>
              <h2 className={styles.sectionTitle}>{t('importTitle')}</h2>
              <div className={styles.actions} role="radiogroup" aria-label={t('importMethod')}>
                {(['upload', 'zip', 'paste'] as const).map((m) => (
                  <label key={m} className={styles.check}>
                    <input
                      type="radio"
                      name="html_method"
                      value={m}
                      checked={method === m}
                      onChange={() => {
                        setMethod(m)
                        setFile(null)
                      }}
                    />
                    {m === 'upload' ? t('importUpload') : m === 'zip' ? t('importZip') : t('importPaste')}
                  </label>
                ))}
              </div>
              {method === 'paste' ? (
                <label className={styles.section}>
                  <span className={styles.label}>{t('importHtmlLabel')}</span>
                  <textarea
                    className={styles.textarea}
                    name="html_input"
                    value={html}
                    onChange={(e) => setHtml(e.target.value)}
                    spellCheck={false}
                    data-testid="import-html"
                  />
                  {errors.html_input && <FormError>{errors.html_input}</FormError>}
                </label>
              ) : (
                <label className={styles.section}>
                  <span className={styles.label}>{method === 'zip' ? t('importZipLabel') : t('importFileLabel')}</span>
                  <input
                    type="file"
                    name={method === 'zip' ? 'related_zip' : 'html_file'}
                    accept={method === 'zip' ? '.zip,application/zip' : '.html,.htm,text/html'}
                    onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                  />
                  {(errors.html_file || errors.related_zip) && (
                    <FormError>{errors.html_file ?? errors.related_zip}</FormError>
                  )}
                </label>
              )}
            </section>
          )}
          <TextField
            label={t('nameLabel')}
            name="name"
            value={name}
            maxLength={255}
            error={errors.name}
            onChange={(e) => setName(e.target.value)}
            data-testid="template-name"
          />
          <label className={styles.check}>
            <input
              type="checkbox"
              name="is_transactional"
              checked={transactional}
              onChange={(e) => setTransactional(e.target.checked)}
            />
            {t('transactionalLabel')}
          </label>
          {errors._ && <FormError>{errors._}</FormError>}
          <div className={styles.actions}>
            <Button type="submit" variant="primary" loading={busy} data-testid="create-submit">
              {t('createSubmit')}
            </Button>
          </div>
        </form>
      </PageBody>
    </Page>
  )
}

'use client'
// /catalog/sources/create: a product feed (name, URL, JSON or XML shopping feed, how often to
// sync; its first sync is queued and its page opens) or a CSV file (applied at once; its sync's
// page shows what was added and each refused row). The server's field errors show beside the
// fields; anything else above the buttons.
import { useRef, useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { useShellData, usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { FormError } from '@/components/ui/form-error'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import fieldStyles from '@/components/ui/field.module.css'
import { sourcesApi } from './sources-api'
import styles from './catalog.module.css'

type Kind = 'feed' | 'csv'
type Errors = Partial<Record<'name' | 'url' | 'format' | 'scheduleHours' | 'file' | '_form', string>>

export function SourceCreateScreen() {
  const t = useTranslations('catalogSources')
  const router = useRouter()
  const shell = useShellData()
  const canWrite = usePermission('catalog_write')
  const [kind, setKind] = useState<Kind>('feed')
  const [name, setName] = useState('')
  const [url, setUrl] = useState('')
  const [format, setFormat] = useState<'json' | 'xml'>('json')
  const [hours, setHours] = useState('24')
  const file = useRef<HTMLInputElement>(null)
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const chosen = file.current?.files?.[0]
    if (kind === 'csv' && !chosen) return setErrors({ file: t('fileRequired') })
    setBusy(true)
    setErrors({})
    try {
      if (kind === 'feed') {
        const { syncId } = await sourcesApi.createFeed({
          name: name.trim(),
          url: url.trim(),
          format,
          scheduleHours: Number(hours),
        })
        router.push(`/catalog/sources/${encodeURIComponent(syncId)}`)
      } else {
        const form = new FormData()
        form.append('file', chosen!)
        if (name.trim()) form.append('name', name.trim())
        const { sync } = await sourcesApi.uploadCsv(form)
        router.push(`/catalog/sources/${encodeURIComponent(sync.id)}`)
      }
    } catch (err) {
      const f = readHttpFailure(err)
      const fields = f.fieldErrors as Errors & { _?: string }
      const next: Errors = {
        name: fields.name,
        url: fields.url,
        format: fields.format,
        scheduleHours: fields.scheduleHours,
        file: fields.file,
      }
      const shown = Object.values(next).some(Boolean)
      setErrors({ ...next, _form: shown ? undefined : (fields._ ?? f.message ?? t('saveError')) })
      setBusy(false)
    }
  }

  const denied = shell !== null && !canWrite
  return (
    <Page>
      <PageHead title={t('createTitle')} description={t('createDescription')} />
      <PageBody>
        <Card>
          {denied ? (
            <Notification
              variant="info"
              title={t('noWriteAccess')}
              action={{ label: t('backToSources'), href: '/catalog/sources' }}
            />
          ) : (
            <form className={styles.sourceForm} onSubmit={submit} noValidate aria-label={t('createTitle')}>
              <fieldset className={styles.choice}>
                <legend>{t('kindLegend')}</legend>
                <label>
                  <input
                    type="radio"
                    name="kind"
                    value="feed"
                    checked={kind === 'feed'}
                    onChange={() => {
                      setKind('feed')
                      setErrors({})
                    }}
                  />
                  {t('kindFeedChoice')}
                </label>
                <label>
                  <input
                    type="radio"
                    name="kind"
                    value="csv"
                    checked={kind === 'csv'}
                    onChange={() => {
                      setKind('csv')
                      setErrors({})
                    }}
                  />
                  {t('kindCsvChoice')}
                </label>
              </fieldset>
              <TextField
                label={kind === 'feed' ? t('fieldName') : t('fieldNameOptional')}
                name="name"
                value={name}
                maxLength={255}
                required={kind === 'feed'}
                error={errors.name}
                hint={kind === 'csv' ? t('csvNameHint') : undefined}
                onChange={(e) => setName(e.target.value)}
              />
              {kind === 'feed' ? (
                <>
                  <TextField
                    label={t('fieldUrl')}
                    name="url"
                    type="url"
                    value={url}
                    required
                    error={errors.url}
                    hint={t('urlHint')}
                    placeholder="https://shop.example/products.json"
                    onChange={(e) => setUrl(e.target.value)}
                  />
                  <Select
                    label={t('fieldFormat')}
                    name="format"
                    value={format}
                    error={errors.format}
                    onChange={(e) => setFormat(e.target.value as 'json' | 'xml')}
                    options={[
                      { value: 'json', label: t('formatJson') },
                      { value: 'xml', label: t('formatXml') },
                    ]}
                  />
                  <TextField
                    label={t('fieldSchedule')}
                    name="scheduleHours"
                    type="number"
                    min={1}
                    max={168}
                    step={1}
                    value={hours}
                    required
                    error={errors.scheduleHours}
                    hint={t('scheduleHint')}
                    onChange={(e) => setHours(e.target.value)}
                  />
                </>
              ) : (
                <div className={fieldStyles.field}>
                  <label htmlFor="source-file" className={fieldStyles.label}>
                    {t('fieldFile')}
                  </label>
                  <input
                    ref={file}
                    id="source-file"
                    type="file"
                    name="file"
                    accept=".csv,text/csv"
                    data-testid="source-file"
                    aria-invalid={errors.file ? true : undefined}
                    aria-describedby={['source-file-hint', errors.file ? 'source-file-error' : '']
                      .filter(Boolean)
                      .join(' ')}
                  />
                  <p id="source-file-hint" className={styles.hint}>
                    {t('fileHint')}
                  </p>
                  {errors.file && <FormError id="source-file-error">{errors.file}</FormError>}
                </div>
              )}
              {errors._form && <Notification variant="error" title={errors._form} />}
              <div className={styles.footer}>
                <LinkButton href="/catalog/sources" variant="tertiary">
                  {t('cancel')}
                </LinkButton>
                <Button type="submit" variant="primary" loading={busy} data-testid="create-source-submit">
                  {kind === 'feed' ? t('createFeed') : t('uploadCsv')}
                </Button>
              </div>
            </form>
          )}
        </Card>
      </PageBody>
    </Page>
  )
}

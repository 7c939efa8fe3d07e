'use client'
// Step 1 of a CSV import: pick a file (at most 5 MB) or paste the rows.
import { useId, useState, type ChangeEvent } from 'react'
import { useTranslations } from 'next-intl'
import { useLibraryValidationMessages } from '@/components/ui/library-states'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-error'
import { MAX_CSV_BYTES, byteLength, parseCsv, type ParsedCsv, type ParseProblem } from './parse-csv'
import styles from './import.module.css'

export const MAX_CSV_LABEL = '5 MB'

export function ChooseFileStep({
  onParsed,
}: {
  onParsed: (text: string, csv: ParsedCsv, fileName: string | null) => void
}) {
  const t = useTranslations('listImport')
  const library = useLibraryValidationMessages()
  const inputId = useId()
  const [error, setError] = useState<string | null>(null)
  const [pasted, setPasted] = useState('')
  const [reading, setReading] = useState(false)

  const problemText = (p: ParseProblem) => {
    switch (p.kind) {
      case 'empty':
        return t('errorEmpty')
      case 'duplicate_header':
        return t('errorDuplicateHeader', { header: p.header || t('blankHeader') })
      case 'too_many_columns':
        return t('errorTooManyColumns', { max: p.max })
      case 'unreadable':
        return t('errorUnreadable', { message: p.message })
    }
  }

  function accept(text: string, fileName: string | null) {
    if (byteLength(text) > MAX_CSV_BYTES) return setError(library.fileTooLarge(MAX_CSV_LABEL))
    const parsed = parseCsv(text)
    if ('problem' in parsed) return setError(problemText(parsed.problem))
    setError(null)
    onParsed(text, parsed.csv, fileName)
  }

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    // Refused before reading: a huge file would only freeze the tab.
    if (file.size > MAX_CSV_BYTES) return setError(library.fileTooLarge(MAX_CSV_LABEL))
    setReading(true)
    try {
      accept(await file.text(), file.name)
    } catch {
      setError(t('errorRead'))
    } finally {
      setReading(false)
    }
  }

  return (
    <div className={styles.chooseGrid}>
      <Card title={t('uploadTitle')}>
        <div className={styles.stack}>
          <p className={styles.muted}>{t('uploadBody', { size: MAX_CSV_LABEL })}</p>
          <label htmlFor={inputId} className={styles.drop}>
            <span className={styles.dropTitle}>{reading ? t('reading') : t('chooseFile')}</span>
            <span className={styles.muted}>{t('fileHint', { size: MAX_CSV_LABEL })}</span>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv,text/plain"
              className={styles.fileInput}
              onChange={(e) => void onFile(e)}
              data-testid="csv-file-input"
              disabled={reading}
            />
          </label>
        </div>
      </Card>
      <Card title={t('pasteTitle')}>
        <div className={styles.stack}>
          <label className={styles.muted} htmlFor={`${inputId}-paste`}>
            {t('pasteBody')}
          </label>
          <textarea
            id={`${inputId}-paste`}
            className={styles.textarea}
            rows={8}
            value={pasted}
            placeholder={t('pastePlaceholder')}
            onChange={(e) => setPasted(e.target.value)}
            data-testid="csv-paste"
            spellCheck={false}
          />
          <div>
            <Button onClick={() => accept(pasted, null)} disabled={!pasted.trim()} data-testid="csv-paste-continue">
              {t('continue')}
            </Button>
          </div>
        </div>
      </Card>
      {error && (
        <div className={styles.fullRow}>
          <FormError>{error}</FormError>
        </div>
      )}
    </div>
  )
}

'use client'
// /people/suppressed/import: upload a CSV with an Email column; every address in it is
// suppressed for email (unknown addresses become profiles). Shows what was done and which
// rows were refused.
import { useState, type FormEvent } from 'react'
import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { readHttpFailure } from '@/components/auth/http-failure'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Table } from '@/components/ui/table'
import forms from '@/components/lists/forms.module.css'
import shared from '@/components/lists/shared.module.css'

const MAX_BYTES = 5 * 1024 * 1024

interface Result {
  suppressed: number
  alreadySuppressed: number
  createdProfiles: number
  refusedCount: number
  refused: Array<{ line: number; message: string }>
}

export function SuppressedImportScreen() {
  const t = useTranslations('audiencePages')
  const format = useFormatter()
  const canWrite = usePermission('profile_write')
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const [result, setResult] = useState<Result | null>(null)

  async function submit(e: FormEvent) {
    e.preventDefault()
    setError(null)
    if (!file) return setError(t('chooseFile'))
    if (file.size > MAX_BYTES) return setError(t('fileTooLarge'))
    setSaving(true)
    try {
      const res = await http.post<Result>('/ajax/people/suppressed/import', { csv: await file.text() })
      setResult(res.data)
    } catch (err) {
      const f = readHttpFailure(err)
      setError(f.fieldErrors.csv ?? f.message ?? t('importError'))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Page>
      <PageHead
        title={t('suppressImportTitle')}
        description={
          <Link href="/people/suppressed" data-testid="back-to-suppressed">
            {t('backToSuppressed')}
          </Link>
        }
      />
      <PageBody>
        <div className={shared.stack}>
          {!canWrite && <Notification variant="warning">{t('noProfileWrite')}</Notification>}
          <Card>
            <form className={forms.form} onSubmit={submit} noValidate>
              <p>{t('suppressImportHelp')}</p>
              <label>
                <span className="visually-hidden">{t('csvFile')}</span>
                <input
                  type="file"
                  accept=".csv,text/csv"
                  disabled={!canWrite}
                  onChange={(e) => {
                    setFile(e.target.files?.[0] ?? null)
                    setResult(null)
                    setError(null)
                  }}
                  data-testid="suppress-file"
                  aria-label={t('csvFile')}
                />
              </label>
              {error && <Notification variant="error">{error}</Notification>}
              <div className={forms.actions}>
                <Button
                  type="submit"
                  variant="primary"
                  loading={saving}
                  disabled={!canWrite}
                  data-testid="suppress-submit"
                >
                  {t('suppressImportSubmit')}
                </Button>
              </div>
            </form>
          </Card>
          {result && (
            <Card title={t('suppressImportDone')}>
              <div className={shared.stack} data-testid="suppress-result">
                <p>
                  {t('suppressImportSummary', {
                    suppressed: format.number(result.suppressed),
                    already: format.number(result.alreadySuppressed),
                    created: format.number(result.createdProfiles),
                    refused: format.number(result.refusedCount),
                  })}
                </p>
                {result.refused.length > 0 && (
                  <Table
                    caption={t('refusedRows')}
                    columns={[
                      { key: 'line', header: t('colLine'), align: 'right' },
                      { key: 'message', header: t('colProblem') },
                    ]}
                    rows={result.refused.map((r) => ({ id: String(r.line), line: r.line, message: r.message }))}
                  />
                )}
              </div>
            </Card>
          )}
        </div>
      </PageBody>
    </Page>
  )
}

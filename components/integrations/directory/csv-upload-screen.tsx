'use client'
// /integration/upload-csv: choose a CSV of events, see its first rows, map the columns, import.
// The import runs as a job; the history below shows its counts and the refused rows' download.
import { useState } from 'react'
import useSWR from 'swr'
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { usePermission } from '@/lib/client/shell-context'
import { parseCsv, byteLength, MAX_CSV_BYTES, type ParsedCsv } from '@/components/lists/import/parse-csv'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Table } from '@/components/ui/table'
import { fetchJson, fieldErrorsOf, INTEGRATIONS, postJson, type ImportSummary } from './api'
import { CsvMappingStep, emptyMapping, type EventMappingValue } from './csv-mapping-step'
import { ImportHistory } from './import-history'
import styles from './directory.module.css'

export function CsvUploadScreen() {
  const t = useTranslations('integrations.csv')
  const canWrite = usePermission(['integrations_write'])
  const history = useSWR(`${INTEGRATIONS}/csv-events`, fetchJson<{ imports: ImportSummary[] }>, {
    refreshInterval: 5000,
  })
  const [file, setFile] = useState<{ name: string; text: string; csv: ParsedCsv } | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [mapping, setMapping] = useState<EventMappingValue>(emptyMapping)
  const [errors, setErrors] = useState<Record<string, string[]> | null>(null)
  const [busy, setBusy] = useState(false)
  const [started, setStarted] = useState(false)

  async function choose(f: File | undefined) {
    setProblem(null)
    setStarted(false)
    setErrors(null)
    if (!f) return setFile(null)
    const text = await f.text()
    if (byteLength(text) > MAX_CSV_BYTES) return setProblem(t('tooLarge'))
    const parsed = parseCsv(text)
    if ('problem' in parsed) return setProblem(t('unreadable'))
    setFile({ name: f.name, text, csv: parsed.csv })
    setMapping(emptyMapping())
  }

  async function submit() {
    if (!file) return
    setBusy(true)
    setErrors(null)
    try {
      await postJson(`${INTEGRATIONS}/csv-events`, { fileName: file.name, csv: file.text, mapping })
      setStarted(true)
      setFile(null)
      await history.mutate()
    } catch (e) {
      setErrors(fieldErrorsOf(e) ?? { _: [t('importError')] })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page>
      <PageHead
        title={t('title')}
        description={
          <>
            {t('description')} <Link href="/integrations">{t('backToDirectory')}</Link>
          </>
        }
      />
      <PageBody>
        <div className={styles.stack}>
          {started && <Notification variant="success">{t('started')}</Notification>}
          {canWrite && (
            <Card title={t('chooseTitle')}>
              <input
                type="file"
                accept=".csv,text/csv"
                aria-label={t('chooseFile')}
                onChange={(e) => void choose(e.target.files?.[0])}
              />
              {problem && <Notification variant="error">{problem}</Notification>}
            </Card>
          )}
          {file && (
            <>
              <Card title={t('previewTitle', { count: file.csv.rowCount })}>
                <div className={styles.preview}>
                  <Table
                    caption={t('previewTitle', { count: file.csv.rowCount })}
                    columns={file.csv.headers.map((h, i) => ({ key: String(i), header: h }))}
                    rows={file.csv.sample.map((r, n) => ({
                      id: n,
                      ...Object.fromEntries(file.csv.headers.map((_, i) => [String(i), r[i] ?? ''])),
                    }))}
                  />
                </div>
              </Card>
              <Card title={t('mappingTitle')}>
                <CsvMappingStep headers={file.csv.headers} value={mapping} onChange={setMapping} errors={errors} />
                {errors?._ && <Notification variant="error">{errors._.join(' ')}</Notification>}
                {errors?.csv && <Notification variant="error">{errors.csv.join(' ')}</Notification>}
                <div className={styles.actions}>
                  <Button variant="primary" loading={busy} onClick={() => void submit()} data-testid="start-import">
                    {t('startImport')}
                  </Button>
                </div>
              </Card>
            </>
          )}
          <Card title={t('historyTitle')} flush>
            <ImportHistory imports={history.data?.imports ?? []} />
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}

'use client'
// Export a language as CSV or JSON for a translator, and import it back. An upload with bad rows
// (unknown ids, template language that does not parse) lists each row and changes nothing.
import { useRef, useState } from 'react'
import { useTranslations } from 'next-intl'
import { isHttpError } from '@/lib/client/http'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { useToast } from '@/components/shell/toasts'
import type { TranslationDetail, translationsApi } from './translations-api'
import styles from './translate.module.css'

const MAX_BYTES = 5 * 1024 * 1024

export function TranslationFilePanel({
  api,
  locale,
  canWrite,
  onImported,
}: {
  api: ReturnType<typeof translationsApi>
  locale: string
  canWrite: boolean
  onImported: (saved: TranslationDetail) => void
}) {
  const t = useTranslations('templateTranslate')
  const toast = useToast()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [problems, setProblems] = useState<string[] | null>(null)

  async function upload(file: File) {
    setProblems(null)
    const format = /\.json$/i.test(file.name) ? 'json' : 'csv'
    if (file.size > MAX_BYTES) return setProblems([t('fileTooLarge')])
    setBusy(true)
    try {
      const saved = await api.upload(locale, format, await file.text())
      toast.show({ variant: 'success', content: t('importedToast', { count: saved.translated }) })
      onImported(saved)
    } catch (e) {
      const body = isHttpError(e)
        ? (e.data as { message?: string; fieldErrors?: Record<string, string[]> } | null)
        : null
      const rows = Object.entries(body?.fieldErrors ?? {}).map(([where, msgs]) => `${where}: ${msgs.join(' ')}`)
      setProblems(rows.length ? rows : [body?.message ?? t('importError')])
    } finally {
      setBusy(false)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <div className={styles.toolbarGroup}>
      <a href={api.fileUrl(locale, 'csv')} download data-testid="export-csv">
        {t('exportCsv')}
      </a>
      <a href={api.fileUrl(locale, 'json')} download data-testid="export-json">
        {t('exportJson')}
      </a>
      {canWrite && (
        <>
          <input
            ref={input}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            className={styles.hidden}
            aria-label={t('importFile')}
            data-testid="import-file"
            onChange={(e) => {
              const f = e.target.files?.[0]
              if (f) void upload(f)
            }}
          />
          <Button size="small" onClick={() => input.current?.click()} loading={busy}>
            {t('import')}
          </Button>
        </>
      )}
      {problems && (
        <Notification variant="error">
          {t('importRejected')}
          <ul className={styles.rowErrors} data-testid="import-problems">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Notification>
      )}
    </div>
  )
}

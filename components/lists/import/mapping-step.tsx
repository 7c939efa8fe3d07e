'use client'
// Step 2 of a CSV import: each column of the file, a few of its values, and the profile field it
// fills (guessed from its header, changeable), then start the import.
import { useMemo, useState } from 'react'
import { useFormatter, useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { CUSTOM_PREFIX, SKIP, STANDARD_TARGETS, guessMapping, mappingProblems, type MappingProblem } from './guess-mapping'
import type { ParsedCsv } from './parse-csv'
import styles from './import.module.css'

const CUSTOM = '__custom__'

export interface MappingStepProps {
  csv: ParsedCsv
  fileName: string | null
  submitting: boolean
  submitError: string | null
  onBack: () => void
  onSubmit: (mapping: Record<string, string>) => void
}

export function MappingStep({ csv, fileName, submitting, submitError, onBack, onSubmit }: MappingStepProps) {
  const t = useTranslations('listImport')
  const format = useFormatter()
  const [mapping, setMapping] = useState<Record<string, string>>(() => guessMapping(csv.headers))
  const problems = useMemo(() => mappingProblems(mapping), [mapping])
  const targetLabel = (target: string) => (target.startsWith(CUSTOM_PREFIX) ? target.slice(CUSTOM_PREFIX.length) : t(`target.${target}`))

  const problemText = (p: MappingProblem) =>
    p.kind === 'no_identifier' ? t('problemNoIdentifier')
      : p.kind === 'duplicate' ? t('problemDuplicate', { target: targetLabel(p.target), columns: p.columns.join(', ') })
        : t('problemCustomName', { column: p.column || t('blankHeader') })

  const options = [
    { value: SKIP, label: t('skip') },
    ...STANDARD_TARGETS.map((f) => ({ value: f, label: t(`target.${f}`) })),
    { value: CUSTOM, label: t('customProperty') },
  ]

  const rows = csv.headers.map((header, i) => {
    const target = mapping[header] ?? SKIP
    const isCustom = target.startsWith(CUSTOM_PREFIX)
    const samples = csv.sample.map((r) => r[i] ?? '').filter((v) => v !== '').slice(0, 3)
    return {
      id: `${i}`,
      column: <span className={styles.columnName}>{header || <em className={styles.muted}>{t('blankHeader')}</em>}</span>,
      sample: samples.length ? <span className={styles.samples}>{samples.join(', ')}</span> : <span className={styles.muted}>{t('noSample')}</span>,
      target: (
        <div className={styles.targetCell}>
          <select className={styles.select} aria-label={t('mapColumn', { column: header || t('blankHeader') })}
            value={isCustom ? CUSTOM : target} data-testid={`mapping-select-${i}`}
            onChange={(e) => setMapping((m) => ({ ...m, [header]: e.target.value === CUSTOM ? CUSTOM_PREFIX + header.trim() : e.target.value }))}>
            {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
          {isCustom && (
            <input className={styles.input} aria-label={t('customNameFor', { column: header || t('blankHeader') })}
              value={target.slice(CUSTOM_PREFIX.length)} placeholder={t('customNamePlaceholder')} data-testid={`mapping-custom-${i}`}
              onChange={(e) => setMapping((m) => ({ ...m, [header]: CUSTOM_PREFIX + e.target.value }))} />
          )}
        </div>
      ),
    }
  })

  return (
    <div className={styles.stack}>
      <Card title={t('mapTitle')}>
        <div className={styles.stack}>
          <p className={styles.muted}>
            {fileName ? t('fileSummary', { name: fileName, rows: csv.rowCount, formatted: format.number(csv.rowCount) })
              : t('pasteSummary', { rows: csv.rowCount, formatted: format.number(csv.rowCount) })}
          </p>
          <Table caption={t('mapTitle')} columns={[
            { key: 'column', header: t('colColumn') },
            { key: 'sample', header: t('colSample') },
            { key: 'target', header: t('colTarget') },
          ]} rows={rows} />
        </div>
      </Card>
      <Card title={t('previewTitle')}>
        <div className={styles.previewScroll} data-testid="csv-preview">
          <table className={styles.previewTable}>
            <thead><tr>{csv.headers.map((h, i) => <th key={i} scope="col">{h}<small>{mapping[h] === SKIP ? t('skip') : targetLabel(mapping[h] ?? SKIP)}</small></th>)}</tr></thead>
            <tbody>
              {csv.sample.map((r, i) => <tr key={i}>{csv.headers.map((_, j) => <td key={j}>{r[j] ?? ''}</td>)}</tr>)}
            </tbody>
          </table>
        </div>
      </Card>
      {problems.length > 0 && (
        <Notification variant="warning" title={t('problemsTitle')}>
          <ul className={styles.problems} data-testid="mapping-problems">{problems.map((p, i) => <li key={i}>{problemText(p)}</li>)}</ul>
        </Notification>
      )}
      {submitError && <Notification variant="error">{submitError}</Notification>}
      <div className={styles.actions}>
        <Button onClick={onBack} disabled={submitting}>{t('back')}</Button>
        <Button variant="primary" disabled={problems.length > 0} loading={submitting} onClick={() => onSubmit(mapping)} data-testid="import-submit">
          {t('startImport', { rows: csv.rowCount, formatted: format.number(csv.rowCount) })}
        </Button>
      </div>
    </div>
  )
}

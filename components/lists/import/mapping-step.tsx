'use client'
// Step 2 of a CSV import: each column of the file, a few of its values, and the profile field it
// fills (guessed from its header, changeable); the rows that will not import whole, flagged before
// importing; the consent of the people imported; then start the import.
import { useId, useMemo, useState } from 'react'
import type { CountryCode } from 'libphonenumber-js'
import { useFormatter, useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { TextField } from '@/components/ui/text-field'
import { checkImportRows, type RowProblem } from '@/lib/imports/check-import-rows'
import { MAX_CONSENT_SOURCE, type ImportConsent } from '@/lib/imports/import-types'
import {
  CUSTOM_PREFIX,
  SKIP,
  STANDARD_TARGETS,
  guessMapping,
  mappingProblems,
  type MappingProblem,
} from './guess-mapping'
import type { ParsedCsv } from './parse-csv'
import styles from './import.module.css'

const CUSTOM = '__custom__'

export interface MappingStepProps {
  csv: ParsedCsv
  fileName: string | null
  submitting: boolean
  submitError: string | null
  /** The company's country: phone numbers without a country code are read in it. */
  phoneRegion?: string
  onBack: () => void
  onSubmit: (mapping: Record<string, string>, consent: ImportConsent) => void
}

const FLAGGED_SHOWN = 20

export function MappingStep({
  csv,
  fileName,
  submitting,
  submitError,
  phoneRegion,
  onBack,
  onSubmit,
}: MappingStepProps) {
  const t = useTranslations('listImport')
  const format = useFormatter()
  const consentName = useId()
  const [mapping, setMapping] = useState<Record<string, string>>(() => guessMapping(csv.headers))
  const [consentStatus, setConsentStatus] = useState<ImportConsent['status'] | null>(null)
  const [source, setSource] = useState('')
  const [sms, setSms] = useState(false)
  const [sourceError, setSourceError] = useState<string | undefined>()
  const problems = useMemo(() => mappingProblems(mapping), [mapping])
  const flagged = useMemo(
    () =>
      problems.length
        ? []
        : checkImportRows(csv.headers, csv.rows ?? csv.sample, mapping, phoneRegion as CountryCode | undefined),
    [csv, mapping, problems.length, phoneRegion],
  )
  const refusedCount = flagged.filter((f) => f.refused).length
  const partialCount = flagged.length - refusedCount
  const flaggedRows = new Map(flagged.filter((f) => f.row <= csv.sample.length).map((f) => [f.row, f]))
  const problemLabel = (p: RowProblem) =>
    p.kind === 'phone_invalid'
      ? t('rowPhoneInvalid', { value: p.value })
      : p.kind === 'phone_needs_country'
        ? t('rowPhoneNeedsCountry', { value: p.value })
        : p.kind === 'email_invalid'
          ? t('rowEmailInvalid', { value: p.value })
          : t('rowNoIdentifier')

  function start() {
    if (!consentStatus) return
    if (consentStatus === 'subscribed') {
      const trimmed = source.trim()
      if (!trimmed) return setSourceError(t('consentSourceRequired'))
      onSubmit(mapping, { status: 'subscribed', source: trimmed, ...(sms ? { sms: true } : {}) })
    } else {
      onSubmit(mapping, { status: 'not_subscribed' })
    }
  }
  const targetLabel = (target: string) =>
    target.startsWith(CUSTOM_PREFIX) ? target.slice(CUSTOM_PREFIX.length) : t(`target.${target}`)

  const problemText = (p: MappingProblem) =>
    p.kind === 'no_identifier'
      ? t('problemNoIdentifier')
      : p.kind === 'duplicate'
        ? t('problemDuplicate', { target: targetLabel(p.target), columns: p.columns.join(', ') })
        : t('problemCustomName', { column: p.column || t('blankHeader') })

  const options = [
    { value: SKIP, label: t('skip') },
    ...STANDARD_TARGETS.map((f) => ({ value: f, label: t(`target.${f}`) })),
    { value: CUSTOM, label: t('customProperty') },
  ]

  const rows = csv.headers.map((header, i) => {
    const target = mapping[header] ?? SKIP
    const isCustom = target.startsWith(CUSTOM_PREFIX)
    const samples = csv.sample
      .map((r) => r[i] ?? '')
      .filter((v) => v !== '')
      .slice(0, 3)
    return {
      id: `${i}`,
      column: (
        <span className={styles.columnName}>{header || <em className={styles.muted}>{t('blankHeader')}</em>}</span>
      ),
      sample: samples.length ? (
        <span className={styles.samples}>{samples.join(', ')}</span>
      ) : (
        <span className={styles.muted}>{t('noSample')}</span>
      ),
      target: (
        <div className={styles.targetCell}>
          <select
            className={styles.select}
            aria-label={t('mapColumn', { column: header || t('blankHeader') })}
            value={isCustom ? CUSTOM : target}
            data-testid={`mapping-select-${i}`}
            onChange={(e) =>
              setMapping((m) => ({
                ...m,
                [header]: e.target.value === CUSTOM ? CUSTOM_PREFIX + header.trim() : e.target.value,
              }))
            }
          >
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {isCustom && (
            <input
              className={styles.input}
              aria-label={t('customNameFor', { column: header || t('blankHeader') })}
              value={target.slice(CUSTOM_PREFIX.length)}
              placeholder={t('customNamePlaceholder')}
              data-testid={`mapping-custom-${i}`}
              onChange={(e) => setMapping((m) => ({ ...m, [header]: CUSTOM_PREFIX + e.target.value }))}
            />
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
            {fileName
              ? t('fileSummary', { name: fileName, rows: csv.rowCount, formatted: format.number(csv.rowCount) })
              : t('pasteSummary', { rows: csv.rowCount, formatted: format.number(csv.rowCount) })}
          </p>
          <Table
            caption={t('mapTitle')}
            columns={[
              { key: 'column', header: t('colColumn') },
              { key: 'sample', header: t('colSample') },
              { key: 'target', header: t('colTarget') },
            ]}
            rows={rows}
          />
        </div>
      </Card>
      <Card title={t('previewTitle')}>
        <div className={styles.previewScroll} data-testid="csv-preview">
          <table className={styles.previewTable}>
            <thead>
              <tr>
                {csv.headers.map((h, i) => (
                  <th key={i} scope="col">
                    {h}
                    <small>{mapping[h] === SKIP ? t('skip') : targetLabel(mapping[h] ?? SKIP)}</small>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {csv.sample.map((r, i) => {
                const flag = flaggedRows.get(i + 1)
                const badColumns = new Set(flag?.problems.map((p) => p.column))
                return (
                  <tr
                    key={i}
                    className={flag ? (flag.refused ? styles.rowRefused : styles.rowPartial) : undefined}
                    data-flagged={flag ? (flag.refused ? 'refused' : 'partial') : undefined}
                  >
                    {csv.headers.map((h, j) => (
                      <td key={j} className={badColumns.has(h) ? styles.cellBad : undefined}>
                        {r[j] ?? ''}
                      </td>
                    ))}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      </Card>
      {flagged.length > 0 && (
        <Notification
          variant={refusedCount ? 'warning' : 'info'}
          title={t('flaggedTitle', { count: flagged.length, formatted: format.number(flagged.length) })}
        >
          <div className={styles.stack} data-testid="import-flagged">
            <p>
              {partialCount > 0 && t('flaggedPartial', { count: partialCount, formatted: format.number(partialCount) })}{' '}
              {refusedCount > 0 && t('flaggedRefused', { count: refusedCount, formatted: format.number(refusedCount) })}
            </p>
            <ul className={styles.problems}>
              {flagged.slice(0, FLAGGED_SHOWN).map((f) => (
                <li key={f.row}>
                  <strong>{t('flaggedRow', { row: f.row })}</strong> {f.problems.map(problemLabel).join(' ')}{' '}
                  <em>{f.refused ? t('flaggedWillRefuse') : t('flaggedWillImport')}</em>
                </li>
              ))}
            </ul>
            {flagged.length > FLAGGED_SHOWN && <p>{t('flaggedMore', { count: flagged.length - FLAGGED_SHOWN })}</p>}
          </div>
        </Notification>
      )}
      <Card title={t('consentTitle')}>
        <fieldset className={styles.consent} data-testid="import-consent">
          <legend className={styles.consentLegend}>{t('consentQuestion')}</legend>
          <label className={styles.radio}>
            <input
              type="radio"
              name={consentName}
              value="subscribed"
              checked={consentStatus === 'subscribed'}
              onChange={() => setConsentStatus('subscribed')}
            />
            <span>{t('consentSubscribed')}</span>
          </label>
          {consentStatus === 'subscribed' && (
            <div className={styles.consentDetails}>
              <TextField
                label={t('consentSourceLabel')}
                name="consent-source"
                value={source}
                maxLength={MAX_CONSENT_SOURCE}
                placeholder={t('consentSourcePlaceholder')}
                hint={t('consentSourceHint')}
                error={sourceError}
                onChange={(e) => {
                  setSource(e.target.value)
                  setSourceError(undefined)
                }}
              />
              <label className={styles.checkbox}>
                <input type="checkbox" checked={sms} onChange={(e) => setSms(e.target.checked)} />
                <span>{t('consentSms')}</span>
              </label>
            </div>
          )}
          <label className={styles.radio}>
            <input
              type="radio"
              name={consentName}
              value="not_subscribed"
              checked={consentStatus === 'not_subscribed'}
              onChange={() => setConsentStatus('not_subscribed')}
            />
            <span>{t('consentNotSubscribed')}</span>
          </label>
        </fieldset>
      </Card>
      {problems.length > 0 && (
        <Notification variant="warning" title={t('problemsTitle')}>
          <ul className={styles.problems} data-testid="mapping-problems">
            {problems.map((p, i) => (
              <li key={i}>{problemText(p)}</li>
            ))}
          </ul>
        </Notification>
      )}
      {submitError && <Notification variant="error">{submitError}</Notification>}
      <div className={styles.actions}>
        <Button onClick={onBack} disabled={submitting}>
          {t('back')}
        </Button>
        <Button
          variant="primary"
          disabled={problems.length > 0 || !consentStatus}
          loading={submitting}
          onClick={start}
          data-testid="import-submit"
          title={!consentStatus ? t('consentChooseFirst') : undefined}
        >
          {t('startImport', { rows: csv.rowCount, formatted: format.number(csv.rowCount) })}
        </Button>
      </div>
    </div>
  )
}

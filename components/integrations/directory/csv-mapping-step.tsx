'use client'
// The mapping step of a CSV of events: which column names the profile (email, phone, external
// id), the metric (a fixed name or a column), the time and its format, the value, the unique id,
// and which columns become properties. Field errors from the server (mapping.<field>) are shown
// beside their control.
import { useTranslations } from 'next-intl'
import { Select } from '@/components/ui/select'
import { TextField } from '@/components/ui/text-field'
import styles from './directory.module.css'

export const TIME_FORMATS = ['iso', 'unix', 'unix_ms', 'mdy', 'dmy'] as const

export interface EventMappingValue {
  email?: string
  phoneNumber?: string
  externalId?: string
  metricName?: string
  metricColumn?: string
  timeColumn?: string
  timeFormat: (typeof TIME_FORMATS)[number]
  valueColumn?: string
  uniqueIdColumn?: string
  properties: Array<{ column: string; name: string }>
}

export const emptyMapping = (): EventMappingValue => ({ timeFormat: 'iso', properties: [], metricName: '' })

const COLUMN_FIELDS = ['email', 'phoneNumber', 'externalId', 'timeColumn', 'valueColumn', 'uniqueIdColumn'] as const

export interface CsvMappingStepProps {
  headers: string[]
  value: EventMappingValue
  onChange: (next: EventMappingValue) => void
  errors?: Record<string, string[]> | null
}

export function CsvMappingStep({ headers, value, onChange, errors }: CsvMappingStepProps) {
  const t = useTranslations('integrations.csv')
  const err = (k: string) => errors?.[`mapping.${k}`]?.join(' ')
  const columnOptions = [{ value: '', label: t('notMapped') }, ...headers.map((h) => ({ value: h, label: h }))]
  const set = (patch: Partial<EventMappingValue>) => onChange({ ...value, ...patch })
  const metricFromColumn = value.metricColumn !== undefined
  const isProperty = (h: string) => value.properties.some((p) => p.column === h)
  const used = new Set(
    COLUMN_FIELDS.map((k) => value[k])
      .concat(value.metricColumn)
      .filter(Boolean),
  )

  return (
    <fieldset className={styles.stack} aria-label={t('mappingTitle')}>
      <div className={styles.mapping}>
        {COLUMN_FIELDS.map((k) => (
          <Select
            key={k}
            label={t(`fields.${k}`)}
            name={k}
            value={value[k] ?? ''}
            options={columnOptions}
            error={err(k)}
            onChange={(e) => set({ [k]: e.target.value || undefined })}
          />
        ))}
        <Select
          label={t('fields.timeFormat')}
          name="timeFormat"
          value={value.timeFormat}
          error={err('timeFormat')}
          options={TIME_FORMATS.map((f) => ({ value: f, label: t(`timeFormats.${f}`) }))}
          onChange={(e) => set({ timeFormat: e.target.value as EventMappingValue['timeFormat'] })}
        />
      </div>
      <div className={styles.mapping}>
        <Select
          label={t('fields.metricSource')}
          name="metricSource"
          value={metricFromColumn ? 'column' : 'fixed'}
          options={[
            { value: 'fixed', label: t('metricFixed') },
            { value: 'column', label: t('metricFromColumn') },
          ]}
          onChange={(e) =>
            e.target.value === 'column'
              ? set({ metricColumn: '', metricName: undefined })
              : set({ metricColumn: undefined, metricName: '' })
          }
        />
        {metricFromColumn ? (
          <Select
            label={t('fields.metricColumn')}
            name="metricColumn"
            value={value.metricColumn ?? ''}
            options={columnOptions}
            error={err('metricColumn') ?? err('metricName')}
            onChange={(e) => set({ metricColumn: e.target.value })}
          />
        ) : (
          <TextField
            label={t('fields.metricName')}
            name="metricName"
            value={value.metricName ?? ''}
            placeholder="Placed Order"
            error={err('metricName')}
            onChange={(e) => set({ metricName: e.target.value })}
          />
        )}
      </div>
      <div>
        <p className={styles.muted}>{t('propertiesHint')}</p>
        <div className={styles.mapping}>
          {headers
            .filter((h) => !used.has(h))
            .map((h) => (
              <label key={h}>
                <input
                  type="checkbox"
                  checked={isProperty(h)}
                  onChange={(e) =>
                    set({
                      properties: e.target.checked
                        ? [...value.properties, { column: h, name: h }]
                        : value.properties.filter((p) => p.column !== h),
                    })
                  }
                />{' '}
                {t('asProperty', { column: h })}
              </label>
            ))}
        </div>
      </div>
    </fieldset>
  )
}

'use client'
// /sftp/set-up: the drop folder the product watches (an SFTP server of the self-hoster's choice
// writes there), the file patterns with their kind and mapping, the last scan and the files
// imported. The folder must lie under the root the server allows (SFTP_IMPORT_ROOT or DATA_DIR).
import { useState } from 'react'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { TextField } from '@/components/ui/text-field'
import { fetchJson, fieldErrorsOf, INTEGRATIONS, postJson, type ImportSummary } from './api'
import { ImportHistory } from './import-history'
import styles from './directory.module.css'

interface PatternDraft {
  pattern: string
  kind: 'events' | 'profiles'
  mapping: string
}
interface SftpView {
  root: string
  defaultDirectory: string
  imports: ImportSummary[]
  config: {
    directory: string
    enabled: boolean
    patterns: Array<{ pattern: string; kind: 'events' | 'profiles'; mapping: unknown }>
    lastScanAt: string | null
  } | null
}

const EXAMPLE: Record<PatternDraft['kind'], string> = {
  events: JSON.stringify(
    {
      email: 'Email',
      metricName: 'Placed Order',
      timeColumn: 'Date',
      timeFormat: 'iso',
      valueColumn: 'Total',
      uniqueIdColumn: 'Order ID',
      properties: [],
    },
    null,
    2,
  ),
  profiles: JSON.stringify(
    [
      { column: 'Email', target: 'email' },
      { column: 'First name', target: 'first_name' },
    ],
    null,
    2,
  ),
}

export function SftpSetupScreen() {
  const t = useTranslations('integrations.sftp')
  const tc = useTranslations('common')
  const { data, error, mutate } = useSWR(`${INTEGRATIONS}/sftp`, fetchJson<SftpView>)
  let body
  if (error)
    body = (
      <Notification variant="error" action={{ label: tc('retry'), onClick: () => void mutate() }}>
        {t('loadError')}
      </Notification>
    )
  else if (!data)
    body = (
      <div className={styles.loading}>
        <Spinner size="large" />
      </div>
    )
  else body = <SftpSettings view={data} onChanged={() => void mutate()} />
  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>{body}</PageBody>
    </Page>
  )
}

/** The form starts from the saved settings (or an example pattern) and keeps its own edits. */
function SftpSettings({ view: data, onChanged }: { view: SftpView; onChanged: () => void }) {
  const t = useTranslations('integrations.sftp')
  const format = useFormatter()
  const canWrite = usePermission(['integrations_write'])
  const [directory, setDirectory] = useState(data.config?.directory ?? '')
  const [patterns, setPatterns] = useState<PatternDraft[]>(() =>
    data.config
      ? data.config.patterns.map((p) => ({
          pattern: p.pattern,
          kind: p.kind,
          mapping: JSON.stringify(p.mapping, null, 2),
        }))
      : [{ pattern: 'orders-*.csv', kind: 'events', mapping: EXAMPLE.events }],
  )
  const [errors, setErrors] = useState<Record<string, string[]> | null>(null)
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)

  async function save() {
    setBusy(true)
    setErrors(null)
    setSaved(false)
    try {
      const parsed = patterns.map((p, i) => {
        try {
          return { pattern: p.pattern, kind: p.kind, mapping: JSON.parse(p.mapping) as unknown }
        } catch {
          throw { data: { fieldErrors: { [`patterns.${i}.mapping`]: [t('mappingNotJson')] } } }
        }
      })
      await postJson(`${INTEGRATIONS}/sftp`, { directory: directory || undefined, enabled: true, patterns: parsed })
      setSaved(true)
      onChanged()
    } catch (e) {
      setErrors(fieldErrorsOf(e) ?? { _: [t('saveError')] })
    } finally {
      setBusy(false)
    }
  }

  async function scanNow() {
    setBusy(true)
    try {
      await postJson(`${INTEGRATIONS}/sftp/scan`)
      onChanged()
    } catch {
      setErrors({ _: [t('scanError')] })
    } finally {
      setBusy(false)
    }
  }

  const err = (k: string) =>
    errors &&
    Object.entries(errors)
      .filter(([f]) => f === k || f.startsWith(`${k}.`))
      .flatMap(([, m]) => m)
      .join(' ')
  return (
    <div className={styles.stack}>
      <Notification variant="info">{t('explain', { root: data.root })}</Notification>
      {saved && <Notification variant="success">{t('saved')}</Notification>}
      {errors?._ && <Notification variant="error">{errors._.join(' ')}</Notification>}
      <Card title={t('folderTitle')}>
        <TextField
          label={t('directory')}
          name="directory"
          value={directory}
          placeholder={data.defaultDirectory}
          hint={t('directoryHint', { root: data.root })}
          error={err('directory') || undefined}
          disabled={!canWrite}
          onChange={(e) => setDirectory(e.target.value)}
        />
      </Card>
      <Card title={t('patternsTitle')}>
        <div className={styles.stack}>
          {patterns.map((p, i) => (
            <div key={i} className={styles.mapping}>
              <TextField
                label={t('pattern')}
                name={`pattern-${i}`}
                value={p.pattern}
                error={err(`patterns.${i}.pattern`) || undefined}
                disabled={!canWrite}
                onChange={(e) => setPatterns(patterns.map((x, j) => (j === i ? { ...x, pattern: e.target.value } : x)))}
              />
              <Select
                label={t('kind')}
                name={`kind-${i}`}
                value={p.kind}
                disabled={!canWrite}
                options={[
                  { value: 'events', label: t('kindEvents') },
                  { value: 'profiles', label: t('kindProfiles') },
                ]}
                onChange={(e) => {
                  const kind = e.target.value as PatternDraft['kind']
                  setPatterns(patterns.map((x, j) => (j === i ? { ...x, kind, mapping: EXAMPLE[kind] } : x)))
                }}
              />
              <label>
                {t('mapping')}
                <textarea
                  className={styles.code}
                  rows={8}
                  value={p.mapping}
                  disabled={!canWrite}
                  aria-invalid={!!err(`patterns.${i}.mapping`)}
                  onChange={(e) =>
                    setPatterns(patterns.map((x, j) => (j === i ? { ...x, mapping: e.target.value } : x)))
                  }
                />
                {err(`patterns.${i}`) && (
                  <span className={styles.error} role="alert">
                    {err(`patterns.${i}`)}
                  </span>
                )}
              </label>
            </div>
          ))}
          {canWrite && (
            <div className={styles.actions}>
              <Button
                onClick={() =>
                  setPatterns([...patterns, { pattern: 'people-*.csv', kind: 'profiles', mapping: EXAMPLE.profiles }])
                }
              >
                {t('addPattern')}
              </Button>
              <Button variant="primary" loading={busy} onClick={() => void save()} data-testid="save-sftp">
                {t('save')}
              </Button>
            </div>
          )}
        </div>
      </Card>
      <Card
        title={t('importsTitle')}
        flush
        actions={
          canWrite &&
          data.config && (
            <Button onClick={() => void scanNow()} loading={busy}>
              {t('scanNow')}
            </Button>
          )
        }
      >
        <p className={styles.muted}>
          {data.config?.lastScanAt
            ? t('lastScan', {
                when: format.dateTime(new Date(data.config.lastScanAt), { dateStyle: 'medium', timeStyle: 'short' }),
              })
            : t('neverScanned')}
        </p>
        <ImportHistory imports={data.imports} />
      </Card>
    </div>
  )
}

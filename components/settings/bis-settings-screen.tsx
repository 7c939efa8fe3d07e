'use client'
// /settings/other/bis-settings: when a variant counts as back in stock (its inventory above the
// threshold) and how its waiting subscribers are released — so many at a time, so many minutes
// apart — so a small restock is not emailed to everyone at once. Field errors come from the
// server under their fields; without account_settings_write the form is read-only.
import { useState, type FormEvent } from 'react'
import useSWR, { type KeyedMutator } from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { readHttpFailure } from '@/components/auth/http-failure'
import styles from './bis-web-feeds.module.css'

interface BisSettings { inventoryThreshold: number; batchSize: number; batchIntervalMinutes: number }
interface Loaded { settings: BisSettings; defaults: BisSettings }
type Field = keyof BisSettings

export const BIS_SETTINGS_KEY = '/ajax/account/bis-settings'
const FIELDS: Field[] = ['inventoryThreshold', 'batchSize', 'batchIntervalMinutes']

export function BisSettingsScreen() {
  const t = useTranslations('bisSettings')
  const { data, error, mutate } = useSWR(BIS_SETTINGS_KEY, (url: string) => http.get<Loaded>(url).then((r) => r.data))
  if (error && !data) {
    return (
      <Page><PageHead title={t('title')} /><PageBody>
        <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>{readHttpFailure(error).message ?? t('loadError')}</Notification>
      </PageBody></Page>
    )
  }
  if (!data) return <Page><PageHead title={t('title')} /><PageBody><div className={styles.loading}><Spinner size="large" label={t('loading')} /></div></PageBody></Page>
  return <BisForm key={JSON.stringify(data.settings)} data={data} mutate={mutate} />
}

function BisForm({ data, mutate }: { data: Loaded; mutate: KeyedMutator<Loaded> }) {
  const t = useTranslations('bisSettings')
  const toast = useToast()
  const canEdit = usePermission('account_settings_write')
  const [values, setValues] = useState<Record<Field, string>>(() => Object.fromEntries(FIELDS.map((k) => [k, String(data.settings[k])])) as Record<Field, string>)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const set = (k: Field, v: string) => {
    setValues({ ...values, [k]: v })
    if (errors[k]) setErrors({ ...errors, [k]: '' })
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setBusy(true)
    setErrors({})
    setFormError(null)
    try {
      const res = await http.put<Loaded>(BIS_SETTINGS_KEY, Object.fromEntries(FIELDS.map((k) => [k, values[k].trim()])))
      await mutate(res.data, { revalidate: false })
      toast.show({ variant: 'success', content: t('saved') })
    } catch (err) {
      const f = readHttpFailure(err)
      if (Object.keys(f.fieldErrors).length) setErrors(f.fieldErrors)
      else setFormError(f.message ?? t('saveError'))
    } finally {
      setBusy(false)
    }
  }

  const field = (k: Field, min: number) => (
    <TextField key={k} label={t(`fields.${k}`)} name={k} type="number" inputMode="numeric" min={min} step={1} value={values[k]}
      hint={t(`hints.${k}`, { value: data.defaults[k] })} error={errors[k] || undefined} data-testid={`bis-${k}`}
      onChange={(e) => set(k, e.target.value)} />
  )

  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <form className={styles.stack} onSubmit={(e) => void submit(e)} noValidate>
          {!canEdit && <Notification variant="info">{t('readOnly')}</Notification>}
          {formError && <Notification variant="error">{formError}</Notification>}
          <fieldset disabled={!canEdit} className={styles.fieldset}>
            <Card title={t('stockTitle')}>
              <p className={styles.help}>{t('stockHelp')}</p>
              {field('inventoryThreshold', 0)}
            </Card>
            <Card title={t('batchTitle')}>
              <p className={styles.help}>{t('batchHelp')}</p>
              <div className={styles.row}>
                {field('batchSize', 1)}
                {field('batchIntervalMinutes', 1)}
              </div>
            </Card>
          </fieldset>
          {canEdit && (
            <div className={styles.footer}>
              <Button type="button" variant="tertiary" disabled={busy} data-testid="bis-defaults"
                onClick={() => { setValues(Object.fromEntries(FIELDS.map((k) => [k, String(data.defaults[k])])) as Record<Field, string>); setErrors({}) }}>
                {t('useDefaults')}
              </Button>
              <Button variant="primary" type="submit" loading={busy} data-testid="bis-save">{t('save')}</Button>
            </div>
          )}
        </form>
      </PageBody>
    </Page>
  )
}

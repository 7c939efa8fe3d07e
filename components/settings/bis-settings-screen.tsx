'use client'
// /settings/other/bis-settings: when a variant counts as back in stock (its inventory above the
// threshold) and how its waiting subscribers are released — so many at a time, so many minutes
// apart — so a small restock is not emailed to everyone at once. Field errors come from the
// server under their fields; without account_settings_write the form is read-only.
import { useState, type FormEvent } from 'react'
import type { KeyedMutator } from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import { SettingsLoader, useSettingsSave } from './settings-form-screen'
import styles from './bis-web-feeds.module.css'
import screen from '@/components/ui/form-screen.module.css'

interface BisSettings {
  inventoryThreshold: number
  batchSize: number
  batchIntervalMinutes: number
}
interface Loaded {
  settings: BisSettings
  defaults: BisSettings
}
type Field = keyof BisSettings

export const BIS_SETTINGS_KEY = '/ajax/account/bis-settings'
const FIELDS: Field[] = ['inventoryThreshold', 'batchSize', 'batchIntervalMinutes']

export function BisSettingsScreen() {
  const t = useTranslations('bisSettings')
  return (
    <SettingsLoader<Loaded>
      url={BIS_SETTINGS_KEY}
      title={t('title')}
      loadError={(error) => readHttpFailure(error).message ?? t('loadError')}
      retryLabel={t('retry')}
      loadingLabel={t('loading')}
      loadingClassName={screen.loading}
      keepDataOnError
    >
      {(data, mutate) => <BisForm key={JSON.stringify(data.settings)} data={data} mutate={mutate} />}
    </SettingsLoader>
  )
}

function BisForm({ data, mutate }: { data: Loaded; mutate: KeyedMutator<Loaded> }) {
  const t = useTranslations('bisSettings')
  const canEdit = usePermission('account_settings_write')
  const [values, setValues] = useState<Record<Field, string>>(
    () => Object.fromEntries(FIELDS.map((k) => [k, String(data.settings[k])])) as Record<Field, string>,
  )
  const { busy, errors, setErrors, save } = useSettingsSave({ saved: t('saved'), failed: t('saveError') })

  const set = (k: Field, v: string) => {
    setValues({ ...values, [k]: v })
    if (errors[k]) setErrors({ ...errors, [k]: '' })
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    return save(async () => {
      const res = await http.put<Loaded>(BIS_SETTINGS_KEY, Object.fromEntries(FIELDS.map((k) => [k, values[k].trim()])))
      await mutate(res.data, { revalidate: false })
    })
  }

  const field = (k: Field, min: number) => (
    <TextField
      key={k}
      label={t(`fields.${k}`)}
      name={k}
      type="number"
      inputMode="numeric"
      min={min}
      step={1}
      value={values[k]}
      hint={t(`hints.${k}`, { value: data.defaults[k] })}
      error={errors[k] || undefined}
      data-testid={`bis-${k}`}
      onChange={(e) => set(k, e.target.value)}
    />
  )

  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <form className={screen.stack} onSubmit={(e) => void submit(e)} noValidate>
          {!canEdit && <Notification variant="info">{t('readOnly')}</Notification>}
          {errors._form && <Notification variant="error">{errors._form}</Notification>}
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
              <Button
                type="button"
                variant="tertiary"
                disabled={busy}
                data-testid="bis-defaults"
                onClick={() => {
                  setValues(
                    Object.fromEntries(FIELDS.map((k) => [k, String(data.defaults[k])])) as Record<Field, string>,
                  )
                  setErrors({})
                }}
              >
                {t('useDefaults')}
              </Button>
              <Button variant="primary" type="submit" loading={busy} data-testid="bis-save">
                {t('save')}
              </Button>
            </div>
          )}
        </form>
      </PageBody>
    </Page>
  )
}

'use client'
// /settings/other/utm-tracking: whether UTM parameters are added to the links of campaigns and
// flows, the value of each utm_* parameter for campaigns and for flows (static text or one of
// the vendor's dynamic values), custom parameters, and a preview of a tagged link.
import { useState, type FormEvent } from 'react'
import type { KeyedMutator } from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { MAX_CUSTOM_PARAMS, UTM_PARAMS, type ParamSetting } from '@/lib/messaging/tracking/utm-constants'
import { camel, formFrom, newKey, wireFrom, type UtmForm, type UtmLoaded } from './utm-form-model'
import { UtmParamCell } from './utm-param-cell'
import { previewUrl } from './utm-preview'
import styles from './utm-tracking.module.css'
import screen from '@/components/ui/form-screen.module.css'
import { SettingsLoader, useSettingsSave } from './settings-form-screen'

export const UTM_KEY = '/ajax/account/utm'

export function UtmTrackingScreen() {
  const t = useTranslations('utmTracking')
  return (
    <SettingsLoader<UtmLoaded>
      url={UTM_KEY}
      title={t('title')}
      loadError={t('loadError')}
      loadingClassName={screen.loading}
    >
      {(data, mutate) => <UtmTrackingForm data={data} mutate={mutate} />}
    </SettingsLoader>
  )
}

function UtmTrackingForm({ data, mutate }: { data: UtmLoaded; mutate: KeyedMutator<UtmLoaded> }) {
  const t = useTranslations('utmTracking')
  const canEdit = usePermission('account_settings_write')
  const [form, setForm] = useState<UtmForm>(() => formFrom(data.utm))
  const { busy, errors, save } = useSettingsSave({ saved: t('saved'), failed: t('saveError') })
  const [example, setExample] = useState('https://www.example.com/products/shoes?color=red')
  const [side, setSide] = useState<'campaign' | 'flow'>('campaign')

  const err = (path: string) => errors[path] ?? errors[path.replace(/([A-Z])/g, '_$1').toLowerCase()]
  const setParam = (name: (typeof UTM_PARAMS)[number], patch: Partial<ParamSetting>) =>
    setForm({ ...form, params: { ...form.params, [name]: { ...form.params[name], ...patch } } })
  const setCustom = (key: number, patch: Partial<UtmForm['custom'][number]>) =>
    setForm({ ...form, custom: form.custom.map((c) => (c.key === key ? { ...c, ...patch } : c)) })

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    return save(async () => {
      const res = await http.put<UtmLoaded>(UTM_KEY, wireFrom(form))
      setForm(formFrom(res.data.utm))
      await mutate(res.data, { revalidate: false })
    })
  }

  let exampleOk = true
  try {
    exampleOk = /^https?:$/.test(new URL(example).protocol)
  } catch {
    exampleOk = false
  }

  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <form className={screen.stack} onSubmit={submit} noValidate data-testid="utm-form">
          <fieldset disabled={!canEdit} className={`${screen.fieldset} ${screen.stack}`}>
            <Card title={t('autoTitle')}>
              <label className={styles.toggle}>
                <input
                  type="checkbox"
                  name="autoAddParameters"
                  checked={form.autoAddParameters}
                  onChange={(e) => setForm({ ...form, autoAddParameters: e.target.checked })}
                  data-testid="utm-auto"
                />
                <span>
                  {t('autoLabel')}
                  <br />
                  <span className={screen.help}>{t('autoHelp')}</span>
                </span>
              </label>
            </Card>

            <Card title={t('paramsTitle')}>
              <div className={styles.rows}>
                <p className={screen.help}>{t('paramsHelp')}</p>
                {UTM_PARAMS.map((name) => (
                  <div key={name} className={styles.row} data-testid={`utm-row-${name}`}>
                    <div className={styles.paramName}>{name}</div>
                    <UtmParamCell
                      id={`${name}-campaign`}
                      label={t('forCampaigns')}
                      value={form.params[name].campaign}
                      dynamicValues={data.dynamicValues.campaign}
                      error={err(`params.${camel(name)}.campaign.value`) ?? err(`params.${camel(name)}.campaign`)}
                      onChange={(v) => setParam(name, { campaign: v })}
                    />
                    <UtmParamCell
                      id={`${name}-flow`}
                      label={t('forFlows')}
                      value={form.params[name].flow}
                      dynamicValues={data.dynamicValues.flow}
                      error={err(`params.${camel(name)}.flow.value`) ?? err(`params.${camel(name)}.flow`)}
                      onChange={(v) => setParam(name, { flow: v })}
                    />
                  </div>
                ))}
              </div>
            </Card>

            <Card
              title={t('customTitle')}
              actions={
                canEdit && form.custom.length < MAX_CUSTOM_PARAMS ? (
                  <Button
                    size="small"
                    onClick={() =>
                      setForm({
                        ...form,
                        custom: [
                          ...form.custom,
                          {
                            key: newKey(),
                            name: '',
                            campaign: { type: 'static', value: '' },
                            flow: { type: 'static', value: '' },
                          },
                        ],
                      })
                    }
                    data-testid="utm-add-custom"
                  >
                    {t('addCustom')}
                  </Button>
                ) : undefined
              }
            >
              <div className={styles.rows}>
                {form.custom.length === 0 && <p className={styles.empty}>{t('customEmpty')}</p>}
                {form.custom.map((c, i) => (
                  <div key={c.key} className={`${styles.row} ${styles.customRow}`} data-testid="utm-custom-row">
                    <TextField
                      label={t('customName')}
                      name={`custom-${c.key}-name`}
                      value={c.name}
                      maxLength={64}
                      error={err(`customParameters.${i}.name`)}
                      onChange={(e) => setCustom(c.key, { name: e.target.value })}
                    />
                    <UtmParamCell
                      id={`custom-${c.key}-campaign`}
                      label={t('forCampaigns')}
                      value={c.campaign}
                      dynamicValues={data.dynamicValues.campaign}
                      error={err(`customParameters.${i}.campaign.value`)}
                      onChange={(v) => setCustom(c.key, { campaign: v })}
                    />
                    <UtmParamCell
                      id={`custom-${c.key}-flow`}
                      label={t('forFlows')}
                      value={c.flow}
                      dynamicValues={data.dynamicValues.flow}
                      error={err(`customParameters.${i}.flow.value`)}
                      onChange={(v) => setCustom(c.key, { flow: v })}
                    />
                    <div className={styles.removeCell}>
                      <Button
                        size="small"
                        variant="tertiary"
                        aria-label={t('removeCustomNamed', { name: c.name || '…' })}
                        onClick={() => setForm({ ...form, custom: form.custom.filter((x) => x.key !== c.key) })}
                      >
                        {t('removeCustom')}
                      </Button>
                    </div>
                  </div>
                ))}
              </div>
            </Card>
          </fieldset>

          <Card title={t('previewTitle')}>
            <div className={screen.form}>
              <div className={styles.previewGrid}>
                <TextField
                  label={t('previewUrl')}
                  name="previewUrl"
                  type="url"
                  value={example}
                  error={exampleOk ? undefined : t('previewUrlInvalid')}
                  onChange={(e) => setExample(e.target.value)}
                />
                <Select
                  label={t('previewFor')}
                  name="previewSide"
                  value={side}
                  onChange={(e) => setSide(e.target.value as 'campaign' | 'flow')}
                  options={[
                    { value: 'campaign', label: t('previewCampaign') },
                    { value: 'flow', label: t('previewFlow') },
                  ]}
                />
              </div>
              <p className={styles.previewUrl} data-testid="utm-preview">
                {exampleOk ? previewUrl(example, form, side) : '—'}
              </p>
              <p className={screen.help}>{form.autoAddParameters ? t('previewHelp') : t('previewOff')}</p>
            </div>
          </Card>

          {errors._form && <Notification variant="error">{errors._form}</Notification>}
          {canEdit && (
            <div className={styles.footer}>
              <Button onClick={() => setForm(formFrom(data.defaults))} data-testid="utm-reset">
                {t('reset')}
              </Button>
              <Button variant="primary" type="submit" loading={busy} data-testid="utm-save">
                {t('save')}
              </Button>
            </div>
          )}
        </form>
      </PageBody>
    </Page>
  )
}

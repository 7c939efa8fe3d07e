'use client'
// The brand styles: the five colours, the heading and body fonts (the library's fonts and the
// email-safe ones) and the button style the editor's brand blocks use.
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useSettingsSave } from '@/components/settings/settings-form-screen'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Notification } from '@/components/ui/notification'
import type { BrandKitView } from '@/lib/brand/get-brand-kit'
import type { BrandStyles } from '@/lib/brand/brand-kit-schema'
import type { FontView } from '@/lib/brand/fonts'
import { BRAND_KEY, type BrandMutate } from './brand-screen'
import styles from './brand.module.css'

const SAFE_FONTS = ['Arial', 'Georgia', 'Helvetica', 'Tahoma', 'Times New Roman', 'Trebuchet MS', 'Verdana']
const COLOURS = ['primary', 'secondary', 'background', 'text', 'link'] as const

export function BrandStylesForm({ kit, mutate }: { kit: BrandKitView; mutate: BrandMutate }) {
  const t = useTranslations('assetLibrary')
  const canEdit = usePermission(['templates_write'])
  const [form, setForm] = useState<BrandStyles>(kit.styles)
  const { data: fonts } = useSWR('/ajax/asset-library/fonts', (u: string) =>
    http.get<{ fonts: FontView[] }>(u).then((r) => r.data.fonts),
  )
  const { busy, errors, save } = useSettingsSave({ saved: t('saved'), failed: t('saveError') })
  const families = [
    ...new Set([...SAFE_FONTS, ...(fonts ?? []).map((f) => f.family), form.fonts.heading, form.fonts.body]),
  ]
  const options = families.map((f) => ({ value: f, label: f }))

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    return save(async () => {
      const res = await http.put<{ brand: BrandKitView }>(BRAND_KEY, { styles: form })
      await mutate(res.data, { revalidate: false })
    })
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="brand-styles-form">
      <fieldset disabled={!canEdit} className={styles.stack} style={{ border: 0, padding: 0, margin: 0 }}>
        {!canEdit && <Notification variant="info">{t('readOnly')}</Notification>}
        {errors._form && <Notification variant="error">{errors._form}</Notification>}
        <Card title={t('colours')}>
          <div className={styles.grid}>
            {COLOURS.map((c) => (
              <TextField
                key={c}
                label={t(`colour.${c}`)}
                name={`colour-${c}`}
                value={form.colors[c]}
                error={errors[`styles.colors.${c}`]}
                onChange={(e) => setForm({ ...form, colors: { ...form.colors, [c]: e.target.value } })}
              />
            ))}
          </div>
        </Card>
        <Card title={t('fonts')}>
          <div className={styles.grid}>
            <Select
              label={t('headingFont')}
              name="heading-font"
              options={options}
              value={form.fonts.heading}
              error={errors['styles.fonts.heading']}
              onChange={(e) => setForm({ ...form, fonts: { ...form.fonts, heading: e.target.value } })}
            />
            <Select
              label={t('bodyFont')}
              name="body-font"
              options={options}
              value={form.fonts.body}
              error={errors['styles.fonts.body']}
              onChange={(e) => setForm({ ...form, fonts: { ...form.fonts, body: e.target.value } })}
            />
          </div>
        </Card>
        <Card title={t('buttonStyle')}>
          <div className={styles.grid}>
            <TextField
              label={t('buttonBackground')}
              name="button-background"
              value={form.button.backgroundColor}
              error={errors['styles.button.backgroundColor']}
              onChange={(e) => setForm({ ...form, button: { ...form.button, backgroundColor: e.target.value } })}
            />
            <TextField
              label={t('buttonText')}
              name="button-text"
              value={form.button.textColor}
              error={errors['styles.button.textColor']}
              onChange={(e) => setForm({ ...form, button: { ...form.button, textColor: e.target.value } })}
            />
            <TextField
              label={t('buttonRadius')}
              name="button-radius"
              type="number"
              min={0}
              max={50}
              value={String(form.button.borderRadius)}
              error={errors['styles.button.borderRadius']}
              onChange={(e) =>
                setForm({ ...form, button: { ...form.button, borderRadius: Number(e.target.value) || 0 } })
              }
            />
            <Select
              label={t('buttonShape')}
              name="button-shape"
              options={(['square', 'rounded', 'pill'] as const).map((s) => ({ value: s, label: t(`shape.${s}`) }))}
              value={form.button.shape}
              onChange={(e) =>
                setForm({
                  ...form,
                  button: { ...form.button, shape: e.target.value as BrandStyles['button']['shape'] },
                })
              }
            />
          </div>
        </Card>
        <div className={styles.footer}>
          <Button type="submit" variant="primary" loading={busy}>
            {t('save')}
          </Button>
        </div>
      </fieldset>
    </form>
  )
}

'use client'
// Look and placement: form type and position, width, colours, font, corner radius and the close
// button. Writes the vendor's VersionStyles / VersionProperties and the version's type.
import { useTranslations } from 'next-intl'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import type { FormDefinition } from '../definition-types'
import { patchVersion } from './definition-edits'
import { Checkbox } from './block-fields'
import styles from './editor.module.css'

export interface StylesPanelProps {
  definition: FormDefinition
  errors?: Record<string, string>
  onChange: (definition: FormDefinition) => void
}

export const FORM_TYPES = ['popup', 'flyout', 'full_screen', 'embed', 'banner'] as const
const LOCATIONS = [
  'bottom_left',
  'bottom_center',
  'bottom_right',
  'center_left',
  'center_right',
  'top_left',
  'top_center',
  'top_right',
] as const
const WIDTHS = ['small', 'medium', 'large', 'full', 'custom'] as const
export const FONTS = [
  "Arial, 'Helvetica Neue', Helvetica, sans-serif",
  'Georgia',
  'Helvetica,Arial',
  'Tahoma,sans-serif',
  'Times New Roman',
  'Trebuchet MS',
  'Verdana',
  'Courier New',
] as const

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {})
const HEX = /^#[0-9a-f]{6}$/i

export function StylesPanel({ definition: def, errors = {}, onChange }: StylesPanelProps) {
  const t = useTranslations('forms')
  const s = def.styles ?? {}
  const border = obj(s.border_styles)
  const close = obj(s.close_button)
  const input = obj(s.input_styles)
  const inputText = obj(input.text_styles)
  const body = obj(obj(s.rich_text_styles).body)
  const font = String(inputText.font_family ?? body.font_family ?? FONTS[0])
  const textColor = String(body.text_color ?? '#000000')
  const style = (patch: Obj) => onChange(patchVersion(def, 'styles', patch))
  const setFont = (f: string) =>
    style({
      input_styles: { ...input, text_styles: { ...inputText, font_family: f } },
      rich_text_styles: { ...obj(s.rich_text_styles), body: { ...body, font_family: f } },
    })

  return (
    <div className={styles.panelStack} data-testid="styles-panel">
      <section className={styles.panelSection} aria-labelledby="styles-layout">
        <h3 id="styles-layout" className={styles.panelHeading}>
          {t('styles.layout')}
        </h3>
        <Select
          label={t('styles.type')}
          name="form_type"
          value={def.type ?? 'popup'}
          error={errors['/type']}
          onChange={(e) =>
            onChange({
              ...def,
              type: e.target.value as FormDefinition['type'],
              location:
                e.target.value === 'flyout'
                  ? (def.location ?? 'bottom_right')
                  : def.type === 'flyout'
                    ? null
                    : def.location,
            })
          }
          options={FORM_TYPES.map((x) => ({ value: x, label: t(`type.${x}`) }))}
        />
        {def.type === 'flyout' && (
          <Select
            label={t('styles.location')}
            name="location"
            value={def.location ?? 'bottom_right'}
            onChange={(e) => onChange({ ...def, location: e.target.value })}
            options={LOCATIONS.map((x) => ({ value: x, label: t(`location.${x}`) }))}
          />
        )}
        <Select
          label={t('styles.width')}
          name="width"
          value={s.width ?? 'medium'}
          onChange={(e) =>
            style({ width: e.target.value, custom_width: e.target.value === 'custom' ? (s.custom_width ?? 500) : null })
          }
          options={WIDTHS.map((x) => ({ value: x, label: t(`width.${x}`) }))}
        />
        {s.width === 'custom' && (
          <TextField
            label={t('styles.customWidth')}
            name="custom_width"
            type="number"
            min={200}
            max={1600}
            value={s.custom_width ?? 500}
            error={errors['/styles/custom_width']}
            onChange={(e) => style({ custom_width: Math.round(Number(e.target.value) || 0) })}
          />
        )}
      </section>

      <section className={styles.panelSection} aria-labelledby="styles-look">
        <h3 id="styles-look" className={styles.panelHeading}>
          {t('styles.look')}
        </h3>
        <ColorField
          label={t('styles.background')}
          name="background_color"
          value={s.background_color ?? '#FFFFFF'}
          error={errors['/styles/background_color']}
          onChange={(v) => style({ background_color: v })}
        />
        <ColorField
          label={t('styles.textColor')}
          name="text_color"
          value={textColor}
          onChange={(v) =>
            style({ rich_text_styles: { ...obj(s.rich_text_styles), body: { ...body, text_color: v } } })
          }
        />
        <Select
          label={t('styles.font')}
          name="font"
          value={font}
          onChange={(e) => setFont(e.target.value)}
          options={[...new Set([font, ...FONTS])].map((f) => ({ value: f, label: f.split(',')[0]!.replace(/'/g, '') }))}
        />
        <TextField
          label={t('styles.cornerRadius')}
          name="corner_radius"
          type="number"
          min={0}
          max={60}
          value={Number(border.radius ?? 8)}
          error={errors['/styles/border_styles/radius']}
          onChange={(e) =>
            style({ border_styles: { ...border, radius: Math.max(0, Math.round(Number(e.target.value) || 0)) } })
          }
        />
      </section>

      <section className={styles.panelSection} aria-labelledby="styles-close">
        <h3 id="styles-close" className={styles.panelHeading}>
          {t('styles.closeButton')}
        </h3>
        <Checkbox
          name="show_close_button"
          label={t('styles.showClose')}
          checked={def.properties?.show_close_button !== false}
          onChange={(v) => onChange(patchVersion(def, 'properties', { show_close_button: v }))}
        />
        {def.properties?.show_close_button !== false && (
          <ColorField
            label={t('styles.closeColor')}
            name="close_color"
            value={String(close.color ?? '#FFFFFF')}
            onChange={(v) => style({ close_button: { ...close, color: v } })}
          />
        )}
      </section>
    </div>
  )
}

/** A colour picker with its hex value as text (colour inputs alone are hard to type into). */
function ColorField({
  label,
  name,
  value,
  error,
  onChange,
}: {
  label: string
  name: string
  value: string
  error?: string
  onChange: (v: string) => void
}) {
  const t = useTranslations('forms')
  return (
    <div className={styles.colorRow}>
      <input
        type="color"
        aria-label={t('styles.pickColor', { name: label })}
        className={styles.colorSwatch}
        value={HEX.test(value) ? value : '#000000'}
        onChange={(e) => onChange(e.target.value.toUpperCase())}
      />
      <TextField label={label} name={name} value={value} error={error} onChange={(e) => onChange(e.target.value)} />
    </div>
  )
}

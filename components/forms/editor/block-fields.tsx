'use client'
// One small field set per block kind, used by the block editor. Each edits the vendor's block JSON
// in place: properties for content, styles for spacing, the action for buttons.
import { useId } from 'react'
import { useTranslations } from 'next-intl'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Button } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-error'
import field from '@/components/ui/field.module.css'
import type { FormBlock } from '../definition-types'
import { BUTTON_ACTIONS, actionFor, actionKind } from './block-catalog'
import styles from './editor.module.css'

export interface FieldsProps {
  block: FormBlock
  errors: Record<string, string>
  onChange: (block: FormBlock) => void
  setProps: (patch: Record<string, unknown>) => void
}

const str = (v: unknown) => (typeof v === 'string' ? v : '')

export function Checkbox({
  label,
  checked,
  onChange,
  name,
}: {
  label: string
  checked: boolean
  onChange: (v: boolean) => void
  name: string
}) {
  return (
    <label className={styles.check}>
      <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  )
}

export function TextArea({
  label,
  name,
  value,
  onChange,
  error,
  rows = 4,
}: {
  label: string
  name: string
  value: string
  onChange: (v: string) => void
  error?: string
  rows?: number
}) {
  const id = `${name}-${useId()}`
  return (
    <div className={field.field}>
      <label htmlFor={id} className={field.label}>
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        className={`${field.control} ${styles.textarea} ${error ? field.invalid : ''}`}
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && <FormError>{error}</FormError>}
    </div>
  )
}

export function TextFields({ block, errors, setProps }: FieldsProps) {
  const t = useTranslations('forms')
  return (
    <TextArea
      label={t('field.content')}
      name="content"
      rows={6}
      value={str(block.properties?.content)}
      error={errors['/properties/content']}
      onChange={(content) => setProps({ content })}
    />
  )
}

export function SpacerFields({ block, onChange }: FieldsProps) {
  const t = useTranslations('forms')
  const padding = (block.styles?.padding ?? {}) as Record<string, number>
  return (
    <TextField
      label={t('field.height')}
      name="height"
      type="number"
      min={0}
      max={200}
      value={padding.top ?? 24}
      onChange={(e) =>
        onChange({
          ...block,
          styles: { ...(block.styles ?? {}), padding: { ...padding, top: Math.max(0, Number(e.target.value) || 0) } },
        })
      }
    />
  )
}

export function ImageFields({ block, errors, setProps }: FieldsProps) {
  const t = useTranslations('forms')
  const image = (block.properties?.image ?? {}) as { src?: string; alt_text?: string }
  const set = (patch: Record<string, string>) => setProps({ image: { ...image, ...patch } })
  return (
    <>
      <TextField
        label={t('field.imageUrl')}
        name="src"
        type="url"
        value={str(image.src)}
        error={errors['/properties/image/src']}
        onChange={(e) => set({ src: e.target.value })}
      />
      <TextField
        label={t('field.altText')}
        name="alt_text"
        value={str(image.alt_text)}
        error={errors['/properties/image/alt_text']}
        onChange={(e) => set({ alt_text: e.target.value })}
      />
    </>
  )
}

export function InputFields({ block, errors, setProps, fixedProperty }: FieldsProps & { fixedProperty: boolean }) {
  const t = useTranslations('forms')
  const p = block.properties ?? {}
  return (
    <>
      <TextField
        label={t('field.label')}
        name="label"
        value={str(p.label)}
        error={errors['/properties/label']}
        onChange={(e) => setProps({ label: e.target.value })}
      />
      <Checkbox
        name="show_label"
        label={t('field.showLabel')}
        checked={p.show_label === true}
        onChange={(v) => setProps({ show_label: v })}
      />
      {block.type !== 'checkboxes' && (
        <TextField
          label={t('field.placeholder')}
          name="placeholder"
          value={str(p.placeholder)}
          error={errors['/properties/placeholder']}
          onChange={(e) => setProps({ placeholder: e.target.value })}
        />
      )}
      {!fixedProperty && (
        <TextField
          label={t('field.propertyName')}
          name="property_name"
          value={str(p.property_name)}
          hint={t('field.propertyNameHint')}
          error={errors['/properties/property_name']}
          onChange={(e) => setProps({ property_name: e.target.value })}
        />
      )}
      <Checkbox
        name="required"
        label={t('field.required')}
        checked={p.required === true}
        onChange={(v) => setProps({ required: v })}
      />
    </>
  )
}

type Option = { label: string; value: string }

export function OptionFields({ block, errors, setProps }: FieldsProps) {
  const t = useTranslations('forms')
  const options = (Array.isArray(block.properties?.options) ? block.properties.options : []) as Option[]
  const set = (next: Option[]) => setProps({ options: next })
  return (
    <fieldset className={styles.fieldset}>
      <legend className={field.label}>{t('field.options')}</legend>
      {options.map((o, i) => (
        <div key={i} className={styles.optionRow}>
          <TextField
            label={t('field.optionLabel', { n: i + 1 })}
            name={`option-${i}`}
            value={o.label}
            error={errors[`/properties/options/${i}/label`]}
            onChange={(e) =>
              set(
                options.map((x, j) =>
                  j === i
                    ? {
                        label: e.target.value,
                        value: x.value === slug(x.label) || !x.value ? slug(e.target.value) : x.value,
                      }
                    : x,
                ),
              )
            }
          />
          <Button
            size="small"
            variant="tertiary"
            onClick={() => set(options.filter((_, j) => j !== i))}
            aria-label={t('field.removeOption', { n: i + 1 })}
          >
            ×
          </Button>
        </div>
      ))}
      {errors['/properties/options'] && <FormError>{errors['/properties/options']}</FormError>}
      <Button
        size="small"
        onClick={() =>
          set([
            ...options,
            { label: t('field.newOption', { n: options.length + 1 }), value: `option_${options.length + 1}` },
          ])
        }
      >
        {t('field.addOption')}
      </Button>
    </fieldset>
  )
}

const slug = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')

export function ButtonFields({
  block,
  errors,
  onChange,
  setProps,
  lists,
}: FieldsProps & { lists: { id: string; name: string }[] }) {
  const t = useTranslations('forms')
  const kind = actionKind(block.action)
  const listId = str(block.action?.properties?.list_id)
  const url = str(block.action?.properties?.url)
  const hidden = (Array.isArray(block.properties?.additional_fields) ? block.properties.additional_fields : []) as {
    name: string
    value: string
  }[]
  const setHidden = (next: typeof hidden) => setProps({ additional_fields: next.length ? next : null })
  return (
    <>
      <TextField
        label={t('field.buttonLabel')}
        name="label"
        value={str(block.properties?.label)}
        error={errors['/properties/label']}
        onChange={(e) => setProps({ label: e.target.value })}
        data-testid="button-label"
      />
      <Select
        label={t('field.action')}
        name="action"
        value={kind}
        data-testid="button-action"
        error={errors['/action/type'] ?? errors['/action']}
        onChange={(e) =>
          onChange({
            ...block,
            action: actionFor(e.target.value as (typeof BUTTON_ACTIONS)[number], listId || null, url),
          })
        }
        options={BUTTON_ACTIONS.map((a) => ({ value: a, label: t(`action.${a}`) }))}
      />
      {kind === 'submit' && (
        <Select
          label={t('field.subscribeList')}
          name="list_id"
          value={listId}
          error={errors['/action/properties/list_id']}
          onChange={(e) => onChange({ ...block, action: actionFor('submit', e.target.value || null) })}
          options={[{ value: '', label: t('field.noList') }, ...lists.map((l) => ({ value: l.id, label: l.name }))]}
        />
      )}
      {kind === 'redirect' && (
        <>
          <TextField
            label={t('field.url')}
            name="url"
            type="url"
            value={url}
            error={errors['/action/properties/url']}
            onChange={(e) =>
              onChange({
                ...block,
                action: { ...block.action!, properties: { ...(block.action?.properties ?? {}), url: e.target.value } },
              })
            }
          />
          <Checkbox
            name="new_window"
            label={t('field.newWindow')}
            checked={block.action?.properties?.new_window === true}
            onChange={(v) =>
              onChange({
                ...block,
                action: { ...block.action!, properties: { ...(block.action?.properties ?? {}), new_window: v } },
              })
            }
          />
          <Checkbox
            name="submit"
            label={t('field.submitFirst')}
            checked={block.action?.submit === true}
            onChange={(v) => onChange({ ...block, action: { ...block.action!, submit: v } })}
          />
        </>
      )}
      <fieldset className={styles.fieldset}>
        <legend className={field.label}>{t('field.hiddenFields')}</legend>
        <p className={field.hint}>{t('field.hiddenFieldsHint')}</p>
        {hidden.map((h, i) => (
          <div key={i} className={styles.optionRow}>
            <TextField
              label={t('field.hiddenName')}
              name={`hidden-name-${i}`}
              value={h.name}
              error={errors[`/properties/additional_fields/${i}/name`]}
              onChange={(e) => setHidden(hidden.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
            />
            <TextField
              label={t('field.hiddenValue')}
              name={`hidden-value-${i}`}
              value={h.value}
              onChange={(e) => setHidden(hidden.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))}
            />
            <Button
              size="small"
              variant="tertiary"
              onClick={() => setHidden(hidden.filter((_, j) => j !== i))}
              aria-label={t('field.removeHidden', { n: i + 1 })}
            >
              ×
            </Button>
          </div>
        ))}
        <Button
          size="small"
          onClick={() => setHidden([...hidden, { name: '', value: '' }])}
          data-testid="add-hidden-field"
        >
          {t('field.addHidden')}
        </Button>
      </fieldset>
    </>
  )
}

export function CouponFields({ block, errors, setProps }: FieldsProps) {
  const t = useTranslations('forms')
  const coupon = (block.properties?.coupon ?? { type: 'static' }) as {
    type: string
    text?: string | null
    fallback_coupon_code?: string | null
  }
  return (
    <>
      <TextField
        label={t('field.couponCode')}
        name="coupon"
        value={str(coupon.type === 'static' ? coupon.text : coupon.fallback_coupon_code)}
        error={errors['/properties/coupon/text'] ?? errors['/properties/coupon']}
        onChange={(e) =>
          setProps({
            coupon:
              coupon.type === 'static'
                ? { ...coupon, text: e.target.value }
                : { ...coupon, fallback_coupon_code: e.target.value },
          })
        }
      />
      <TextField
        label={t('field.successMessage')}
        name="success_message"
        value={str(block.properties?.success_message)}
        onChange={(e) => setProps({ success_message: e.target.value })}
      />
    </>
  )
}

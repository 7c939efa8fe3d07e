'use client'
// One starting template in the /forms/create gallery: a sketch of its form type, its name and
// what it is for; choosing it is a radio choice.
import { useTranslations } from 'next-intl'
import type { FormTemplate } from '../forms-types'
import { typeKey } from '../form-type'
import styles from './create-form.module.css'

export interface TemplateCardProps {
  template: FormTemplate
  title: string
  description: string
  selected: boolean
  onSelect: () => void
}

export function TemplateCard({ template, title, description, selected, onSelect }: TemplateCardProps) {
  const t = useTranslations('forms')
  const kind = typeKey(template.formType)
  return (
    <label className={styles.card} data-checked={selected} data-testid={`template-${template.key}`}>
      <input
        type="radio"
        name="template"
        value={template.key}
        checked={selected}
        onChange={onSelect}
        className={styles.radio}
      />
      <span className={`${styles.sketch} ${styles[`sketch_${kind}`] ?? ''}`} aria-hidden="true">
        <span className={styles.sketchForm} />
      </span>
      <span className={styles.cardText}>
        <strong>{title}</strong>
        <small className={styles.cardType}>
          {t(`type.${kind}`)}
          {template.channelType && template.channelType !== 'email'
            ? ` · ${t(`channel.${template.channelType === 'sms' ? 'sms' : 'email_and_sms'}`)}`
            : ''}
        </small>
        {description && <span className={styles.cardBody}>{description}</span>}
      </span>
    </label>
  )
}

'use client'
// Styles of the whole email: background, content background, text and link colors, font,
// content width and the preview text shown after the subject in inboxes.
import { useTranslations } from 'next-intl'
import type { Styles } from './editor-state'
import { ColorField, InputField, NumberField } from './fields'
import styles from './editor.module.css'

export function StylesPanel({ value, onChange }: { value: Styles; onChange: (patch: Partial<Styles>) => void }) {
  const t = useTranslations('templateEditor')
  return (
    <div className={styles.settings}>
      <ColorField
        label={t('emailBackground')}
        value={value.backgroundColor}
        optional={false}
        onChange={(v) => onChange({ backgroundColor: v })}
      />
      <ColorField
        label={t('contentBackground')}
        value={value.contentBackgroundColor}
        optional={false}
        onChange={(v) => onChange({ contentBackgroundColor: v })}
      />
      <ColorField
        label={t('textColor')}
        value={value.textColor}
        optional={false}
        onChange={(v) => onChange({ textColor: v })}
      />
      <ColorField
        label={t('linkColor')}
        value={value.linkColor}
        optional={false}
        onChange={(v) => onChange({ linkColor: v })}
      />
      <InputField label={t('fontFamily')} value={value.fontFamily} onChange={(v) => onChange({ fontFamily: v })} />
      <NumberField
        label={t('contentWidth')}
        unit="px"
        value={value.contentWidth}
        min={320}
        max={900}
        onChange={(v) => onChange({ contentWidth: v ?? 600 })}
      />
      <InputField
        label={t('previewText')}
        value={value.previewText}
        hint={t('previewTextHint')}
        onChange={(v) => onChange({ previewText: v || undefined })}
      />
    </div>
  )
}

'use client'
// The fields of each hub settings section, the form's draft (strings as typed) and the body a
// section sends: the server validates and answers 400 with the field errors shown here.
import { useTranslations } from 'next-intl'
import { TextField } from '@/components/ui/text-field'
import { Button } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-error'
import type { HubSettingsResponse } from '@/app/ajax/customer-hub/settings/route'
import type { HubSection } from './hub-tabs'
import { HubDesignPreview } from './hub-design-preview'
import styles from '@/components/deliverability/ops.module.css'

export interface HubDraft {
  enabled: boolean
  buttonEnabled: boolean
  webchatEnabled: boolean
  headline: string
  intro: string
  blocks: { title: string; body: string }[]
  primaryColor: string
  backgroundColor: string
  logoUrl: string
  faq: { question: string; answer: string }[]
  returnWindowDays: string
  requireReason: boolean
  excludedSkus: string
  returnNote: string
  supportEmail: string
  font: HubSettingsResponse['design']['font']
  features: HubSettingsResponse['features']
  greeting: string
  hours: string
  extensions: HubSettingsResponse['extensions']
}
const FONTS = ['system', 'serif', 'rounded', 'mono'] as const

export function draftFrom(s: HubSettingsResponse): HubDraft {
  return {
    enabled: s.enabled,
    buttonEnabled: s.buttonEnabled,
    webchatEnabled: s.webchatEnabled,
    headline: s.content.headline,
    intro: s.content.intro,
    blocks: s.content.blocks,
    primaryColor: s.design.primaryColor,
    backgroundColor: s.design.backgroundColor,
    logoUrl: s.design.logoUrl ?? '',
    faq: s.faq,
    returnWindowDays: String(s.returnWindowDays),
    requireReason: s.returnRules.requireReason,
    excludedSkus: s.returnRules.excludedSkus.join('\n'),
    returnNote: s.returnRules.note,
    supportEmail: s.supportEmail ?? '',
    font: s.design.font,
    features: s.features,
    greeting: s.webchat.greeting,
    hours: s.webchat.hours,
    extensions: s.extensions,
  }
}

export function bodyFor(section: HubSection, d: HubDraft): Record<string, unknown> {
  switch (section) {
    case 'general':
      return { enabled: d.enabled, buttonEnabled: d.buttonEnabled }
    case 'content':
      return { content: { headline: d.headline, intro: d.intro, blocks: d.blocks } }
    case 'design':
      return {
        design: {
          primaryColor: d.primaryColor,
          backgroundColor: d.backgroundColor,
          logoUrl: d.logoUrl || null,
          font: d.font,
        },
      }
    case 'faq':
      return { faq: d.faq }
    case 'returns':
      return {
        // Sent as typed: a non-number is the server's 400, shown at the field.
        returnWindowDays: d.returnWindowDays.trim() === '' ? d.returnWindowDays : Number(d.returnWindowDays),
        returnRules: {
          requireReason: d.requireReason,
          excludedSkus: d.excludedSkus.split(/\s*\n\s*/).filter(Boolean),
          note: d.returnNote,
        },
      }
    case 'support':
      return { supportEmail: d.supportEmail.trim() || null }
    case 'webchat':
      return { webchatEnabled: d.webchatEnabled, webchat: { greeting: d.greeting, hours: d.hours } }
    case 'extensions':
      return { extensions: d.extensions }
    case 'features':
      return { features: d.features }
  }
}

interface Props {
  section: HubSection
  draft: HubDraft
  setDraft: (d: HubDraft) => void
  errors: Record<string, string>
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> {label}
    </label>
  )
}

function Area(p: { label: string; value: string; onChange: (v: string) => void; error?: string; max: number }) {
  return (
    <label className={styles.form}>
      {p.label}
      <textarea rows={4} maxLength={p.max} value={p.value} onChange={(e) => p.onChange(e.target.value)} />
      {p.error && <FormError>{p.error}</FormError>}
    </label>
  )
}

export function HubSectionFields({ section, draft: d, setDraft, errors }: Props) {
  const t = useTranslations('customerHub.fields')
  const set = <K extends keyof HubDraft>(k: K, v: HubDraft[K]) => setDraft({ ...d, [k]: v })
  const text = (k: keyof HubDraft) => (e: { target: { value: string } }) => set(k, e.target.value as never)
  switch (section) {
    case 'general':
      return (
        <>
          <Check label={t('enabled')} checked={d.enabled} onChange={(v) => set('enabled', v)} />
          <Check label={t('buttonEnabled')} checked={d.buttonEnabled} onChange={(v) => set('buttonEnabled', v)} />
        </>
      )
    case 'content':
      return (
        <>
          <TextField
            label={t('headline')}
            name="headline"
            maxLength={120}
            value={d.headline}
            onChange={text('headline')}
            error={errors['content.headline']}
          />
          <Area
            label={t('intro')}
            max={1000}
            value={d.intro}
            onChange={(v) => set('intro', v)}
            error={errors['content.intro']}
          />
          {d.blocks.map((b, i) => (
            <fieldset key={i} className={styles.form}>
              <TextField
                label={t('blockTitle')}
                name={`block-${i}`}
                value={b.title}
                error={errors[`content.blocks.${i}.title`]}
                onChange={(e) =>
                  set(
                    'blocks',
                    d.blocks.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)),
                  )
                }
              />
              <Area
                label={t('blockBody')}
                max={2000}
                value={b.body}
                error={errors[`content.blocks.${i}.body`]}
                onChange={(v) =>
                  set(
                    'blocks',
                    d.blocks.map((x, j) => (j === i ? { ...x, body: v } : x)),
                  )
                }
              />
              <Button
                type="button"
                onClick={() =>
                  set(
                    'blocks',
                    d.blocks.filter((_, j) => j !== i),
                  )
                }
              >
                {t('remove')}
              </Button>
            </fieldset>
          ))}
          <Button type="button" onClick={() => set('blocks', [...d.blocks, { title: '', body: '' }])}>
            {t('addBlock')}
          </Button>
        </>
      )
    case 'design':
      return (
        <>
          <TextField
            label={t('primaryColor')}
            name="primaryColor"
            value={d.primaryColor}
            onChange={text('primaryColor')}
            error={errors['design.primaryColor']}
          />
          <TextField
            label={t('backgroundColor')}
            name="backgroundColor"
            value={d.backgroundColor}
            onChange={text('backgroundColor')}
            error={errors['design.backgroundColor']}
          />
          <TextField
            label={t('logoUrl')}
            name="logoUrl"
            type="url"
            value={d.logoUrl}
            onChange={text('logoUrl')}
            error={errors['design.logoUrl']}
          />
          <label className={styles.form}>
            {t('font')}
            <select value={d.font} onChange={(e) => set('font', e.target.value as HubDraft['font'])}>
              {FONTS.map((f) => (
                <option key={f} value={f}>
                  {t(`fonts.${f}`)}
                </option>
              ))}
            </select>
          </label>
          <HubDesignPreview draft={d} />
        </>
      )
    case 'faq':
      return (
        <>
          {d.faq.map((f, i) => (
            <fieldset key={i} className={styles.form}>
              <TextField
                label={t('question')}
                name={`question-${i}`}
                maxLength={300}
                value={f.question}
                error={errors[`faq.${i}.question`]}
                onChange={(e) =>
                  set(
                    'faq',
                    d.faq.map((x, j) => (j === i ? { ...x, question: e.target.value } : x)),
                  )
                }
              />
              <Area
                label={t('answer')}
                max={4000}
                value={f.answer}
                error={errors[`faq.${i}.answer`]}
                onChange={(v) =>
                  set(
                    'faq',
                    d.faq.map((x, j) => (j === i ? { ...x, answer: v } : x)),
                  )
                }
              />
              <Button
                type="button"
                onClick={() =>
                  set(
                    'faq',
                    d.faq.filter((_, j) => j !== i),
                  )
                }
              >
                {t('remove')}
              </Button>
            </fieldset>
          ))}
          <Button type="button" onClick={() => set('faq', [...d.faq, { question: '', answer: '' }])}>
            {t('addQuestion')}
          </Button>
        </>
      )
    case 'returns':
      return (
        <>
          <TextField
            label={t('returnWindowDays')}
            name="returnWindowDays"
            type="number"
            min={0}
            max={365}
            value={d.returnWindowDays}
            onChange={text('returnWindowDays')}
            error={errors.returnWindowDays}
          />
          <Check label={t('requireReason')} checked={d.requireReason} onChange={(v) => set('requireReason', v)} />
          <Area
            label={t('excludedSkus')}
            max={50_000}
            value={d.excludedSkus}
            onChange={(v) => set('excludedSkus', v)}
            error={errors['returnRules.excludedSkus']}
          />
          <Area
            label={t('returnNote')}
            max={1000}
            value={d.returnNote}
            onChange={(v) => set('returnNote', v)}
            error={errors['returnRules.note']}
          />
        </>
      )
    case 'support':
      return (
        <>
          <TextField
            label={t('supportEmail')}
            name="supportEmail"
            type="email"
            value={d.supportEmail}
            onChange={text('supportEmail')}
            error={errors.supportEmail}
          />
        </>
      )
    case 'webchat':
      return (
        <>
          <Check label={t('webchatEnabled')} checked={d.webchatEnabled} onChange={(v) => set('webchatEnabled', v)} />
          <TextField
            label={t('greeting')}
            name="greeting"
            maxLength={300}
            value={d.greeting}
            onChange={text('greeting')}
            error={errors['webchat.greeting']}
          />
          <TextField
            label={t('hours')}
            name="hours"
            maxLength={200}
            value={d.hours}
            onChange={text('hours')}
            error={errors['webchat.hours']}
          />
        </>
      )
    case 'extensions':
      return (
        <>
          {(['reorder', 'wishlist', 'recommendations'] as const).map((k) => (
            <Check
              key={k}
              label={t(`extension.${k}`)}
              checked={d.extensions[k]}
              onChange={(v) => set('extensions', { ...d.extensions, [k]: v })}
            />
          ))}
        </>
      )
    case 'features':
      return (
        <>
          {(['orders', 'returns', 'recentlyViewed', 'faq', 'support'] as const).map((k) => (
            <Check
              key={k}
              label={t(`feature.${k}`)}
              checked={d.features[k]}
              onChange={(v) => set('features', { ...d.features, [k]: v })}
            />
          ))}
        </>
      )
  }
}

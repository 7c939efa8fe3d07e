'use client'
// Targeting and behaviour: when the form shows (delay, exit intent, scroll, page views), where
// (URL rules, device), to whom (identified or not, lists and segments, countries) and how often
// (days after a close, never after a submit). Each is one of the vendor's trigger objects.
import type { ReactNode } from 'react'
import { useTranslations } from 'next-intl'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import field from '@/components/ui/field.module.css'
import type { FormDefinition } from '../definition-types'
import { findTrigger, patchVersion, setTrigger } from './definition-edits'
import { Checkbox, TextArea } from './block-fields'
import styles from './editor.module.css'

export interface TargetingPanelProps {
  definition: FormDefinition
  audiences: { id: string; name: string; type: number }[]
  errors?: Record<string, string>
  onChange: (definition: FormDefinition) => void
}

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback)
const lines = (v: string) =>
  v
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean)
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])

export function TargetingPanel({ definition: def, audiences, errors = {}, onChange }: TargetingPanelProps) {
  const t = useTranslations('forms')
  const trig = (type: string) => findTrigger(def, type)
  const prop = (type: string, key: string) => trig(type)?.properties?.[key]
  const set = (type: string, properties: Record<string, unknown> | null) => onChange(setTrigger(def, type, properties))
  const errorOf = (type: string) => {
    const i = (def.triggers ?? []).findIndex((x) => x.type === type)
    if (i < 0) return undefined
    return Object.entries(errors).find(([p]) => p === `/triggers/${i}` || p.startsWith(`/triggers/${i}/`))?.[1]
  }
  const visitors = trig('identified_profiles') ? 'identified' : trig('unidentified_profiles') ? 'unidentified' : 'all'
  const setVisitors = (v: string) => {
    let next = setTrigger(setTrigger(def, 'identified_profiles', null), 'unidentified_profiles', null)
    if (v !== 'all') next = setTrigger(next, `${v}_profiles`, {})
    onChange(next)
  }
  const allow = strings(prop('lists_and_segments', 'allow_list'))
  const deny = strings(prop('lists_and_segments', 'deny_list'))
  const setAudience = (id: string, mode: '' | 'allow' | 'deny') => {
    const a = allow.filter((x) => x !== id).concat(mode === 'allow' ? [id] : [])
    const d = deny.filter((x) => x !== id).concat(mode === 'deny' ? [id] : [])
    set(
      'lists_and_segments',
      a.length || d.length ? { allow_list: a.length ? a : null, deny_list: d.length ? d : null } : null,
    )
  }

  return (
    <div className={styles.panelStack} data-testid="targeting-panel">
      <section className={styles.panelSection} aria-labelledby="targeting-when">
        <h3 id="targeting-when" className={styles.panelHeading}>
          {t('targeting.when')}
        </h3>
        <Select
          label={t('targeting.evaluation')}
          name="evaluation"
          value={def.properties?.rule_based_trigger_evaluation ?? 'any'}
          onChange={(e) =>
            onChange(
              patchVersion(def, 'properties', { rule_based_trigger_evaluation: e.target.value as 'any' | 'all' }),
            )
          }
          options={[
            { value: 'any', label: t('targeting.any') },
            { value: 'all', label: t('targeting.all') },
          ]}
        />
        <Toggle
          label={t('targeting.delay')}
          on={!!trig('delay')}
          onToggle={(on) => set('delay', on ? { seconds: 5 } : null)}
          error={errorOf('delay')}
        >
          <TextField
            label={t('targeting.seconds')}
            name="delay_seconds"
            type="number"
            min={0}
            max={3600}
            value={num(prop('delay', 'seconds'), 5)}
            onChange={(e) => set('delay', { seconds: Math.max(0, Math.round(Number(e.target.value) || 0)) })}
          />
        </Toggle>
        <Toggle
          label={t('targeting.exitIntent')}
          on={!!trig('exit_intent')}
          onToggle={(on) => set('exit_intent', on ? {} : null)}
          error={errorOf('exit_intent')}
        />
        <Toggle
          label={t('targeting.scroll')}
          on={!!trig('scroll_percentage')}
          onToggle={(on) => set('scroll_percentage', on ? { percentage: 30 } : null)}
          error={errorOf('scroll_percentage')}
        >
          <TextField
            label={t('targeting.percentage')}
            name="scroll_percentage"
            type="number"
            min={0}
            max={100}
            value={num(prop('scroll_percentage', 'percentage'), 30)}
            onChange={(e) =>
              set('scroll_percentage', {
                percentage: Math.min(100, Math.max(0, Math.round(Number(e.target.value) || 0))),
              })
            }
          />
        </Toggle>
        <Toggle
          label={t('targeting.pageViews')}
          on={!!trig('page_visits')}
          onToggle={(on) => set('page_visits', on ? { pages: 3 } : null)}
          error={errorOf('page_visits')}
        >
          <TextField
            label={t('targeting.pages')}
            name="page_visits"
            type="number"
            min={1}
            max={100}
            value={num(prop('page_visits', 'pages'), 3)}
            onChange={(e) => set('page_visits', { pages: Math.max(1, Math.round(Number(e.target.value) || 1)) })}
          />
        </Toggle>
      </section>

      <section className={styles.panelSection} aria-labelledby="targeting-where">
        <h3 id="targeting-where" className={styles.panelHeading}>
          {t('targeting.where')}
        </h3>
        <TextArea
          label={t('targeting.urlAllow')}
          name="url_allow"
          rows={2}
          value={strings(prop('url_patterns', 'allow_list')).join('\n')}
          error={errorOf('url_patterns')}
          onChange={(v) => setUrls(lines(v), strings(prop('url_patterns', 'deny_list')))}
        />
        <TextArea
          label={t('targeting.urlDeny')}
          name="url_deny"
          rows={2}
          value={strings(prop('url_patterns', 'deny_list')).join('\n')}
          onChange={(v) => setUrls(strings(prop('url_patterns', 'allow_list')), lines(v))}
        />
        <p className={field.hint}>{t('targeting.urlHint')}</p>
        <Select
          label={t('targeting.device')}
          name="device"
          value={String(prop('device', 'device') ?? 'both')}
          onChange={(e) => set('device', e.target.value === 'both' ? null : { device: e.target.value })}
          options={(['both', 'desktop', 'mobile'] as const).map((d) => ({ value: d, label: t(`device.${d}`) }))}
        />
      </section>

      <section className={styles.panelSection} aria-labelledby="targeting-who">
        <h3 id="targeting-who" className={styles.panelHeading}>
          {t('targeting.who')}
        </h3>
        <Select
          label={t('targeting.visitors')}
          name="visitors"
          value={visitors}
          onChange={(e) => setVisitors(e.target.value)}
          options={[
            { value: 'all', label: t('targeting.visitors_all') },
            { value: 'identified', label: t('targeting.visitors_identified') },
            { value: 'unidentified', label: t('targeting.visitors_unidentified') },
          ]}
        />
        {audiences.length > 0 && (
          <fieldset className={styles.fieldset}>
            <legend className={field.label}>{t('targeting.audiences')}</legend>
            {errorOf('lists_and_segments') && (
              <p className={styles.fieldError} role="alert">
                {errorOf('lists_and_segments')}
              </p>
            )}
            <div className={styles.audienceList}>
              {audiences.map((a) => (
                <Select
                  key={a.id}
                  label={a.name}
                  name={`audience-${a.id}`}
                  value={allow.includes(a.id) ? 'allow' : deny.includes(a.id) ? 'deny' : ''}
                  onChange={(e) => setAudience(a.id, e.target.value as '' | 'allow' | 'deny')}
                  options={[
                    { value: '', label: t('targeting.audienceAny') },
                    { value: 'allow', label: t('targeting.audienceAllow') },
                    { value: 'deny', label: t('targeting.audienceDeny') },
                  ]}
                />
              ))}
            </div>
          </fieldset>
        )}
        <TextField
          label={t('targeting.countries')}
          name="countries"
          hint={t('targeting.countriesHint')}
          error={errorOf('location')}
          value={strings(prop('location', 'allow_list')).join(', ')}
          onChange={(e) => {
            const c = lines(e.target.value.toUpperCase())
            set('location', c.length ? { allow_list: c } : null)
          }}
        />
      </section>

      <section className={styles.panelSection} aria-labelledby="targeting-often">
        <h3 id="targeting-often" className={styles.panelHeading}>
          {t('targeting.frequency')}
        </h3>
        <Toggle
          label={t('targeting.afterClose')}
          on={!!trig('after_close_or_submit_timeout')}
          error={errorOf('after_close_or_submit_timeout')}
          onToggle={(on) => set('after_close_or_submit_timeout', on ? { timeout_days: 5 } : null)}
        >
          <TextField
            label={t('targeting.days')}
            name="timeout_days"
            type="number"
            min={0}
            max={365}
            value={num(prop('after_close_or_submit_timeout', 'timeout_days'), 5)}
            onChange={(e) =>
              set('after_close_or_submit_timeout', {
                timeout_days: Math.max(0, Math.round(Number(e.target.value) || 0)),
              })
            }
          />
        </Toggle>
        <Toggle
          label={t('targeting.neverAfterSubmit')}
          on={!!trig('previously_submitted')}
          onToggle={(on) => set('previously_submitted', on ? {} : null)}
        />
      </section>
    </div>
  )

  function setUrls(a: string[], d: string[]) {
    set(
      'url_patterns',
      a.length || d.length ? { allow_list: a.length ? a : null, deny_list: d.length ? d : null } : null,
    )
  }
}

function Toggle({
  label,
  on,
  onToggle,
  error,
  children,
}: {
  label: string
  on: boolean
  onToggle: (on: boolean) => void
  error?: string
  children?: ReactNode
}) {
  return (
    <div className={styles.toggle}>
      <Checkbox name={label} label={label} checked={on} onChange={onToggle} />
      {on && children && <div className={styles.toggleBody}>{children}</div>}
      {error && (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

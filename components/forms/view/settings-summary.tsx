'use client'
// A version's settings in words, read-only: type and placement, steps and their blocks, when and
// to whom it shows, and how often. Used by the form view and the version view.
import { useTranslations } from 'next-intl'
import type { FormDefinition } from '../definition-types'
import { stepBlocks } from '../editor/definition-edits'
import { blockSummary, kindOf } from '../editor/block-catalog'
import { typeKey } from '../form-type'
import styles from './view.module.css'

const list = (v: unknown) => (Array.isArray(v) ? v.filter((x) => typeof x === 'string').join(', ') : '')

export function SettingsSummary({ definition: def }: { definition: FormDefinition }) {
  const t = useTranslations('forms')
  const rules = (def.triggers ?? []).map((tr, i) => {
    const p = tr.properties ?? {}
    switch (tr.type) {
      case 'delay':
        return <li key={i}>{t('summary.delay', { seconds: Number(p.seconds ?? 5) })}</li>
      case 'exit_intent':
        return <li key={i}>{t('summary.exitIntent')}</li>
      case 'scroll_percentage':
        return <li key={i}>{t('summary.scroll', { percent: Number(p.percentage ?? 30) })}</li>
      case 'page_visits':
        return <li key={i}>{t('summary.pageViews', { pages: Number(p.pages ?? 3) })}</li>
      case 'url_patterns':
        return (
          <li key={i}>{t('summary.urls', { allow: list(p.allow_list) || '—', deny: list(p.deny_list) || '—' })}</li>
        )
      case 'device':
        return (
          <li key={i}>
            {t('summary.device', {
              device: t(`device.${p.device === 'mobile' ? 'mobile' : p.device === 'desktop' ? 'desktop' : 'both'}`),
            })}
          </li>
        )
      case 'identified_profiles':
        return <li key={i}>{t('targeting.visitors_identified')}</li>
      case 'unidentified_profiles':
        return <li key={i}>{t('targeting.visitors_unidentified')}</li>
      case 'lists_and_segments':
        return (
          <li key={i}>
            {t('summary.audiences', {
              allow: list(p.allow_list).split(', ').filter(Boolean).length,
              deny: list(p.deny_list).split(', ').filter(Boolean).length,
            })}
          </li>
        )
      case 'location':
        return <li key={i}>{t('summary.countries', { countries: list(p.allow_list) })}</li>
      case 'after_close_or_submit_timeout':
        return <li key={i}>{t('summary.afterClose', { days: Number(p.timeout_days ?? 5) })}</li>
      case 'previously_submitted':
        return <li key={i}>{t('targeting.neverAfterSubmit')}</li>
      default:
        return (
          <li key={i}>
            <code>{tr.type}</code>
          </li>
        )
    }
  })
  return (
    <div className={styles.summary}>
      <dl className={styles.facts}>
        <dt>{t('colType')}</dt>
        <dd>{t(`type.${typeKey(def.type)}`)}</dd>
        <dt>{t('steps')}</dt>
        <dd>{def.steps.length}</dd>
        <dt>{t('targeting.evaluation')}</dt>
        <dd>{t(def.properties?.rule_based_trigger_evaluation === 'all' ? 'targeting.all' : 'targeting.any')}</dd>
      </dl>
      <h3 className={styles.subheading}>{t('summary.content')}</h3>
      <ol className={styles.steps}>
        {def.steps.map((s, i) => (
          <li key={i}>
            <strong>{s.name || t('stepName', { n: i + 1 })}</strong>
            <ul>
              {stepBlocks(s).map(({ block }, j) => {
                const kind = kindOf(block)
                const text = blockSummary(block)
                return (
                  <li key={j}>
                    {kind ? t(`blockKind.${kind}`) : block.type}
                    {text ? `: ${text}` : ''}
                  </li>
                )
              })}
            </ul>
          </li>
        ))}
      </ol>
      <h3 className={styles.subheading}>{t('summary.targeting')}</h3>
      {rules.length ? (
        <ul className={styles.rules}>{rules}</ul>
      ) : (
        <p className={styles.muted}>{t('summary.noRules')}</p>
      )}
    </div>
  )
}

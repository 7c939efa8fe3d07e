'use client'
// A segment's definition as sentences, for the segment's page: groups joined by AND/OR, each
// condition in words with metric and list names resolved.
import type { ReactNode } from 'react'
import { useTranslations } from 'next-intl'
import { isGroup, type Condition, type ConditionGroup, type SegmentDefinition } from '@/lib/segments/definition'
import { useListOptions, useMetricOptions } from './use-builder-options'
import styles from './builder.module.css'

function useDescribe() {
  const t = useTranslations('segmentBuilder')
  const metrics = useMetricOptions().data
  const lists = useListOptions().data
  const metricName = (id: string) => metrics?.find((m) => m.id === id)?.name ?? id
  const listName = (id: string) => lists?.find((l) => l.id === id)?.name ?? id
  const fieldName = (f: string) => (f.startsWith('properties.') ? f.slice('properties.'.length) : t(`field.${f}`))
  const show = (v: unknown) => (Array.isArray(v) ? v.map(String).join(' – ') : v === undefined ? '' : String(v))

  return (c: Condition): string => {
    switch (c.kind) {
      case 'metric': {
        const when =
          c.timeframe.type === 'all_time'
            ? t('allTime')
            : c.timeframe.type === 'in_last_days'
              ? t('summaryInLast', { days: c.timeframe.days })
              : t('summaryBetween', { start: c.timeframe.start, end: c.timeframe.end })
        const how =
          c.comparison === 'zero_times'
            ? t('zeroTimes')
            : c.aggregate === 'sum_value'
              ? t('summarySum', { comparison: t(`comparison.${c.comparison}`), count: c.count })
              : t('summaryCount', { comparison: t(`comparison.${c.comparison}`), count: c.count })
        const where = (c.filters ?? []).map((f) =>
          t('summaryFilter', { property: f.property, operator: t(`filterOp.${f.operator}`), value: String(f.value) }),
        )
        return [t('summaryMetric', { metric: metricName(c.metricId), how, when }), ...where].join(' ')
      }
      case 'profile_property':
        return t('summaryProperty', {
          field: fieldName(c.field),
          operator: t(`op.${c.operator}`),
          value: show(c.value),
        }).trim()
      case 'list_membership':
        return c.operator === 'in'
          ? t('summaryInList', { list: listName(c.listId) })
          : t('summaryNotInList', { list: listName(c.listId) })
      case 'consent':
        return t('summaryConsent', {
          operator: c.operator === 'can_receive' ? t('canReceive') : t('cannotReceive'),
          channel: c.channel === 'email_marketing' ? t('emailMarketing') : t('smsMarketing'),
        })
      case 'location':
        return t('summaryProperty', { field: t(`field.${c.field}`), operator: t(`op.${c.operator}`), value: c.value })
      case 'predictive':
        return t('summaryProperty', {
          field: t(`predictive.${c.dimension}`),
          operator: t(`predictiveOp.${c.operator}`),
          value: c.operator === 'in_next_days' ? `${show(c.value)} ${t('days')}` : show(c.value),
        })
    }
  }
}

// Top-level items are numbered once ("1.", "2.") with the join between them; the conditions of a
// nested group read as one item joined by their own AND/OR, without numbers of their own.
export function DefinitionSummary({ definition }: { definition: SegmentDefinition }) {
  const t = useTranslations('segmentBuilder')
  const describe = useDescribe()
  const join = (g: ConditionGroup) => (g.type === 'and' ? t('joinAnd') : t('joinOr'))

  const renderNested = (g: ConditionGroup): ReactNode => (
    <ul className={styles.summaryNested}>
      {g.conditions.map((n, i) => (
        <li key={i}>
          {i > 0 && <span className={styles.summaryJoinInline}>{join(g)} </span>}
          {isGroup(n) ? renderNested(n) : describe(n)}
        </li>
      ))}
    </ul>
  )

  const root = definition.root
  return (
    <ol className={styles.summary} data-testid="definition-summary">
      {root.conditions.map((n, i) => (
        <li key={i} className={styles.summaryItem}>
          {i > 0 && <span className={styles.summaryJoin}>{join(root)}</span>}
          <span className={styles.summaryBody}>
            <span className={styles.summaryNumber}>{t('summaryNumber', { number: i + 1 })}</span>
            <span>{isGroup(n) ? renderNested(n) : describe(n)}</span>
          </span>
        </li>
      ))}
    </ol>
  )
}

'use client'
// The steps of a flow template as a short vertical path (trigger, waits, conditions, emails).
import { useTranslations } from 'next-intl'
import type { TemplateSummary } from '@/lib/flows/templates'
import styles from './create-flow.module.css'

type Step = TemplateSummary['steps'][number]

export function TemplateSteps({ steps, compact = false }: { steps: Step[]; compact?: boolean }) {
  const t = useTranslations('flows')
  return (
    <ol className={`${styles.steps} ${compact ? styles.stepsCompact : ''}`} data-testid="template-steps">
      {steps.map((s, i) => (
        <li key={i} className={styles[`step_${s.kind}`]}>
          <span className={styles.stepDot} aria-hidden="true" />
          <span>{stepText(t, s)}</span>
        </li>
      ))}
    </ol>
  )
}

function stepText(t: ReturnType<typeof useTranslations<'flows'>>, s: Step): string {
  switch (s.kind) {
    case 'trigger':
      if (s.trigger === 'metric') return t('step.triggerMetric', { metric: s.metric ?? '' })
      if (s.trigger === 'list') return t('step.triggerList', { list: s.list ?? '' })
      if (s.trigger === 'date') return t('step.triggerDate', { property: s.property ?? '' })
      return s.trigger === 'price-drop' ? t('step.triggerPriceDrop') : t('step.triggerLowInventory')
    case 'delay':
      return t('step.delay', { value: s.value, unit: s.unit })
    case 'split':
      return t('step.splitNotDone', { metric: s.metric })
    case 'wait':
      return t('step.waitBackInStock')
    case 'email':
      return t('step.email', { subject: readable(s.subject) })
  }
}

/** A subject as a reader sees it without a profile: {{ x|default:"y" }} shows its default. */
const readable = (subject: string) =>
  subject.replace(/\{\{\s*[\w.]+\s*\|\s*default\s*:\s*["']([^"']*)["']\s*\}\}/g, '$1').replace(/\{\{[^}]*\}\}/g, '…')

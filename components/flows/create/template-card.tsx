'use client'
// One flow template: its name, what it does, how many messages it brings, its steps, and "Use".
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import type { TemplateSummary } from '@/lib/flows/templates'
import { TemplateSteps } from './template-steps'
import styles from './create-flow.module.css'

export interface TemplateCardProps {
  template: TemplateSummary
  busy: boolean
  disabled: boolean
  onUse: (template: TemplateSummary) => void
  compact?: boolean
}

export function TemplateCard({ template, busy, disabled, onUse, compact }: TemplateCardProps) {
  const t = useTranslations('flows')
  const name = t(`templates.${template.key}.name` as 'templates.birthday.name')
  return (
    <article className={styles.card} data-testid={`template-${template.key}`}>
      <header className={styles.cardHead}>
        <h3 className={styles.cardTitle}>{name}</h3>
        <span className={styles.count}>{t('messageCount', { count: template.messageCount })}</span>
      </header>
      <p className={styles.cardBody}>
        {t(`templates.${template.key}.description` as 'templates.birthday.description')}
      </p>
      <TemplateSteps steps={template.steps} compact={compact} />
      <div className={styles.cardFoot}>
        <Button
          variant="secondary"
          loading={busy}
          disabled={disabled}
          onClick={() => onUse(template)}
          aria-label={t('useTemplateNamed', { name })}
          data-testid={`use-${template.key}`}
        >
          {t('useTemplate')}
        </Button>
      </div>
    </article>
  )
}

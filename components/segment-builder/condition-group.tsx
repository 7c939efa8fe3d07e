'use client'
// One group of conditions joined by AND or OR (the pill between rows toggles it).
import { useTranslations } from 'next-intl'
import { CloseIcon } from '@/components/ui/icons'
import { FormError } from '@/components/ui/form-error'
import { conditionIssues, emptyCondition, type ConditionState, type GroupState } from './definition-state'
import { ConditionRow, type BuilderOptions } from './condition-row'
import styles from './builder.module.css'

export interface ConditionGroupProps {
  group: GroupState
  index: number
  onChange: (next: GroupState) => void
  onRemove: () => void
  canRemove: boolean
  touched: Set<string>
  onTouch: (conditionKey: string) => void
  showAllIssues: boolean
  serverErrors: Record<string, Record<string, string>>
  groupError?: string
  options: BuilderOptions
  disabled?: boolean
  /** False once the group or the definition is at its limit (lib/segments/definition-limits.ts). */
  canAdd?: boolean
}

export function ConditionGroupCard(props: ConditionGroupProps) {
  const {
    group,
    index,
    onChange,
    onRemove,
    canRemove,
    touched,
    onTouch,
    showAllIssues,
    serverErrors,
    groupError,
    options,
    disabled,
    canAdd = true,
  } = props
  const t = useTranslations('segmentBuilder')
  const join = group.type === 'and' ? t('joinAnd') : t('joinOr')

  const update = (key: string, next: ConditionState) =>
    onChange({ ...group, conditions: group.conditions.map((c) => (c.key === key ? next : c)) })
  const remove = (key: string) => onChange({ ...group, conditions: group.conditions.filter((c) => c.key !== key) })

  return (
    <section
      className={`${styles.group} ${groupError ? styles.groupInvalid : ''}`}
      data-testid="condition-group"
      aria-label={t('groupTitle', { n: index + 1 })}
    >
      <div className={styles.groupHead}>
        <span>{t('groupTitle', { n: index + 1 })}</span>
        {canRemove && (
          <button
            type="button"
            className={styles.remove}
            onClick={onRemove}
            aria-label={t('removeGroup', { n: index + 1 })}
            disabled={disabled}
          >
            <CloseIcon size={16} />
          </button>
        )}
      </div>
      <div className={styles.groupBody}>
        {group.conditions.map((c, i) => (
          <div key={c.key}>
            {i > 0 && (
              <div className={styles.connector}>
                <button
                  type="button"
                  className={`${styles.pill} ${group.type === 'and' ? styles.pillAnd : ''}`}
                  disabled={disabled}
                  onClick={() => onChange({ ...group, type: group.type === 'and' ? 'or' : 'and' })}
                  aria-label={t('toggleJoin', { join })}
                  title={t('toggleJoin', { join })}
                  data-testid="group-join"
                >
                  {join}
                </button>
              </div>
            )}
            <ConditionRow
              condition={c}
              onChange={(next) => update(c.key, next)}
              onRemove={() => (group.conditions.length > 1 ? remove(c.key) : onRemove())}
              issues={conditionIssues(c)}
              showIssues={showAllIssues || touched.has(c.key)}
              serverErrors={serverErrors[c.key]}
              onLeave={() => onTouch(c.key)}
              options={options}
              canRemove={group.conditions.length > 1 || canRemove}
              disabled={disabled}
            />
          </div>
        ))}
        {groupError && <FormError>{groupError}</FormError>}
        {canAdd && (
          <div className={styles.groupFoot}>
            <button
              type="button"
              className={styles.addLink}
              disabled={disabled}
              onClick={() => onChange({ ...group, conditions: [...group.conditions, emptyCondition()] })}
              data-testid="add-condition"
            >
              {t('addCondition', { join })}
            </button>
          </div>
        )}
      </div>
    </section>
  )
}

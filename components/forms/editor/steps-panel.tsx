'use client'
// The form's steps: pick one to edit, add, rename, reorder and delete (a form keeps one at least).
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import type { FormStep } from '../definition-types'
import styles from './editor.module.css'

export interface StepsPanelProps {
  steps: FormStep[]
  selected: number
  /** Steps with a server error inside. */
  withErrors: ReadonlySet<number>
  onSelect: (index: number) => void
  onAdd: () => void
  onRename: (index: number, name: string) => void
  onMove: (index: number, by: -1 | 1) => void
  onDelete: (index: number) => void
}

export function StepsPanel({
  steps,
  selected,
  withErrors,
  onSelect,
  onAdd,
  onRename,
  onMove,
  onDelete,
}: StepsPanelProps) {
  const t = useTranslations('forms')
  const [renaming, setRenaming] = useState<number | null>(null)
  const name = (s: FormStep, i: number) => s.name || t('stepName', { n: i + 1 })
  return (
    <section className={styles.panelSection} aria-labelledby="steps-heading" data-testid="steps-panel">
      <div className={styles.panelHeadRow}>
        <h3 id="steps-heading" className={styles.panelHeading}>
          {t('steps')}
        </h3>
        <Button size="small" onClick={onAdd} data-testid="add-step">
          {t('addStep')}
        </Button>
      </div>
      <ol className={styles.stepList}>
        {steps.map((s, i) => (
          <li key={i} className={`${styles.stepItem} ${i === selected ? styles.stepSelected : ''}`}>
            {renaming === i ? (
              <input
                className={styles.stepNameInput}
                aria-label={t('stepNameLabel')}
                defaultValue={s.name ?? ''}
                autoFocus
                maxLength={255}
                onBlur={(e) => {
                  onRename(i, e.target.value.trim())
                  setRenaming(null)
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') (e.target as HTMLInputElement).blur()
                  if (e.key === 'Escape') setRenaming(null)
                }}
              />
            ) : (
              <button
                type="button"
                className={styles.stepButton}
                aria-current={i === selected ? 'step' : undefined}
                onClick={() => onSelect(i)}
              >
                <span className={styles.stepNumber}>{i + 1}</span>
                <span className={styles.stepLabel}>{name(s, i)}</span>
                {withErrors.has(i) && <span className={styles.errorDot} aria-label={t('stepHasErrors')} />}
              </button>
            )}
            <span className={styles.stepActions}>
              <button
                type="button"
                className={styles.iconButton}
                onClick={() => setRenaming(i)}
                aria-label={t('renameStep', { name: name(s, i) })}
              >
                ✎
              </button>
              <button
                type="button"
                className={styles.iconButton}
                onClick={() => onMove(i, -1)}
                disabled={i === 0}
                aria-label={t('moveStepUp', { name: name(s, i) })}
              >
                ↑
              </button>
              <button
                type="button"
                className={styles.iconButton}
                onClick={() => onMove(i, 1)}
                disabled={i === steps.length - 1}
                aria-label={t('moveStepDown', { name: name(s, i) })}
              >
                ↓
              </button>
              <button
                type="button"
                className={styles.iconButton}
                onClick={() => onDelete(i)}
                disabled={steps.length <= 1}
                aria-label={t('deleteStep', { name: name(s, i) })}
              >
                ×
              </button>
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}

'use client'
// The "new A/B test" form: a name, two or more versions with their share of visitors (whole
// percents adding up to 100) and how the winner is chosen.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import type { NewExperiment } from './reports-api'
import styles from './reports.module.css'

export function CreateExperimentForm({
  versions,
  onSubmit,
  onCancel,
}: {
  versions: Array<{ id: number; name: string }>
  onSubmit: (e: NewExperiment) => Promise<void>
  onCancel: () => void
}) {
  const t = useTranslations('formReports')
  const [name, setName] = useState('')
  const [winnerMode, setWinnerMode] = useState<'automatic' | 'manual'>('automatic')
  const [weights, setWeights] = useState<Record<number, number>>(() => {
    const picked = versions.slice(0, 2)
    return Object.fromEntries(picked.map((v, i) => [v.id, i === 0 ? 50 : 50]))
  })
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const chosen = versions.filter((v) => weights[v.id] !== undefined)
  const total = chosen.reduce((s, v) => s + (weights[v.id] ?? 0), 0)
  const toggle = (id: number) =>
    setWeights((w) => {
      const next = { ...w }
      if (next[id] === undefined) next[id] = 0
      else delete next[id]
      return next
    })
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!name.trim()) return setError(t('nameRequired'))
    if (chosen.length < 2) return setError(t('twoVersions'))
    if (total !== 100) return setError(t('weightsTotal', { total }))
    setBusy(true)
    setError(null)
    try {
      await onSubmit({
        name: name.trim(),
        winnerMode,
        variations: chosen.map((v) => ({ versionId: v.id, weight: weights[v.id]! })),
      })
    } catch {
      setError(t('createError'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form onSubmit={submit} noValidate aria-label={t('newTest')} className={styles.form}>
      <TextField label={t('testName')} name="name" value={name} onChange={(e) => setName(e.target.value)} />
      <fieldset className={styles.weights}>
        <legend>{t('variations')}</legend>
        {versions.map((v) => (
          <div key={v.id} className={styles.weightRow}>
            <input
              type="checkbox"
              id={`v-${v.id}`}
              checked={weights[v.id] !== undefined}
              onChange={() => toggle(v.id)}
            />
            <label htmlFor={`v-${v.id}`}>{v.name}</label>
            <input
              type="number"
              className={styles.weightInput}
              min={1}
              max={99}
              aria-label={t('weightOf', { name: v.name })}
              disabled={weights[v.id] === undefined}
              value={weights[v.id] ?? ''}
              onChange={(e) => setWeights((w) => ({ ...w, [v.id]: Math.round(Number(e.target.value) || 0) }))}
            />
          </div>
        ))}
        <span className={styles.muted}>{t('weightsSum', { total })}</span>
      </fieldset>
      <Select
        label={t('winnerMode')}
        name="winnerMode"
        value={winnerMode}
        onChange={(e) => setWinnerMode(e.target.value as 'automatic' | 'manual')}
        options={[
          { value: 'automatic', label: t('winnerAutomatic') },
          { value: 'manual', label: t('winnerManual') },
        ]}
      />
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" loading={busy}>
          {t('create')}
        </Button>
        <Button onClick={onCancel}>{t('cancel')}</Button>
      </div>
    </form>
  )
}

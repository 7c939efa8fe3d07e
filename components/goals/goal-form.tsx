'use client'
// The new-goal form of /goals: kind, target, period (and the list for a list-size goal).
import { useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import { useOps, postJson } from '@/components/deliverability/ops-api'
import styles from '@/components/deliverability/ops.module.css'

const KINDS = ['revenue', 'attributed_revenue', 'orders', 'subscribers', 'list_size'] as const
const isoDay = (d: Date) => d.toISOString().slice(0, 10)

export function GoalForm() {
  const t = useTranslations('goals')
  const router = useRouter()
  const now = new Date()
  const [d, setD] = useState({
    name: '',
    kind: 'revenue',
    target: '',
    groupId: '',
    startsAt: isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))),
    endsAt: isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0))),
  })
  const lists = useOps<{ lists: { id: string; name: string }[] }>(d.kind === 'list_size' ? '/ajax/goals/lists' : null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const set = (k: keyof typeof d) => (e: { target: { value: string } }) => setD({ ...d, [k]: e.target.value })
  async function save(e: FormEvent) {
    e.preventDefault()
    setErrors({})
    setFailure(null)
    try {
      const end = new Date(`${d.endsAt}T00:00:00Z`)
      const { id } = await postJson<{ id: string }>('/ajax/goals', {
        name: d.name,
        kind: d.kind,
        target: Number(d.target),
        ...(d.kind === 'list_size' ? { groupId: d.groupId } : {}),
        startsAt: `${d.startsAt}T00:00:00Z`,
        // The end day is included.
        endsAt: Number.isNaN(end.getTime()) ? d.endsAt : new Date(end.getTime() + 86_400_000).toISOString(),
      })
      router.push(`/goals/${id}`)
    } catch (err) {
      const f = readHttpFailure(err)
      setErrors(f.fieldErrors)
      setFailure(f.message ?? t('saveError'))
    }
  }
  return (
    <form className={styles.form} onSubmit={save} noValidate>
      {failure && <Notification variant="error">{failure}</Notification>}
      <TextField label={t('name')} name="name" value={d.name} onChange={set('name')} error={errors.name} />
      <div className={styles.row}>
        <Select
          label={t('kindLabel')}
          name="kind"
          value={d.kind}
          onChange={set('kind')}
          error={errors.kind}
          options={KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
        />
        <TextField
          label={t('target')}
          name="target"
          type="number"
          step="any"
          value={d.target}
          onChange={set('target')}
          error={errors.target}
        />
      </div>
      {d.kind === 'list_size' && (
        <Select
          label={t('list')}
          name="groupId"
          value={d.groupId}
          onChange={set('groupId')}
          error={errors.groupId}
          options={[
            { value: '', label: t('choose') },
            ...(lists.data?.lists ?? []).map((l) => ({ value: l.id, label: l.name })),
          ]}
        />
      )}
      <div className={styles.row}>
        <TextField
          label={t('startsAt')}
          name="startsAt"
          type="date"
          value={d.startsAt}
          onChange={set('startsAt')}
          error={errors.startsAt}
        />
        <TextField
          label={t('endsAt')}
          name="endsAt"
          type="date"
          value={d.endsAt}
          onChange={set('endsAt')}
          error={errors.endsAt}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="primary">
          {t('create')}
        </Button>
      </div>
    </form>
  )
}

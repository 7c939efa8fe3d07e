'use client'
// /staff/experiments: the account's A/B assignments, and setting one (true, false, a number or null).
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { Table } from '@/components/ui/table'
import { accountUrl, errorText, staffSend } from './staff-api'
import { PanelState, useAccountData } from './account-panel'
import styles from './staff.module.css'

type Experiments = { experiments: { experiment: string; value: boolean | number | null }[] }

const parseValue = (s: string): boolean | number | null | undefined => {
  const v = s.trim()
  if (v === 'true') return true
  if (v === 'false') return false
  if (v === 'null' || v === '') return null
  return Number.isFinite(Number(v)) ? Number(v) : undefined
}

export function ExperimentsPanel({ companyId }: { companyId: number }) {
  const t = useTranslations('staff')
  const url = accountUrl(companyId, 'experiments')
  const { data, error, isLoading, mutate } = useAccountData<Experiments>(url)
  const [experiment, setExperiment] = useState('')
  const [value, setValue] = useState('true')
  const [failed, setFailed] = useState<string | null>(null)
  if (!data) return <PanelState error={error} loading={isLoading} retry={() => mutate()} />
  const save = async (e: React.FormEvent) => {
    e.preventDefault()
    setFailed(null)
    const parsed = parseValue(value)
    if (parsed === undefined) return setFailed(t('experimentValueHint'))
    try {
      await mutate(await staffSend<Experiments>('PUT', url, { experiment, value: parsed }), { revalidate: false })
    } catch (err) {
      setFailed(errorText(err))
    }
  }
  return (
    <div className={styles.stack}>
      <Table
        caption={t('assignments')}
        columns={[
          { key: 'experiment', header: t('experiment') },
          { key: 'value', header: t('value') },
        ]}
        rows={data.experiments.map((x) => ({
          id: x.experiment,
          experiment: x.experiment,
          value: JSON.stringify(x.value),
        }))}
        empty={t('noExperiments')}
      />
      {failed && <Notification variant="error">{failed}</Notification>}
      <form className={styles.row} onSubmit={save}>
        <TextField
          className={styles.grow}
          name="experiment"
          label={t('experiment')}
          required
          value={experiment}
          onChange={(e) => setExperiment(e.target.value)}
        />
        <TextField
          name="value"
          label={t('value')}
          hint={t('experimentValueHint')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit" variant="primary">
          {t('save')}
        </Button>
      </form>
    </div>
  )
}

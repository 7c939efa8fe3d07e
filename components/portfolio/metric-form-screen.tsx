'use client'
// /portfolio/metrics/create and /portfolio/metrics/{metricId}/edit: a portfolio metric's name
// and, for each account, the metric it stands for there (suggested by the same name).
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { isHttpError } from '@/lib/client/http'
import { Button, LinkButton } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { DataState, PortfolioFrame, withPortfolio } from './portfolio-frame'
import { portfolioUrl, send, usePortfolioData, type PortfolioSummary } from './portfolio-api'
import type { PortfolioMetricView } from './metrics-screen'
import styles from './portfolio.module.css'

interface Options {
  accounts: Array<{ companyId: number; name: string; metrics: Array<{ id: string; name: string }> }>
}
type Problem = { message?: string; fieldErrors?: Record<string, string[]> }

function MetricForm({ portfolio, metricId }: { portfolio: PortfolioSummary; metricId?: string }) {
  const t = useTranslations('portfolio')
  const options = usePortfolioData<Options>(portfolio.id, '/metrics/options')
  const existing = usePortfolioData<PortfolioMetricView>(metricId ? portfolio.id : null, `/metrics/${metricId}`)
  if (isHttpError(existing.error) && existing.error.status === 404)
    return <Notification variant="error" title={t('metricNotFound')} />
  return (
    <DataState error={options.error ?? existing.error} loading={!options.data || (!!metricId && !existing.data)}>
      {options.data && (!metricId || existing.data) && (
        <MetricFields portfolio={portfolio} metricId={metricId} options={options.data} initial={existing.data} />
      )}
    </DataState>
  )
}

function MetricFields({
  portfolio,
  metricId,
  options,
  initial,
}: {
  portfolio: PortfolioSummary
  metricId?: string
  options: Options
  initial?: PortfolioMetricView
}) {
  const t = useTranslations('portfolio')
  const router = useRouter()
  const [name, setName] = useState(initial?.name ?? '')
  const [map, setMap] = useState<Record<number, string>>(
    Object.fromEntries((initial?.mappings ?? []).map((m) => [m.companyId, m.metricId])),
  )
  const [problem, setProblem] = useState<Problem | null>(null)
  const [saving, setSaving] = useState(false)

  // A new metric's name suggests the same-named metric of each account.
  function rename(value: string) {
    setName(value)
    if (metricId) return
    const next: Record<number, string> = {}
    for (const a of options.accounts) {
      const same = a.metrics.find((m) => m.name.toLowerCase() === value.trim().toLowerCase())
      if (same) next[a.companyId] = same.id
    }
    setMap(next)
  }

  const mappings = Object.entries(map)
    .filter(([, id]) => id)
    .map(([companyId, id]) => ({ companyId: Number(companyId), metricId: id }))

  async function save(e: React.FormEvent) {
    e.preventDefault()
    setSaving(true)
    setProblem(null)
    const body = { name, mappings }
    try {
      if (metricId) await send.put(portfolioUrl(portfolio.id, `/metrics/${metricId}`), body)
      else await send.post(portfolioUrl(portfolio.id, '/metrics'), body)
      router.push(withPortfolio('/portfolio/metrics', portfolio))
    } catch (err) {
      setProblem(isHttpError(err) ? (err.data as Problem) : { message: t('actionFailed') })
      setSaving(false)
    }
  }

  // Field errors name the position in the mappings sent.
  const errorOf = (companyId: number) => {
    const i = mappings.findIndex((m) => m.companyId === companyId)
    return i < 0 ? undefined : problem?.fieldErrors?.[`mappings.${i}.metricId`]?.[0]
  }

  return (
    <form className={styles.form} noValidate onSubmit={save}>
      {problem && <Notification variant="error" title={problem.message ?? t('actionFailed')} />}
      <TextField
        name="name"
        label={t('metricName')}
        value={name}
        maxLength={120}
        hint={t('metricNameHint')}
        error={problem?.fieldErrors?.name?.[0]}
        onChange={(e) => rename(e.target.value)}
      />
      {options.accounts.map((a) => (
        <Select
          key={a.companyId}
          name={`metric-${a.companyId}`}
          label={a.name}
          value={map[a.companyId] ?? ''}
          error={errorOf(a.companyId)}
          onChange={(e) => setMap({ ...map, [a.companyId]: e.target.value })}
          options={[{ value: '', label: t('notMapped') }, ...a.metrics.map((m) => ({ value: m.id, label: m.name }))]}
        />
      ))}
      <div className={styles.row}>
        <LinkButton href={withPortfolio('/portfolio/metrics', portfolio)}>{t('cancel')}</LinkButton>
        <Button type="submit" variant="primary" disabled={saving}>
          {t('save')}
        </Button>
      </div>
    </form>
  )
}

export function PortfolioMetricFormScreen({ metricId, portfolioId }: { metricId?: string; portfolioId?: number }) {
  const t = useTranslations('portfolio')
  return (
    <PortfolioFrame portfolioId={portfolioId} title={metricId ? t('editMetricTitle') : t('createMetricTitle')}>
      {(p) => <MetricForm portfolio={p} metricId={metricId} />}
    </PortfolioFrame>
  )
}

'use client'
// /analytics/monitors/create and /analytics/monitors/{id}/edit: the rule (what is watched, the
// comparison, the window) and where alerts go. Rates are entered in percent, stored as fractions.
import { useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button, LinkButton } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import { useOps, postJson, putJson } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import { MONITOR_KINDS } from '@/lib/monitors/monitor-kinds'
import type { MonitorResponse } from '@/app/ajax/monitors/[monitorId]/route'
import { isRateKind } from './monitor-format'
import styles from '@/components/deliverability/ops.module.css'

interface Draft {
  name: string
  kind: string
  metricId: string
  flowId: string
  comparator: string
  threshold: string
  windowMinutes: string
  minSends: string
  emails: string
  webhookUrl: string
  enabled: boolean
}

const EMPTY: Draft = {
  name: '',
  kind: 'bounce_rate',
  metricId: '',
  flowId: '',
  comparator: 'above',
  threshold: '2',
  windowMinutes: '60',
  minSends: '50',
  emails: '',
  webhookUrl: '',
  enabled: true,
}

function draftOf(m: MonitorResponse['monitor']): Draft {
  return {
    name: m.name,
    kind: m.kind,
    metricId: m.config.metricId ?? '',
    flowId: m.config.flowId ?? '',
    comparator: m.comparator,
    threshold: String(isRateKind(m.kind) ? Math.round(m.threshold * 10000) / 100 : m.threshold),
    windowMinutes: String(m.windowMinutes),
    minSends: String(m.config.minSends ?? ''),
    emails: m.notify.emails.join(', '),
    webhookUrl: m.notify.webhookUrl ?? '',
    enabled: m.enabled,
  }
}

export function MonitorFormScreen({ monitorId }: { monitorId?: string }) {
  const existing = useOps<MonitorResponse>(monitorId ? `/ajax/monitors/${encodeURIComponent(monitorId)}` : null)
  const loaded = existing.data?.monitor
  if (monitorId && !loaded) return <LoadStates loading={existing.isLoading} error={existing.error} />
  return <MonitorForm key={loaded?.id ?? 'new'} monitorId={monitorId} initial={loaded ? draftOf(loaded) : EMPTY} />
}

function MonitorForm({ monitorId, initial }: { monitorId?: string; initial: Draft }) {
  const t = useTranslations('monitors')
  const router = useRouter()
  const metrics = useOps<{ metrics: { id: string; name: string }[] }>('/ajax/data/metrics')
  const flows = useOps<{ flows: { id: string; name: string }[] }>('/ajax/flows/list/', { pageSize: 100 })
  const [d, setD] = useState<Draft>(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const set = (k: keyof Draft) => (e: { target: { value: string } }) => setD({ ...d, [k]: e.target.value })

  async function save(e: FormEvent) {
    e.preventDefault()
    setSaving(true)
    setErrors({})
    setFailure(null)
    const rate = isRateKind(d.kind)
    const body = {
      name: d.name,
      kind: d.kind,
      config: {
        ...(d.kind === 'metric_count' ? { metricId: d.metricId } : {}),
        ...(d.kind === 'flow_sends' ? { flowId: d.flowId } : {}),
        ...(rate && d.minSends ? { minSends: Number(d.minSends) } : {}),
      },
      comparator: d.comparator,
      threshold: rate ? Number(d.threshold) / 100 : Number(d.threshold),
      windowMinutes: Number(d.windowMinutes),
      notify: {
        emails: d.emails
          .split(/[\s,;]+/)
          .map((x) => x.trim())
          .filter(Boolean),
        webhookUrl: d.webhookUrl || undefined,
      },
      enabled: d.enabled,
    }
    try {
      const saved = monitorId
        ? await putJson<{ id: string }>(`/ajax/monitors/${encodeURIComponent(monitorId)}`, body)
        : await postJson<{ id: string }>('/ajax/monitors', body)
      router.push(`/analytics/monitors/${saved.id}`)
    } catch (err) {
      const f = readHttpFailure(err)
      if (Object.keys(f.fieldErrors).length) setErrors(f.fieldErrors)
      setFailure(f.message ?? t('saveError'))
    } finally {
      setSaving(false)
    }
  }
  // Field errors are keyed by their path (config.metricId, notify.emails.0 …).
  const err = (k: string) => Object.entries(errors).find(([path]) => path === k || path.split('.').includes(k))?.[1]
  return (
    <Page>
      <PageHead title={monitorId ? t('editTitle') : t('createTitle')} description={t('formDescription')} />
      <PageBody>
        <Card>
          <form className={styles.form} onSubmit={save} noValidate>
            {failure && <Notification variant="error">{failure}</Notification>}
            <TextField
              label={t('name')}
              name="name"
              value={d.name}
              onChange={set('name')}
              error={err('name')}
              required
            />
            <Select
              label={t('watch')}
              name="kind"
              value={d.kind}
              onChange={set('kind')}
              error={err('kind')}
              options={MONITOR_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            />
            {d.kind === 'metric_count' && (
              <Select
                label={t('metric')}
                name="metricId"
                value={d.metricId}
                onChange={set('metricId')}
                error={err('metricId')}
                options={[
                  { value: '', label: t('choose') },
                  ...(metrics.data?.metrics ?? []).map((m) => ({ value: m.id, label: m.name })),
                ]}
              />
            )}
            {d.kind === 'flow_sends' && (
              <Select
                label={t('flow')}
                name="flowId"
                value={d.flowId}
                onChange={set('flowId')}
                error={err('flowId')}
                options={[
                  { value: '', label: t('choose') },
                  ...(flows.data?.flows ?? []).map((f) => ({ value: f.id, label: f.name })),
                ]}
              />
            )}
            <div className={styles.row}>
              <Select
                label={t('comparatorLabel')}
                name="comparator"
                value={d.comparator}
                onChange={set('comparator')}
                options={[
                  { value: 'above', label: t('comparator.above') },
                  { value: 'below', label: t('comparator.below') },
                ]}
              />
              <TextField
                label={isRateKind(d.kind) ? t('thresholdPercent') : t('threshold')}
                name="threshold"
                type="number"
                step="any"
                value={d.threshold}
                onChange={set('threshold')}
                error={err('threshold')}
              />
              <TextField
                label={t('windowMinutes')}
                name="windowMinutes"
                type="number"
                value={d.windowMinutes}
                onChange={set('windowMinutes')}
                error={err('windowMinutes')}
              />
            </div>
            {isRateKind(d.kind) && (
              <TextField
                label={t('minSends')}
                name="minSends"
                type="number"
                value={d.minSends}
                onChange={set('minSends')}
                hint={t('minSendsHint')}
                error={err('minSends')}
              />
            )}
            <TextField
              label={t('emails')}
              name="emails"
              value={d.emails}
              onChange={set('emails')}
              hint={t('emailsHint')}
              error={err('emails')}
            />
            <TextField
              label={t('webhookUrl')}
              name="webhookUrl"
              type="url"
              value={d.webhookUrl}
              onChange={set('webhookUrl')}
              hint={t('webhookHint')}
              error={err('webhookUrl')}
            />
            <label>
              <input type="checkbox" checked={d.enabled} onChange={(e) => setD({ ...d, enabled: e.target.checked })} />{' '}
              {t('enabled')}
            </label>
            <div className={styles.actions}>
              <Button type="submit" variant="primary" disabled={saving}>
                {t('save')}
              </Button>
              <LinkButton href={monitorId ? `/analytics/monitors/${monitorId}` : '/analytics/monitors'}>
                {t('cancel')}
              </LinkButton>
            </div>
          </form>
        </Card>
      </PageBody>
    </Page>
  )
}

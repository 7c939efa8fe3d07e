'use client'
// Wizard step 1: included and excluded lists and segments (excluded wins), and the estimated
// recipient count with the reasons people are left out (a background estimation job).
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { FormError } from '@/components/ui/form-error'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import { campaignsApi, type AudienceGroup, type Estimation } from '../campaigns-api'
import type { StepProps } from './wizard-screen'
import styles from '../campaigns.module.css'

const isList = (g: AudienceGroup) => g.type === 0 || g.type === 'list'

export function exclusionRows(e: Estimation | null | undefined): Array<{ reason: string; count: number }> {
  if (!e?.exclusions) return []
  return Array.isArray(e.exclusions)
    ? e.exclusions
    : Object.entries(e.exclusions).map(([reason, count]) => ({ reason, count: Number(count) }))
}

/** The estimate's reasons (lib/campaigns/estimate.ts) in words; an unknown one as written. */
const EXCLUSION_KEYS: Record<string, string> = {
  excluded_groups: 'exclusionExcludedGroups',
  no_email: 'exclusionNoEmail',
  no_phone_number: 'exclusionNoPhone',
  no_push_token: 'exclusionNoPushToken',
  suppressed: 'exclusionSuppressed',
  no_consent: 'exclusionNoConsent',
}

/** beforeEstimate: saves what is on screen first, so the estimate counts the audience the merchant sees. */
export function EstimationPanel({
  campaignId,
  disabled,
  beforeEstimate,
}: {
  campaignId: string
  disabled?: boolean
  beforeEstimate?: () => Promise<boolean>
}) {
  const t = useTranslations('campaigns')
  const format = useFormatter()
  const [running, setRunning] = useState(false)
  // Polls while an estimation is queued or running.
  const { data, mutate } = useSWR(
    `/ajax/campaign/${campaignId}/estimate-recipient-count`,
    () => campaignsApi.estimation(campaignId),
    {
      refreshInterval: (d) =>
        d?.estimation && !d.estimation.completedAt && d.estimation.status !== 'failed' ? 1500 : 0,
    },
  )
  const est = data?.estimation
  const pending = !!est && !est.completedAt && est.status !== 'failed'
  async function start() {
    setRunning(true)
    try {
      if (beforeEstimate && !(await beforeEstimate())) return
      await campaignsApi.estimate(campaignId)
      await mutate()
    } finally {
      setRunning(false)
    }
  }
  return (
    <Card
      title={t('estimateTitle')}
      actions={
        <Button
          size="small"
          onClick={() => void start()}
          loading={running || pending}
          disabled={disabled}
          data-testid="estimate"
        >
          {t('estimate')}
        </Button>
      }
    >
      {!est ? (
        <p className={styles.muted}>{t('estimateNone')}</p>
      ) : (
        <div>
          <div className={styles.estimate}>
            <span className={styles.bigNumber} data-testid="estimate-count">
              {est.count == null ? '…' : format.number(est.count)}
            </span>
            <span className={styles.muted}>
              {est.completedAt
                ? t('estimatedAt', {
                    at: format.dateTime(new Date(est.completedAt), { dateStyle: 'medium', timeStyle: 'short' }),
                  })
                : t('estimating')}
            </span>
          </div>
          {exclusionRows(est).length > 0 && (
            <ul className={styles.reasons}>
              {exclusionRows(est)
                .filter((r) => r.count > 0)
                .map((r) => (
                  <li key={r.reason}>
                    {t('excludedReason', {
                      reason: EXCLUSION_KEYS[r.reason]
                        ? t(EXCLUSION_KEYS[r.reason] as 'exclusionNoEmail')
                        : r.reason.replace(/_/g, ' '),
                      count: r.count,
                    })}
                  </li>
                ))}
            </ul>
          )}
        </div>
      )}
    </Card>
  )
}

export function AudienceStep({ campaign, editable, onSaved, nextHref }: StepProps) {
  const t = useTranslations('campaigns')
  const router = useRouter()
  const { data, error } = useSWR(`/ajax/campaign-wizard/${campaign.id}/audience`, () =>
    campaignsApi.audience(campaign.id),
  )
  const [included, setIncluded] = useState<string[]>(campaign.audiences.included)
  const [excluded, setExcluded] = useState<string[]>(campaign.audiences.excluded)
  const [filter, setFilter] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const groups = (data?.groups ?? []).filter(
    (g) => !filter.trim() || g.name.toLowerCase().includes(filter.trim().toLowerCase()),
  )

  const toggle = (list: string[], set: (v: string[]) => void, id: string) =>
    set(list.includes(id) ? list.filter((x) => x !== id) : [...list, id])

  async function save(goNext: boolean): Promise<boolean> {
    setBusy(true)
    setErrors({})
    try {
      await campaignsApi.saveAudience(campaign.id, { included, excluded })
      onSaved()
      if (goNext && nextHref) router.push(nextHref)
      return true
    } catch (err) {
      const f = readHttpFailure(err)
      setErrors(Object.keys(f.fieldErrors).length ? f.fieldErrors : { form: f.message ?? t('error') })
      return false
    } finally {
      setBusy(false)
    }
  }

  const picker = (title: string, selected: string[], set: (v: string[]) => void, name: string, err?: string) => (
    <Card title={title}>
      <ul className={styles.pickList} data-testid={`audience-${name}`}>
        {groups.map((g) => (
          <li key={g.id}>
            <label>
              <input
                type="checkbox"
                checked={selected.includes(g.id)}
                disabled={!editable}
                onChange={() => toggle(selected, set, g.id)}
              />
              {g.name}
              {g.memberCount != null && (
                <span className={styles.muted}>{t('memberCount', { count: g.memberCount })}</span>
              )}
              <span className={styles.kind}>{isList(g) ? t('kindList') : t('kindSegment')}</span>
            </label>
          </li>
        ))}
        {groups.length === 0 && (
          <li>
            <span className={styles.muted} style={{ display: 'block', padding: 'var(--space-3)' }}>
              {t('noGroups')}
            </span>
          </li>
        )}
      </ul>
      {err && <FormError>{err}</FormError>}
    </Card>
  )

  return (
    <div className={styles.stack}>
      {error && <Notification variant="error" title={t('loadError')} />}
      <TextField
        label={t('filterGroups')}
        name="groupFilter"
        type="search"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <div className={styles.pickers}>
        {picker(
          t('included'),
          included,
          setIncluded,
          'included',
          errors.included ?? errors['audiences.included'] ?? errors.audiences,
        )}
        {picker(t('excluded'), excluded, setExcluded, 'excluded', errors.excluded ?? errors['audiences.excluded'])}
      </div>
      {errors.form && <FormError>{errors.form}</FormError>}
      <EstimationPanel
        campaignId={campaign.id}
        disabled={!included.length}
        beforeEstimate={editable ? () => save(false) : undefined}
      />
      {editable && (
        <div className={styles.footer}>
          <Button onClick={() => void save(false)} loading={busy}>
            {t('save')}
          </Button>
          <Button variant="primary" onClick={() => void save(true)} loading={busy} data-testid="wizard-next">
            {t('saveContinue')}
          </Button>
        </div>
      )}
    </div>
  )
}

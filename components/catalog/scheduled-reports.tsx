'use client'
// The scheduled catalog reports (/catalog/back-in-stock/scheduled-reports): a back-in-stock,
// price-drop or low-inventory report (of one flow) mailed daily, weekly or monthly to the
// account's users. Add, edit, delete and "Send now" (which mails the last period to the whole team
// at once, so the server limits it) need catalog_write.
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { TextField } from '@/components/ui/text-field'
import { FormError } from '@/components/ui/form-error'
import { Modal } from '@/components/ui/modal'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { ConfirmModal } from '@/components/lists/confirm-modal'
import { readHttpFailure } from '@/components/auth/http-failure'
import {
  bisApi,
  FREQUENCIES,
  isLowInventoryFlow,
  REPORT_KINDS,
  type ScheduledReport,
  type ScheduledReportInput,
} from './bis-api'
import styles from './catalog.module.css'

const KIND_KEYS: Record<string, string> = {
  back_in_stock: 'kindBackInStock',
  price_drop: 'kindPriceDrop',
  low_inventory: 'kindLowInventory',
}
const FREQUENCY_KEYS: Record<string, string> = {
  daily: 'frequencyDaily',
  weekly: 'frequencyWeekly',
  monthly: 'frequencyMonthly',
}
type Editing = { id: string | null; input: ScheduledReportInput }
type Errors = Partial<Record<keyof ScheduledReportInput | '_form', string>>

export function ScheduledReports() {
  const t = useTranslations('catalogBis')
  const format = useFormatter()
  const toast = useToast()
  const canWrite = usePermission('catalog_write')
  const canFlows = usePermission('flows_read')
  const { data, error, isLoading, mutate } = useSWR('catalog-scheduled-reports', bisApi.listScheduled)
  const { data: flows } = useSWR(canFlows ? 'catalog-report-flows' : null, bisApi.flows)
  const [editing, setEditing] = useState<Editing | null>(null)
  const [errors, setErrors] = useState<Errors>({})
  const [deleting, setDeleting] = useState<ScheduledReport | null>(null)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  const label = (map: Record<string, string>, v: string) => (map[v] ? t(map[v]) : v)
  const when = (iso: string | null) =>
    iso ? format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' }) : '—'
  const flowName = (id: string | null) => (id ? (flows?.find((f) => f.id === id)?.name ?? id) : '')
  const lowInventoryFlows = (flows ?? []).filter(isLowInventoryFlow)

  function open(r: ScheduledReport | null) {
    setErrors({})
    setEditing(
      r
        ? { id: r.id, input: { name: r.name, kind: r.kind, flowId: r.flowId, frequency: r.frequency } }
        : { id: null, input: { name: '', kind: 'back_in_stock', flowId: null, frequency: 'weekly' } },
    )
  }
  const set = (patch: Partial<ScheduledReportInput>) =>
    setEditing((e) => (e ? { ...e, input: { ...e.input, ...patch } } : e))

  async function save(e?: FormEvent) {
    e?.preventDefault()
    if (!editing) return
    const input = {
      ...editing.input,
      name: editing.input.name.trim(),
      flowId: editing.input.kind === 'low_inventory' ? editing.input.flowId || null : null,
    }
    setBusy('save')
    setErrors({})
    try {
      if (editing.id) await bisApi.editScheduled(editing.id, input)
      else await bisApi.addScheduled(input)
      toast.show({
        variant: 'success',
        content: editing.id ? t('reportSaved', { name: input.name }) : t('reportAdded', { name: input.name }),
      })
      setEditing(null)
      await mutate()
    } catch (err) {
      const f = readHttpFailure(err)
      const next: Errors = {
        name: f.fieldErrors.name,
        kind: f.fieldErrors.kind,
        flowId: f.fieldErrors.flowId,
        frequency: f.fieldErrors.frequency,
      }
      setErrors({
        ...next,
        _form: Object.values(next).some(Boolean) ? undefined : (f.fieldErrors._ ?? f.message ?? t('saveError')),
      })
    } finally {
      setBusy(null)
    }
  }
  async function sendNow(r: ScheduledReport) {
    setBusy(`send:${r.id}`)
    try {
      const out = await bisApi.sendScheduled(r.id)
      toast.show({ variant: 'success', content: t('reportSent', { name: r.name, count: out.recipients.length }) })
      await mutate()
    } catch (err) {
      toast.show({ variant: 'error', content: readHttpFailure(err).message ?? t('saveError') })
    } finally {
      setBusy(null)
    }
  }
  async function remove() {
    if (!deleting) return
    setBusy('delete')
    setDeleteError(null)
    try {
      await bisApi.deleteScheduled(deleting.id)
      toast.show({ variant: 'success', content: t('reportDeleted', { name: deleting.name }) })
      setDeleting(null)
      await mutate()
    } catch (err) {
      setDeleteError(readHttpFailure(err).message ?? t('saveError'))
    } finally {
      setBusy(null)
    }
  }

  const add = canWrite ? (
    <Button variant="primary" onClick={() => open(null)} data-testid="add-scheduled-report">
      {t('addReport')}
    </Button>
  ) : undefined
  const input = editing?.input
  return (
    <>
      {error && !data ? (
        <Notification
          variant="error"
          title={t('loadError')}
          action={{ label: t('retry'), onClick: () => void mutate() }}
        />
      ) : isLoading && !data ? (
        <TableSkeleton />
      ) : !data?.length ? (
        <EmptyState heading={t('scheduledEmptyTitle')} body={t('scheduledEmptyBody')} actions={add} />
      ) : (
        <Card title={t('scheduledTitle')} actions={add} flush>
          <Table
            caption={t('scheduledTitle')}
            columns={[
              { key: 'name', header: t('colName') },
              { key: 'kind', header: t('colReport') },
              { key: 'frequency', header: t('colFrequency') },
              { key: 'next', header: t('colNextSend') },
              { key: 'last', header: t('colLastSent') },
              { key: 'actions', header: <span className="visually-hidden">{t('colActions')}</span>, align: 'right' },
            ]}
            rows={data.map((r) => ({
              id: r.id,
              name: <strong>{r.name}</strong>,
              kind:
                r.kind === 'low_inventory'
                  ? `${label(KIND_KEYS, r.kind)} · ${flowName(r.flowId)}`
                  : label(KIND_KEYS, r.kind),
              frequency: label(FREQUENCY_KEYS, r.frequency),
              next: when(r.nextSendAt),
              last: when(r.lastSentAt),
              actions: (
                <span className={styles.actionsCell}>
                  {canWrite && (
                    <Button
                      size="small"
                      onClick={() => void sendNow(r)}
                      loading={busy === `send:${r.id}`}
                      disabled={busy !== null}
                      aria-label={t('sendNowNamed', { name: r.name })}
                    >
                      {t('sendNow')}
                    </Button>
                  )}
                  {canWrite && (
                    <Button
                      size="small"
                      variant="tertiary"
                      onClick={() => open(r)}
                      aria-label={t('editNamed', { name: r.name })}
                    >
                      {t('edit')}
                    </Button>
                  )}
                  {canWrite && (
                    <Button
                      size="small"
                      variant="tertiary"
                      onClick={() => {
                        setDeleteError(null)
                        setDeleting(r)
                      }}
                      aria-label={t('deleteNamed', { name: r.name })}
                    >
                      {t('delete')}
                    </Button>
                  )}
                </span>
              ),
            }))}
          />
        </Card>
      )}
      <Modal
        open={!!editing}
        title={editing?.id ? t('editTitle') : t('addTitle')}
        onClose={busy === 'save' ? undefined : () => setEditing(null)}
        footer={
          <>
            <Button onClick={() => setEditing(null)} disabled={busy === 'save'}>
              {t('cancel')}
            </Button>
            <Button
              variant="primary"
              onClick={() => void save()}
              loading={busy === 'save'}
              data-testid="save-scheduled-report"
            >
              {t('save')}
            </Button>
          </>
        }
      >
        {input && (
          <form
            className={styles.sourceForm}
            onSubmit={save}
            noValidate
            aria-label={editing?.id ? t('editTitle') : t('addTitle')}
          >
            <TextField
              label={t('fieldName')}
              name="name"
              value={input.name}
              maxLength={255}
              required
              error={errors.name}
              onChange={(e) => set({ name: e.target.value })}
            />
            <Select
              label={t('fieldKind')}
              name="kind"
              value={input.kind}
              error={errors.kind}
              onChange={(e) => set({ kind: e.target.value as ScheduledReportInput['kind'] })}
              options={REPORT_KINDS.map((k) => ({ value: k, label: label(KIND_KEYS, k) }))}
            />
            {input.kind === 'low_inventory' &&
              (canFlows && flows ? (
                lowInventoryFlows.length ? (
                  <Select
                    label={t('fieldFlow')}
                    name="flowId"
                    value={input.flowId ?? ''}
                    error={errors.flowId}
                    onChange={(e) => set({ flowId: e.target.value || null })}
                    options={[
                      { value: '', label: t('chooseFlow') },
                      ...lowInventoryFlows.map((f) => ({ value: f.id, label: f.name })),
                    ]}
                  />
                ) : (
                  <>
                    <Notification variant="info" title={t('noLowInventoryFlows')} />
                    <FormError>{errors.flowId}</FormError>
                  </>
                )
              ) : (
                <TextField
                  label={t('fieldFlowId')}
                  name="flowId"
                  value={input.flowId ?? ''}
                  error={errors.flowId}
                  onChange={(e) => set({ flowId: e.target.value })}
                />
              ))}
            <Select
              label={t('fieldFrequency')}
              name="frequency"
              value={input.frequency}
              error={errors.frequency}
              onChange={(e) => set({ frequency: e.target.value as ScheduledReportInput['frequency'] })}
              options={FREQUENCIES.map((f) => ({ value: f, label: label(FREQUENCY_KEYS, f) }))}
            />
            <p className={styles.hint}>{t('frequencyHint')}</p>
            {errors._form && <FormError>{errors._form}</FormError>}
            <button type="submit" hidden />
          </form>
        )}
      </Modal>
      <ConfirmModal
        open={!!deleting}
        title={t('deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        busy={busy === 'delete'}
        error={deleteError}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      >
        {t('deleteBody')}
      </ConfirmModal>
    </>
  )
}

'use client'
// The side panel of one action: its settings by type (delays, splits, A/B test, messages,
// webhook, internal alert, profile updates, list updates, code) and its status.
import type { ReactNode } from 'react'
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { isUnsupported, type FlowAction } from '@/lib/flows/definition'
import { Notification } from '@/components/ui/notification'
import { Button } from '@/components/ui/button'
import { useBuilder } from './builder-context'
import { hasStatus, statusOf } from './builder-state'
import { actionTitle } from './action-labels'
import { ConditionEditor, emptyFilter, type ConditionFilter } from './condition-editor'
import { Field, FieldInput, IdOptions } from './panel-fields'
import { Weekdays } from './trigger-panel'
import { useGroupOptions, useTemplateOptions } from './use-builder-options'
import { EmailTemplatePreview } from './email-template-preview'
import { ReviewRequestFields } from './review-request-fields'
import { SenderFields } from './sender-fields'
import frame from '@/components/ui/editor-bar.module.css'
import styles from './builder.module.css'

type Data = Record<string, unknown>

export function ActionPanel({ action, actionKey }: { action: FlowAction; actionKey: string }) {
  const t = useTranslations('flowBuilder')
  const { dispatch, readOnly, errorsByNode, def, reportOf } = useBuilder()
  const data = ((action as { data?: unknown }).data ?? {}) as Data
  const setData = (patch: Data) =>
    dispatch({
      type: 'update-action',
      key: actionKey,
      action: { ...action, data: { ...data, ...patch } } as FlowAction,
    })
  const msg = (data.message ?? {}) as Data
  const setMsg = (patch: Data) => setData({ message: { ...msg, ...patch } })
  const errors = errorsByNode.get(actionKey) ?? []
  const status = statusOf(action)

  let body: ReactNode = null
  if (isUnsupported(action))
    body = <Notification variant="warning">{t('panel.unsupportedBody', { type: action.type })}</Notification>
  else
    switch (action.type) {
      case 'time-delay':
        body = <DelayFields data={data} setData={setData} />
        break
      case 'conditional-split':
        body = (
          <ConditionEditor
            mode="profile"
            testId="split-conditions"
            value={(data.profile_filter as ConditionFilter | null) ?? emptyFilter()}
            onChange={(f) => setData({ profile_filter: f })}
          />
        )
        break
      case 'trigger-split': {
        const trigger = def.triggers[0] as { type?: string; id?: string | null } | undefined
        body = (
          <>
            {trigger?.type !== 'metric' && (
              <Notification variant="warning">{t('panel.triggerSplitNeedsMetric')}</Notification>
            )}
            <ConditionEditor
              mode="event"
              testId="split-conditions"
              metricId={String(data.trigger_id ?? '') || trigger?.id || null}
              value={(data.trigger_filter as ConditionFilter | null) ?? emptyFilter()}
              onChange={(f) => setData({ trigger_filter: f, trigger_id: trigger?.id ?? data.trigger_id })}
            />
          </>
        )
        break
      }
      case 'multi-branch-split':
        body = <BranchFields data={data} setData={setData} />
        break
      case 'ab-test':
        body = <AbTestFields data={data} setData={setData} />
        break
      case 'send-email':
        body = <EmailFields msg={msg} setMsg={setMsg} />
        break
      case 'send-sms':
      case 'send-mobile-push':
      case 'send-whatsapp':
        body = <TextMessageFields type={action.type} msg={msg} setMsg={setMsg} />
        break
      case 'send-webhook':
        body = <WebhookFields msg={msg} setMsg={setMsg} />
        break
      case 'send-internal-alert':
        body = <AlertFields msg={msg} setMsg={setMsg} />
        break
      case 'send-review-request':
        body = <ReviewRequestFields msg={msg} setMsg={setMsg} />
        break
      case 'update-profile':
        body = <ProfileOperations data={data} setData={setData} />
        break
      case 'list-update':
        body = <ListUpdateFields data={data} setData={setData} />
        break
      case 'code':
        body = <CodeFields data={data} setData={setData} />
        break
      default:
        body = <p className={styles.muted}>{t('panel.noSettings')}</p>
    }

  return (
    <fieldset
      disabled={readOnly}
      className={styles.panelBody}
      data-testid="action-panel"
      data-action-type={action.type}
    >
      <h3 className={styles.sectionTitle}>{actionTitle(action, t)}</h3>
      {reportOf(actionKey) && (
        <Link href={reportOf(actionKey)!} className={styles.panelReportLink} data-testid="panel-report">
          {t('viewReport')}
        </Link>
      )}
      {errors.length > 0 && (
        <Notification variant="error" title={t('panel.errorsTitle')}>
          <ul className={frame.errorList}>
            {errors.map((e, i) => (
              <li key={i}>{e.message}</li>
            ))}
          </ul>
        </Notification>
      )}
      {hasStatus(action) && (
        <Field label={t('panel.status')}>
          <select
            className={styles.control}
            data-testid="action-status"
            value={status ?? 'draft'}
            onChange={(e) => dispatch({ type: 'status', key: actionKey, status: e.target.value as 'live' })}
          >
            {(['live', 'manual', 'draft', 'disabled'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`actionStatus.${s}`)}
              </option>
            ))}
          </select>
        </Field>
      )}
      {body}
    </fieldset>
  )
}

interface DataProps {
  data: Data
  setData: (patch: Data) => void
}
interface MsgProps {
  msg: Data
  setMsg: (patch: Data) => void
}

function DelayFields({ data, setData }: DataProps) {
  const t = useTranslations('flowBuilder')
  const until = typeof data.delay_until_time === 'string' && data.delay_until_time !== ''
  return (
    <>
      <div className={styles.row}>
        <Field label={t('delay.value')}>
          <input
            type="number"
            min={0}
            className={styles.control}
            data-testid="delay-value"
            value={Number(data.value ?? 0)}
            onChange={(e) => setData({ value: Math.max(0, Math.trunc(Number(e.target.value))) })}
          />
        </Field>
        <Field label={t('delay.unit')}>
          <select
            className={styles.control}
            data-testid="delay-unit"
            value={String(data.unit ?? 'days')}
            onChange={(e) => setData({ unit: e.target.value })}
          >
            {['minutes', 'hours', 'days', 'weeks'].map((u) => (
              <option key={u} value={u}>
                {t(`delay.units.${u}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={until}
          onChange={(e) => setData({ delay_until_time: e.target.checked ? '09:00' : null })}
        />
        {t('delay.untilTime')}
      </label>
      {until && (
        <Field label={t('delay.time')}>
          <input
            type="time"
            className={styles.control}
            value={String(data.delay_until_time)}
            onChange={(e) => setData({ delay_until_time: e.target.value })}
          />
        </Field>
      )}
      <Weekdays
        label={t('delay.weekdays')}
        value={(data.delay_until_weekdays as string[] | null | undefined) ?? null}
        onChange={(delay_until_weekdays) => setData({ delay_until_weekdays })}
      />
      <Field label={t('delay.timezone')} hint={t('delay.timezoneHint')}>
        <input
          className={styles.control}
          value={String(data.timezone ?? '')}
          placeholder="profile"
          onChange={(e) => setData({ timezone: e.target.value || undefined })}
        />
      </Field>
    </>
  )
}

function BranchFields({ data, setData }: DataProps) {
  const t = useTranslations('flowBuilder')
  const branches = (data.branches ?? []) as Array<
    Data & { branch_id: string; name?: string | null; is_else?: boolean; branch_filter?: ConditionFilter | null }
  >
  const set = (next: typeof branches) => setData({ branches: next.map((b, i) => ({ ...b, order: i })) })
  const addBranch = () => {
    const n = branches.length + 1
    const id = `branch-${Date.now().toString(36)}`
    const elseAt = branches.findIndex((b) => b.is_else)
    const b = {
      branch_id: id,
      name: t('branches.defaultName', { n }),
      branch_filter: emptyFilter(),
      links: { next: null },
    }
    set(elseAt >= 0 ? [...branches.slice(0, elseAt), b, ...branches.slice(elseAt)] : [...branches, b])
  }
  return (
    <>
      <FieldInput label={t('branches.splitName')} record={data} set={setData} field="name" />
      {branches.map((b, i) => (
        <div key={b.branch_id} className={styles.branch} data-testid="split-branch">
          <div className={styles.row}>
            <input
              aria-label={t('branches.branchName')}
              className={styles.control}
              value={String(b.name ?? '')}
              onChange={(e) => set(branches.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
            />
            {branches.length > 2 && !b.is_else && (
              <Button size="small" variant="tertiary" onClick={() => set(branches.filter((_, j) => j !== i))}>
                {t('branches.remove')}
              </Button>
            )}
          </div>
          {b.is_else ? (
            <p className={styles.muted}>{t('branches.elseHint')}</p>
          ) : (
            <ConditionEditor
              mode="profile"
              value={b.branch_filter ?? emptyFilter()}
              onChange={(f) => set(branches.map((x, j) => (j === i ? { ...x, branch_filter: f } : x)))}
            />
          )}
        </div>
      ))}
      <Button size="small" onClick={addBranch}>
        {t('branches.add')}
      </Button>
    </>
  )
}

type Variation = {
  id?: string | null
  temporary_id?: string | null
  type: string
  data?: { message?: Record<string, unknown> } & Record<string, unknown>
}
type Experiment = { variations?: Variation[]; allocations?: Record<string, number> | null; winner_id?: string | null }

/** The A/B test in the engine's shape: main_action, current_experiment.variations and allocations by variation key. */
function AbTestFields({ data, setData }: DataProps) {
  const t = useTranslations('flowBuilder')
  const { data: templates } = useTemplateOptions()
  const main = (data.main_action ?? { type: 'send-email', data: { message: {} } }) as Variation
  const exp = (data.current_experiment ?? {}) as Experiment
  const variations = exp.variations ?? []
  const alloc = exp.allocations ?? {}
  const keyOf = (v: Variation, i: number) =>
    i === 0 ? String(v.id ?? 'main') : String(v.id ?? v.temporary_id ?? `variation-${i}`)
  const all = [main, ...variations]
  const total = all.reduce((sum, v, i) => sum + (alloc[keyOf(v, i)] ?? 0), 0)
  const setAll = (next: Variation[], allocations: Record<string, number>) =>
    setData({ main_action: next[0], current_experiment: { ...exp, variations: next.slice(1), allocations } })
  const setMsg = (i: number, patch: Record<string, unknown>) =>
    setAll(
      all.map((v, j) =>
        j === i ? { ...v, data: { ...(v.data ?? {}), message: { ...(v.data?.message ?? {}), ...patch } } } : v,
      ),
      alloc,
    )
  const add = () => {
    const taken = new Set(all.map((v, i) => keyOf(v, i)))
    let n = all.length + 1
    while (taken.has(`variation-${n}`)) n++
    const key = `variation-${n}`
    const copy: Variation = { ...JSON.parse(JSON.stringify(main)), temporary_id: key }
    delete copy.id
    if (copy.data?.message)
      copy.data.message = {
        ...copy.data.message,
        id: undefined,
        name: `Variation ${String.fromCharCode(65 + all.length)}`,
      }
    setAll([...all, copy], { ...alloc, [key]: 0 })
  }
  const remove = (i: number) => {
    const key = keyOf(all[i]!, i)
    const rest = { ...alloc }
    delete rest[key]
    setAll(
      all.filter((_, j) => j !== i),
      rest,
    )
  }
  return (
    <>
      <Field label={t('abTest.status')}>
        <select
          className={styles.control}
          value={String(data.experiment_status ?? 'draft')}
          onChange={(e) => setData({ experiment_status: e.target.value })}
        >
          {['draft', 'live', 'completed'].map((x) => (
            <option key={x} value={x}>
              {t(`abTest.statuses.${x}`)}
            </option>
          ))}
        </select>
      </Field>
      {all.map((v, i) => {
        const key = keyOf(v, i)
        const msg = v.data?.message ?? {}
        return (
          <div key={key} className={styles.branch} data-testid="ab-variation">
            <div className={styles.row}>
              <input
                aria-label={t('abTest.name')}
                className={styles.control}
                value={String(msg.name ?? '')}
                onChange={(e) => setMsg(i, { name: e.target.value })}
              />
              <input
                aria-label={t('abTest.weight')}
                type="number"
                min={0}
                max={100}
                className={styles.controlSmall}
                value={alloc[key] ?? 0}
                onChange={(e) => setAll(all, { ...alloc, [key]: Number(e.target.value) })}
              />
              {i > 0 && (
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={t('abTest.remove')}
                  onClick={() => remove(i)}
                >
                  ×
                </button>
              )}
            </div>
            {v.type === 'send-email' && (
              <>
                <input
                  aria-label={t('message.subject')}
                  placeholder={t('message.subject')}
                  className={styles.control}
                  value={String(msg.subject_line ?? '')}
                  onChange={(e) => setMsg(i, { subject_line: e.target.value })}
                />
                <select
                  aria-label={t('message.template')}
                  className={styles.control}
                  value={String(msg.template_id ?? '')}
                  onChange={(e) => setMsg(i, { template_id: e.target.value || null })}
                >
                  <IdOptions
                    options={templates}
                    value={msg.template_id as string | null}
                    placeholder={t('message.chooseTemplate')}
                  />
                </select>
              </>
            )}
          </div>
        )
      })}
      {total !== 100 && <p className={styles.fieldError}>{t('abTest.weightsTotal', { total })}</p>}
      <Button size="small" onClick={add}>
        {t('abTest.add')}
      </Button>
      <div className={styles.row}>
        <Field label={t('abTest.winnerMetric')}>
          <select
            className={styles.control}
            value={String(data.winner_metric ?? 'open_rate')}
            onChange={(e) => setData({ winner_metric: e.target.value })}
          >
            {['open_rate', 'click_rate', 'placed_order_rate', 'manual'].map((m) => (
              <option key={m} value={m}>
                {t(`abTest.metrics.${m}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('abTest.window')}>
          <input
            type="number"
            min={1}
            className={styles.control}
            value={Number(data.winner_after_hours ?? 24)}
            onChange={(e) => setData({ winner_after_hours: Number(e.target.value) })}
          />
        </Field>
      </div>
    </>
  )
}

function SmartSending({ msg, setMsg }: MsgProps) {
  const t = useTranslations('flowBuilder')
  return (
    <label className={styles.check}>
      <input
        type="checkbox"
        checked={msg.smart_sending_enabled !== false}
        onChange={(e) => setMsg({ smart_sending_enabled: e.target.checked })}
      />
      {t('message.smartSending')}
    </label>
  )
}

function EmailFields({ msg, setMsg }: MsgProps) {
  const t = useTranslations('flowBuilder')
  const { data: templates } = useTemplateOptions()
  return (
    <>
      <FieldInput label={t('message.name')} record={msg} set={setMsg} field="name" />
      <FieldInput
        label={t('message.subject')}
        record={msg}
        set={setMsg}
        field="subject_line"
        data-testid="email-subject"
      />
      <FieldInput label={t('message.previewText')} record={msg} set={setMsg} field="preview_text" />
      <SenderFields
        msg={msg}
        setMsg={setMsg}
        labels={{ fromLabel: t('message.fromLabel'), fromEmail: t('message.fromEmail') }}
      />
      <Field label={t('message.template')}>
        <select
          className={styles.control}
          data-testid="email-template"
          value={String(msg.template_id ?? '')}
          onChange={(e) => setMsg({ template_id: e.target.value || null })}
        >
          <IdOptions
            options={templates}
            value={msg.template_id as string | null}
            placeholder={t('message.chooseTemplate')}
          />
        </select>
      </Field>
      {typeof msg.template_id === 'string' && msg.template_id && <EmailTemplatePreview templateId={msg.template_id} />}
      <SmartSending msg={msg} setMsg={setMsg} />
    </>
  )
}

function TextMessageFields({ type, msg, setMsg }: MsgProps & { type: string }) {
  const t = useTranslations('flowBuilder')
  return (
    <>
      <FieldInput label={t('message.name')} record={msg} set={setMsg} field="name" />
      {type === 'send-mobile-push' && <FieldInput label={t('message.title')} record={msg} set={setMsg} field="title" />}
      {type === 'send-whatsapp' && (
        <FieldInput label={t('message.whatsappTemplate')} record={msg} set={setMsg} field="vendor_id" emptyAsNull />
      )}
      <Field
        label={t('message.body')}
        hint={type === 'send-sms' ? t('message.smsHint', { count: String(msg.body ?? '').length }) : undefined}
      >
        <textarea
          className={styles.textarea}
          rows={5}
          data-testid="message-body"
          value={String(msg.body ?? '')}
          onChange={(e) => setMsg({ body: e.target.value })}
        />
      </Field>
      <SmartSending msg={msg} setMsg={setMsg} />
    </>
  )
}

function WebhookFields({ msg, setMsg }: MsgProps) {
  const t = useTranslations('flowBuilder')
  const headers = Object.entries((msg.headers ?? {}) as Record<string, string>)
  const setHeaders = (rows: Array<[string, string]>) => setMsg({ headers: Object.fromEntries(rows) })
  return (
    <>
      <FieldInput
        label={t('webhook.url')}
        record={msg}
        set={setMsg}
        field="url"
        emptyAsNull
        type="url"
        data-testid="webhook-url"
        placeholder="https://"
      />
      <span className={styles.label}>{t('webhook.headers')}</span>
      {headers.map(([k, v], i) => (
        <div key={i} className={styles.row}>
          <input
            aria-label={t('webhook.headerName')}
            className={styles.control}
            value={k}
            onChange={(e) => setHeaders(headers.map((h, j) => (j === i ? [e.target.value, h[1]] : h)))}
          />
          <input
            aria-label={t('webhook.headerValue')}
            className={styles.control}
            value={String(v)}
            onChange={(e) => setHeaders(headers.map((h, j) => (j === i ? [h[0], e.target.value] : h)))}
          />
          <button
            type="button"
            className={styles.iconButton}
            aria-label={t('webhook.removeHeader')}
            onClick={() => setHeaders(headers.filter((_, j) => j !== i))}
          >
            ×
          </button>
        </div>
      ))}
      <Button size="small" onClick={() => setHeaders([...headers, [`X-Header-${headers.length + 1}`, '']])}>
        {t('webhook.addHeader')}
      </Button>
      <Field label={t('webhook.body')} hint={t('webhook.bodyHint')}>
        <textarea
          className={styles.textarea}
          rows={8}
          value={String(msg.body ?? '')}
          onChange={(e) => setMsg({ body: e.target.value })}
        />
      </Field>
      <p className={styles.hint}>{t('webhook.signedHint')}</p>
    </>
  )
}

function AlertFields({ msg, setMsg }: MsgProps) {
  const t = useTranslations('flowBuilder')
  const to = Array.isArray(msg.to_emails) ? (msg.to_emails as string[]).join(', ') : ''
  return (
    <>
      <Field label={t('alert.to')} hint={t('alert.toHint')}>
        <input
          className={styles.control}
          value={to}
          onChange={(e) => setMsg({ to_emails: e.target.value.split(/[,\s]+/).filter(Boolean) })}
        />
      </Field>
      <FieldInput label={t('alert.subject')} record={msg} set={setMsg} field="subject_line" emptyAsNull />
      <FieldInput label={t('alert.fromLabel')} record={msg} set={setMsg} field="from_label" emptyAsNull />
    </>
  )
}

function ProfileOperations({ data, setData }: DataProps) {
  const t = useTranslations('flowBuilder')
  const ops = (Array.isArray(data.profile_operations) ? data.profile_operations : []) as Data[]
  const set = (next: Data[]) => setData({ profile_operations: next })
  const setOp = (i: number, patch: Data) => set(ops.map((o, j) => (j === i ? { ...o, ...patch } : o)))
  return (
    <>
      {ops.length === 0 && <p className={styles.muted}>{t('profileOps.none')}</p>}
      {ops.map((op, i) => {
        const del = op.operator === 'delete'
        const type = String(op.property_type ?? 'string')
        return (
          <div key={i} className={styles.condition} data-testid="profile-operation">
            <div className={styles.row}>
              <select
                aria-label={t('profileOps.operation')}
                className={styles.control}
                value={del ? 'delete' : String(op.operator ?? 'update')}
                onChange={(e) =>
                  setOp(
                    i,
                    e.target.value === 'delete'
                      ? { operator: 'delete', property_type: undefined, property_value: undefined }
                      : { operator: e.target.value, property_type: type, property_value: op.property_value ?? '' },
                  )
                }
              >
                {['update', 'create', 'delete'].map((o) => (
                  <option key={o} value={o}>
                    {t(`profileOps.operators.${o}`)}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className={styles.iconButton}
                aria-label={t('profileOps.remove')}
                onClick={() => set(ops.filter((_, j) => j !== i))}
              >
                ×
              </button>
            </div>
            <input
              aria-label={t('profileOps.property')}
              className={styles.control}
              placeholder={t('profileOps.property')}
              value={String(op.property_key ?? '')}
              onChange={(e) => setOp(i, { property_key: e.target.value })}
            />
            {!del && (
              <div className={styles.row}>
                <select
                  aria-label={t('profileOps.type')}
                  className={styles.control}
                  value={type}
                  onChange={(e) =>
                    setOp(i, {
                      property_type: e.target.value,
                      property_value:
                        e.target.value === 'numeric'
                          ? 0
                          : e.target.value === 'boolean'
                            ? true
                            : e.target.value === 'date'
                              ? 'today'
                              : '',
                    })
                  }
                >
                  {['string', 'numeric', 'boolean', 'date', 'list'].map((x) => (
                    <option key={x} value={x}>
                      {t(`profileOps.types.${x}`)}
                    </option>
                  ))}
                </select>
                {type === 'boolean' ? (
                  <select
                    aria-label={t('profileOps.value')}
                    className={styles.control}
                    value={String(op.property_value)}
                    onChange={(e) => setOp(i, { property_value: e.target.value === 'true' })}
                  >
                    <option value="true">true</option>
                    <option value="false">false</option>
                  </select>
                ) : (
                  <input
                    aria-label={t('profileOps.value')}
                    className={styles.control}
                    type={type === 'numeric' ? 'number' : 'text'}
                    value={String(op.property_value ?? '')}
                    onChange={(e) =>
                      setOp(i, { property_value: type === 'numeric' ? Number(e.target.value) : e.target.value })
                    }
                  />
                )}
              </div>
            )}
          </div>
        )
      })}
      <Button
        size="small"
        onClick={() =>
          set([...ops, { operator: 'update', property_type: 'string', property_key: '', property_value: '' }])
        }
      >
        {t('profileOps.add')}
      </Button>
    </>
  )
}

function ListUpdateFields({ data, setData }: DataProps) {
  const t = useTranslations('flowBuilder')
  const { data: lists } = useGroupOptions(0)
  return (
    <>
      <Field label={t('listUpdate.mode')}>
        <select
          className={styles.control}
          value={data.on_execution === false ? 'remove' : 'add'}
          onChange={(e) => setData({ on_execution: e.target.value === 'add' })}
        >
          <option value="add">{t('listUpdate.add')}</option>
          <option value="remove">{t('listUpdate.remove')}</option>
        </select>
      </Field>
      <Field label={t('listUpdate.list')}>
        <select
          className={styles.control}
          data-testid="list-update-list"
          value={String(data.list_id ?? '')}
          onChange={(e) =>
            setData({
              list_id: e.target.value || null,
              name: lists?.find((l) => l.id === e.target.value)?.name ?? data.name,
            })
          }
        >
          <IdOptions options={lists} value={data.list_id as string | null} placeholder={t('listUpdate.chooseList')} />
        </select>
      </Field>
    </>
  )
}

function CodeFields({ data, setData }: DataProps) {
  const t = useTranslations('flowBuilder')
  return (
    <>
      <Notification variant="info">{t('code.limits')}</Notification>
      <Field label={t('code.source')}>
        <textarea
          className={`${styles.textarea} ${styles.code}`}
          rows={14}
          spellCheck={false}
          data-testid="code-source"
          value={String(data.source_code ?? '')}
          onChange={(e) => setData({ source_code: e.target.value })}
        />
      </Field>
    </>
  )
}

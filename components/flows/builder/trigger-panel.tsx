'use client'
// The trigger's side panel: what starts the flow (a list, a segment, a metric with filters on
// its event properties, a profile date, a price drop or low inventory in the catalog with who
// hears of it), who may enter (the profile filter) and how often (re-entry).
import { useTranslations } from 'next-intl'
import { isUnsupported, type FlowDefinition, type FlowTrigger } from '@/lib/flows/definition'
import { Notification } from '@/components/ui/notification'
import { ConditionEditor, emptyFilter, type ConditionFilter } from './condition-editor'
import { useGroupOptions, useMetricOptions, usePropertyOptions } from './use-builder-options'
import { useBuilder } from './builder-context'
import { Field, IdOptions } from './panel-fields'
import styles from './builder.module.css'

const TRIGGER_TYPES = ['list', 'segment', 'metric', 'date', 'price-drop', 'low-inventory'] as const
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']

function newTrigger(type: string): FlowTrigger {
  switch (type) {
    case 'date':
      return {
        type: 'date',
        date_field_type: 'profile-property',
        date_profile_property: 'birthday',
        timedelta_value_before_date: 0,
        timedelta_unit_before_date: 'days',
        recurrence_frequency: 'annually',
        trigger_time: '09:00',
        timezone: 'profile',
      } as FlowTrigger
    case 'price-drop':
      return {
        type: 'price-drop',
        trigger_filter: null,
        price_drop_amount_value: 10,
        price_drop_amount_unit: 'percent',
        audience: ['viewed'],
        timeframe_days: 30,
      } as FlowTrigger
    case 'low-inventory':
      return {
        type: 'low-inventory',
        product_level: 'product',
        trigger_filter: null,
        inventory_count: 5,
        audience: ['viewed', 'added-to-cart', 'checkout-started'],
        timeframe_days: 30,
      } as FlowTrigger
    case 'metric':
      return { type: 'metric', id: null, trigger_filter: null }
    default:
      return { type, id: null } as FlowTrigger
  }
}

export function TriggerPanel() {
  const t = useTranslations('flowBuilder')
  const { def, dispatch, readOnly } = useBuilder()
  const trigger = def.triggers[0]
  const tr = trigger as (FlowTrigger & Record<string, unknown>) | undefined
  const set = (patch: Record<string, unknown>) =>
    dispatch({ type: 'update-trigger', trigger: { ...(trigger as object), ...patch } as FlowTrigger })
  const { data: lists } = useGroupOptions(0)
  const { data: segments } = useGroupOptions(1)
  const { data: metrics } = useMetricOptions()
  const { data: properties } = usePropertyOptions()

  return (
    <fieldset disabled={readOnly} className={styles.panelBody} data-testid="trigger-panel">
      <section className={styles.section}>
        <h3 className={styles.sectionTitle}>{t('trigger.heading')}</h3>
        {tr && isUnsupported(tr) && (
          <Notification variant="warning">{t('trigger.unsupportedBody', { type: tr.type })}</Notification>
        )}
        <Field label={t('trigger.type')}>
          <select
            className={styles.control}
            data-testid="trigger-type"
            value={tr && !isUnsupported(tr) ? tr.type : ''}
            onChange={(e) =>
              dispatch({ type: 'update-trigger', trigger: e.target.value ? newTrigger(e.target.value) : null })
            }
          >
            <option value="">{t('trigger.chooseType')}</option>
            {TRIGGER_TYPES.map((x) => (
              <option key={x} value={x}>
                {t(`trigger.types.${x === 'price-drop' ? 'priceDrop' : x === 'low-inventory' ? 'lowInventory' : x}`)}
              </option>
            ))}
          </select>
        </Field>
        {tr?.type === 'list' && (
          <Field label={t('trigger.list')}>
            <select
              className={styles.control}
              data-testid="trigger-list"
              value={String(tr.id ?? '')}
              onChange={(e) => set({ id: e.target.value || null })}
            >
              <IdOptions options={lists} value={tr.id as string | null} placeholder={t('trigger.chooseList')} />
            </select>
          </Field>
        )}
        {tr?.type === 'segment' && (
          <Field label={t('trigger.segment')}>
            <select
              className={styles.control}
              data-testid="trigger-segment"
              value={String(tr.id ?? '')}
              onChange={(e) => set({ id: e.target.value || null })}
            >
              <IdOptions options={segments} value={tr.id as string | null} placeholder={t('trigger.chooseSegment')} />
            </select>
          </Field>
        )}
        {tr?.type === 'metric' && (
          <>
            <Field label={t('trigger.metric')}>
              <select
                className={styles.control}
                data-testid="trigger-metric"
                value={String(tr.id ?? '')}
                onChange={(e) => set({ id: e.target.value || null })}
              >
                <IdOptions options={metrics} value={tr.id as string | null} placeholder={t('trigger.chooseMetric')} />
              </select>
            </Field>
            <h4 className={styles.subTitle}>{t('trigger.triggerFilters')}</h4>
            <ConditionEditor
              mode="event"
              metricId={(tr.id as string | null) ?? null}
              testId="trigger-filter"
              value={(tr.trigger_filter as ConditionFilter | null) ?? emptyFilter()}
              onChange={(f) => set({ trigger_filter: f.condition_groups.some((g) => g.conditions.length) ? f : null })}
            />
          </>
        )}
        {tr?.type === 'date' && !isUnsupported(tr) && (
          <>
            <Field label={t('trigger.dateProperty')}>
              <input
                className={styles.control}
                list="flow-date-properties"
                value={String(tr.date_profile_property ?? '')}
                onChange={(e) => set({ date_profile_property: e.target.value })}
              />
              <datalist id="flow-date-properties">
                {properties
                  ?.filter((p) => p.type === 'date')
                  .map((p) => (
                    <option key={p.name} value={p.name} />
                  ))}
              </datalist>
            </Field>
            <div className={styles.row}>
              <Field label={t('trigger.offset')}>
                <input
                  type="number"
                  className={styles.control}
                  value={Math.abs(Number(tr.timedelta_value_before_date ?? 0))}
                  onChange={(e) =>
                    set({
                      timedelta_value_before_date:
                        Math.sign(Number(tr.timedelta_value_before_date) || 1) * Math.abs(Number(e.target.value)),
                    })
                  }
                />
              </Field>
              <Field label={t('trigger.offsetUnit')}>
                <select
                  className={styles.control}
                  value={String(tr.timedelta_unit_before_date ?? 'days')}
                  onChange={(e) => set({ timedelta_unit_before_date: e.target.value })}
                >
                  {['days', 'weeks', 'months'].map((u) => (
                    <option key={u} value={u}>
                      {t(`trigger.dateUnits.${u}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={t('trigger.beforeAfter')}>
                <select
                  className={styles.control}
                  value={Number(tr.timedelta_value_before_date) < 0 ? 'after' : 'before'}
                  onChange={(e) =>
                    set({
                      timedelta_value_before_date:
                        (e.target.value === 'after' ? -1 : 1) * Math.abs(Number(tr.timedelta_value_before_date ?? 0)),
                    })
                  }
                >
                  <option value="before">{t('trigger.before')}</option>
                  <option value="after">{t('trigger.after')}</option>
                </select>
              </Field>
            </div>
            <div className={styles.row}>
              <Field label={t('trigger.recurrence')}>
                <select
                  className={styles.control}
                  value={String(tr.recurrence_frequency ?? 'annually')}
                  onChange={(e) => set({ recurrence_frequency: e.target.value })}
                >
                  {['annually', 'monthly', 'weekly', 'never'].map((u) => (
                    <option key={u} value={u}>
                      {t(`trigger.recurrences.${u}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={t('trigger.sendTime')}>
                <input
                  type="time"
                  className={styles.control}
                  value={String(tr.trigger_time ?? '09:00')}
                  onChange={(e) => set({ trigger_time: e.target.value })}
                />
              </Field>
            </div>
            <Field label={t('trigger.timezone')}>
              <input
                className={styles.control}
                value={String(tr.timezone ?? 'profile')}
                onChange={(e) => set({ timezone: e.target.value })}
              />
            </Field>
            <p className={styles.hint}>{t('trigger.timezoneHint')}</p>
            <Weekdays
              value={(tr.trigger_days as string[] | null | undefined) ?? null}
              onChange={(trigger_days) => set({ trigger_days })}
              label={t('trigger.allowedDays')}
            />
          </>
        )}
        {(tr?.type === 'price-drop' || tr?.type === 'low-inventory') && !isUnsupported(tr) && (
          <CatalogTriggerFields tr={tr} set={set} />
        )}
      </section>

      <section className={styles.section}>
        <h3 className={styles.sectionTitle}>{t('trigger.profileFilter')}</h3>
        <p className={styles.hint}>{t('trigger.profileFilterHint')}</p>
        <ConditionEditor
          mode="profile"
          testId="profile-filter"
          value={(def.profile_filter as ConditionFilter | null) ?? emptyFilter()}
          onChange={(f) =>
            dispatch({
              type: 'update-definition',
              patch: {
                profile_filter: f.condition_groups.some((g) => g.conditions.length)
                  ? (f as FlowDefinition['profile_filter'])
                  : null,
              },
            })
          }
        />
      </section>

      <section className={styles.section}>
        <h3 className={styles.sectionTitle}>{t('trigger.reentry')}</h3>
        <Reentry />
      </section>
    </fieldset>
  )
}

// reentry_criteria: null is the default; with unit alltime, duration 1 means never again and 0 means
// every time; otherwise once per duration × unit.
function Reentry() {
  const t = useTranslations('flowBuilder')
  const { def, dispatch } = useBuilder()
  const r = def.reentry_criteria ?? null
  const mode = !r ? 'default' : r.unit === 'alltime' ? (r.duration >= 1 ? 'once' : 'always') : 'after'
  const set = (reentry_criteria: FlowDefinition['reentry_criteria']) =>
    dispatch({ type: 'update-definition', patch: { reentry_criteria } })
  const choose = (m: string) =>
    set(
      m === 'default'
        ? null
        : m === 'once'
          ? { duration: 1, unit: 'alltime' }
          : m === 'always'
            ? { duration: 0, unit: 'alltime' }
            : { duration: 30, unit: 'day' },
    )
  return (
    <>
      <select
        className={styles.control}
        aria-label={t('trigger.reentry')}
        data-testid="reentry-mode"
        value={mode}
        onChange={(e) => choose(e.target.value)}
      >
        <option value="default">{t('trigger.reentryDefault')}</option>
        <option value="once">{t('trigger.reentryOnce')}</option>
        <option value="after">{t('trigger.reentryAfter')}</option>
        <option value="always">{t('trigger.reentryAlways')}</option>
      </select>
      {r && r.unit !== 'alltime' && (
        <div className={styles.row}>
          <input
            type="number"
            min={0}
            aria-label={t('trigger.reentryDuration')}
            className={styles.controlSmall}
            value={r.duration}
            onChange={(e) => set({ ...r, duration: Number(e.target.value) })}
          />
          <select
            aria-label={t('trigger.reentryUnit')}
            className={styles.control}
            value={r.unit}
            onChange={(e) => set({ ...r, unit: e.target.value as 'day' })}
          >
            {(['hour', 'day', 'week'] as const).map((u) => (
              <option key={u} value={u}>
                {t(`trigger.reentryUnits.${u}`)}
              </option>
            ))}
          </select>
        </div>
      )}
    </>
  )
}

const AUDIENCES: Record<'price-drop' | 'low-inventory', string[]> = {
  'price-drop': ['viewed', 'checkout-started'],
  'low-inventory': ['viewed', 'added-to-cart', 'checkout-started'],
}

/** Price drop and low inventory: how big a drop or how low the stock, and who hears of it (engaged with the item lately). */
function CatalogTriggerFields({
  tr,
  set,
}: {
  tr: FlowTrigger & Record<string, unknown>
  set: (patch: Record<string, unknown>) => void
}) {
  const t = useTranslations('flowBuilder')
  const kind = tr.type as 'price-drop' | 'low-inventory'
  const audience =
    Array.isArray(tr.audience) && tr.audience.length
      ? (tr.audience as string[])
      : kind === 'price-drop'
        ? ['viewed']
        : AUDIENCES[kind]
  const whole = (v: string, min: number) => Math.max(min, Math.floor(Number(v) || 0))
  return (
    <>
      {kind === 'price-drop' ? (
        <div className={styles.row}>
          <Field label={t('trigger.dropAtLeast')}>
            <input
              type="number"
              min={0}
              step="any"
              className={styles.control}
              data-testid="price-drop-value"
              value={Number(tr.price_drop_amount_value ?? 10)}
              onChange={(e) => set({ price_drop_amount_value: Math.max(0, Number(e.target.value) || 0) })}
            />
          </Field>
          <Field label={t('trigger.dropUnit')}>
            <select
              className={styles.control}
              data-testid="price-drop-unit"
              value={String(tr.price_drop_amount_unit ?? 'percent')}
              onChange={(e) => set({ price_drop_amount_unit: e.target.value })}
            >
              <option value="percent">{t('trigger.dropPercent')}</option>
              <option value="currency">{t('trigger.dropCurrency')}</option>
            </select>
          </Field>
        </div>
      ) : (
        <div className={styles.row}>
          <Field label={t('trigger.inventoryAtMost')}>
            <input
              type="number"
              min={0}
              className={styles.control}
              data-testid="low-inventory-count"
              value={Number(tr.inventory_count ?? 5)}
              onChange={(e) => set({ inventory_count: whole(e.target.value, 0) })}
            />
          </Field>
          <Field label={t('trigger.inventoryLevel')}>
            <select
              className={styles.control}
              value={String(tr.product_level ?? 'product')}
              onChange={(e) => set({ product_level: e.target.value })}
            >
              <option value="product">{t('trigger.levelProduct')}</option>
              <option value="variant">{t('trigger.levelVariant')}</option>
            </select>
          </Field>
        </div>
      )}
      <fieldset className={styles.weekdays} data-testid="catalog-audience">
        <legend className={styles.label}>{t('trigger.catalogAudience')}</legend>
        {AUDIENCES[kind].map((a) => (
          <label key={a} className={styles.weekday}>
            <input
              type="checkbox"
              checked={audience.includes(a)}
              onChange={(e) => {
                const next = e.target.checked
                  ? AUDIENCES[kind].filter((x) => audience.includes(x) || x === a)
                  : audience.filter((x) => x !== a)
                if (next.length) set({ audience: next })
              }}
            />
            {t(`trigger.audiences.${a}`)}
          </label>
        ))}
      </fieldset>
      <Field label={t('trigger.catalogTimeframe')}>
        <input
          type="number"
          min={1}
          max={365}
          className={styles.control}
          data-testid="catalog-timeframe"
          value={Number(tr.timeframe_days ?? 30)}
          onChange={(e) => set({ timeframe_days: Math.min(365, whole(e.target.value, 1)) })}
        />
      </Field>
      <p className={styles.hint}>
        {kind === 'price-drop' ? t('trigger.priceDropHint') : t('trigger.lowInventoryHint')}
      </p>
    </>
  )
}

export function Weekdays({
  value,
  onChange,
  label,
}: {
  value: string[] | null
  onChange: (v: string[] | null) => void
  label: string
}) {
  const t = useTranslations('flowBuilder')
  const on = value ?? WEEKDAYS
  return (
    <fieldset className={styles.weekdays}>
      <legend className={styles.label}>{label}</legend>
      {WEEKDAYS.map((d) => (
        <label key={d} className={styles.weekday}>
          <input
            type="checkbox"
            checked={on.includes(d)}
            onChange={(e) => {
              const next = e.target.checked
                ? WEEKDAYS.filter((x) => on.includes(x) || x === d)
                : on.filter((x) => x !== d)
              onChange(next.length === WEEKDAYS.length ? null : next)
            }}
          />
          {t(`weekdays.${d}`)}
        </label>
      ))}
    </fieldset>
  )
}

'use client'
// Condition groups in the vendor's shape: groups are joined by AND, the conditions of a group by
// OR. Profile conditions (profile filter, conditional split, split branches) cover the common
// kinds: a profile property, what someone has done (a metric count in a timeframe: received,
// opened, clicked …), list or segment membership, and "not in this flow"; event conditions (trigger
// filters, trigger splits) compare a property of the triggering event. Date properties take the
// vendor's date filters (before/after a date, relative windows, anniversaries, calendar month),
// and the region condition asks whether someone is in the EU or the US. Other kinds are kept
// and shown as unsupported.
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { useGroupOptions, useMetricOptions, usePropertyOptions, useEventProperties } from './use-builder-options'
import { IdOptions } from './panel-fields'
import styles from './builder.module.css'

type Cond = Record<string, unknown> & { type: string }
export interface ConditionFilter {
  condition_groups: Array<{ conditions: Cond[] }>
}

const PROFILE_KINDS = [
  'profile-property',
  'profile-metric',
  'profile-group-membership',
  'profile-not-in-flow',
  'profile-region',
] as const
const FILTER_TYPES = ['string', 'numeric', 'boolean', 'existence'] as const
const PROFILE_FILTER_TYPES = [...FILTER_TYPES, 'date'] as const
/** The vendor's date filter operators, grouped by the fields each needs. */
const DATE_OPERATORS = [
  'before',
  'after',
  'in-the-last',
  'at-least',
  'in-the-next',
  'anniversary',
  'anniversary-next',
  'anniversary-last',
  'anniversary-month',
  'calendar-month',
  'alltime',
] as const
const RELATIVE = new Set(['in-the-last', 'at-least', 'in-the-next', 'anniversary-next', 'anniversary-last'])
const OPERATORS: Record<string, string[]> = {
  string: ['equals', 'not-equals', 'contains', 'not-contains', 'starts-with', 'ends-with'],
  numeric: ['equals', 'not-equals', 'greater-than', 'greater-than-or-equal', 'less-than', 'less-than-or-equal'],
  boolean: ['equals'],
  existence: ['is-set', 'not-set'],
}

export function defaultFilter(type: string): Record<string, unknown> {
  if (type === 'numeric') return { type, operator: 'equals', value: 0 }
  if (type === 'boolean') return { type, operator: 'equals', value: true }
  if (type === 'existence') return { type, operator: 'is-set' }
  if (type === 'date') return { type, operator: 'anniversary' }
  return { type: 'string', operator: 'equals', value: '' }
}

export function newProfileCondition(kind: string): Cond {
  switch (kind) {
    case 'profile-metric':
      return {
        type: kind,
        metric_id: '',
        measurement: 'count',
        measurement_filter: { type: 'numeric', operator: 'greater-than-or-equal', value: 1 },
        timeframe_filter: { type: 'date', operator: 'alltime' },
      }
    case 'profile-group-membership':
      return { type: kind, is_member: true, group_ids: [] }
    case 'profile-not-in-flow':
      return { type: kind, timeframe_filter: { type: 'date', operator: 'alltime' } }
    case 'profile-region':
      return { type: kind, in_region: true, region: 'european_union' }
    default:
      return { type: 'profile-property', property: 'email', filter: defaultFilter('string') }
  }
}

export const emptyFilter = (): ConditionFilter => ({ condition_groups: [{ conditions: [] }] })

interface EditorProps {
  value: ConditionFilter | null | undefined
  onChange: (v: ConditionFilter) => void
  /** profile: profile conditions; event: properties of the given metric's events. */
  mode: 'profile' | 'event'
  metricId?: string | null
  testId?: string
}

export function ConditionEditor({ value, onChange, mode, metricId, testId }: EditorProps) {
  const t = useTranslations('flowBuilder.conditions')
  const groups = value?.condition_groups ?? []
  const set = (next: ConditionFilter['condition_groups']) =>
    onChange({ ...(value ?? {}), condition_groups: next.filter((g, i) => g.conditions.length || i === 0) })
  const add = (gi: number | null) => {
    const cond: Cond =
      mode === 'event'
        ? { type: 'metric-property', metric_id: metricId ?? '', field: '', filter: defaultFilter('string') }
        : newProfileCondition('profile-property')
    if (gi === null) set([...groups.filter((g) => g.conditions.length), { conditions: [cond] }])
    else set(groups.map((g, i) => (i === gi ? { conditions: [...g.conditions, cond] } : g)))
  }
  const update = (gi: number, ci: number, c: Cond | null) =>
    set(
      groups.map((g, i) =>
        i === gi
          ? { conditions: c ? g.conditions.map((x, j) => (j === ci ? c : x)) : g.conditions.filter((_, j) => j !== ci) }
          : g,
      ),
    )
  const any = groups.some((g) => g.conditions.length)
  return (
    <div className={styles.conditions} data-testid={testId}>
      {!any && <p className={styles.muted}>{mode === 'event' ? t('noEventConditions') : t('noConditions')}</p>}
      {groups.map(
        (g, gi) =>
          g.conditions.length > 0 && (
            <div key={gi} className={styles.conditionGroup}>
              {gi > 0 && <div className={styles.joiner}>{t('and')}</div>}
              {g.conditions.map((c, ci) => (
                <div key={ci}>
                  {ci > 0 && <div className={styles.joinerOr}>{t('or')}</div>}
                  {mode === 'event' ? (
                    <EventCondition cond={c} metricId={metricId ?? null} onChange={(n) => update(gi, ci, n)} />
                  ) : (
                    <ProfileCondition cond={c} onChange={(n) => update(gi, ci, n)} />
                  )}
                </div>
              ))}
              <Button size="small" variant="tertiary" onClick={() => add(gi)}>
                {t('addOr')}
              </Button>
            </div>
          ),
      )}
      <Button size="small" onClick={() => add(any ? null : 0)} data-testid={testId ? `${testId}-add` : undefined}>
        {any ? t('addAnd') : t('add')}
      </Button>
    </div>
  )
}

function Remove({ onClick }: { onClick: () => void }) {
  const t = useTranslations('flowBuilder.conditions')
  return (
    <button type="button" className={styles.iconButton} aria-label={t('remove')} onClick={onClick}>
      ×
    </button>
  )
}

function FilterFields({
  filter,
  onChange,
  types = FILTER_TYPES,
}: {
  filter: Record<string, unknown>
  onChange: (f: Record<string, unknown>) => void
  types?: readonly string[]
}) {
  const t = useTranslations('flowBuilder.conditions')
  const type = String(filter.type ?? 'string')
  const ops = OPERATORS[type] ?? OPERATORS.string!
  if (type === 'date') return <DateFilterFields filter={filter} onChange={onChange} types={types} />
  return (
    <div className={styles.row}>
      {types.length > 1 && (
        <select
          aria-label={t('valueType')}
          className={styles.control}
          value={type}
          onChange={(e) => onChange(defaultFilter(e.target.value))}
        >
          {types.map((x) => (
            <option key={x} value={x}>
              {t(`filterTypes.${x}`)}
            </option>
          ))}
        </select>
      )}
      <select
        aria-label={t('operator')}
        className={styles.control}
        value={String(filter.operator ?? ops[0])}
        onChange={(e) => onChange({ ...filter, operator: e.target.value })}
      >
        {ops.map((o) => (
          <option key={o} value={o}>
            {t(`operators.${o}`)}
          </option>
        ))}
      </select>
      {type === 'string' && (
        <input
          aria-label={t('value')}
          className={styles.control}
          value={String(filter.value ?? '')}
          onChange={(e) => onChange({ ...filter, value: e.target.value })}
        />
      )}
      {type === 'numeric' && (
        <input
          aria-label={t('value')}
          type="number"
          className={styles.control}
          value={Number(filter.value ?? 0)}
          onChange={(e) => onChange({ ...filter, value: Number(e.target.value) })}
        />
      )}
      {type === 'boolean' && (
        <select
          aria-label={t('value')}
          className={styles.control}
          value={String(filter.value ?? true)}
          onChange={(e) => onChange({ ...filter, value: e.target.value === 'true' })}
        >
          <option value="true">{t('true')}</option>
          <option value="false">{t('false')}</option>
        </select>
      )}
    </div>
  )
}

/** Today as YYYY-MM-DD in the browser, the default of a new static date. */
const today = () => new Date().toISOString().slice(0, 10)

function DateFilterFields({
  filter,
  onChange,
  types,
}: {
  filter: Record<string, unknown>
  onChange: (f: Record<string, unknown>) => void
  types: readonly string[]
}) {
  const t = useTranslations('flowBuilder.conditions')
  const op = String(filter.operator ?? 'anniversary')
  const setOperator = (operator: string) => {
    if (operator === 'before' || operator === 'after')
      onChange({ type: 'date', operator, date: `${today()}T00:00:00+00:00` })
    else if (RELATIVE.has(operator)) onChange({ type: 'date', operator, unit: 'day', quantity: 7 })
    else if (operator === 'calendar-month') onChange({ type: 'date', operator, value: new Date().getMonth() + 1 })
    else onChange({ type: 'date', operator })
  }
  return (
    <div className={styles.row}>
      {types.length > 1 && (
        <select
          aria-label={t('valueType')}
          className={styles.control}
          value="date"
          onChange={(e) => onChange(defaultFilter(e.target.value))}
        >
          {types.map((x) => (
            <option key={x} value={x}>
              {t(`filterTypes.${x}`)}
            </option>
          ))}
        </select>
      )}
      <select
        aria-label={t('operator')}
        className={`${styles.control} ${styles.controlWide}`}
        value={op}
        onChange={(e) => setOperator(e.target.value)}
      >
        {!(DATE_OPERATORS as readonly string[]).includes(op) && (
          <option value={op}>{t('unsupported', { type: op })}</option>
        )}
        {DATE_OPERATORS.map((o) => (
          <option key={o} value={o}>
            {t(`dateOperators.${o}`)}
          </option>
        ))}
      </select>
      {(op === 'before' || op === 'after') && (
        <input
          aria-label={t('date')}
          type="date"
          className={styles.control}
          value={String(filter.date ?? '').slice(0, 10)}
          onChange={(e) => e.target.value && onChange({ ...filter, date: `${e.target.value}T00:00:00+00:00` })}
        />
      )}
      {RELATIVE.has(op) && (
        <>
          <input
            aria-label={t('quantity')}
            type="number"
            min={0}
            className={styles.controlSmall}
            value={Number(filter.quantity ?? 7)}
            onChange={(e) => onChange({ ...filter, quantity: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
          />
          <select
            aria-label={t('unit')}
            className={styles.control}
            value={String(filter.unit ?? 'day')}
            onChange={(e) => onChange({ ...filter, unit: e.target.value })}
          >
            {['hour', 'day', 'week'].map((u) => (
              <option key={u} value={u}>
                {t(`units.${u}`)}
              </option>
            ))}
          </select>
          {op === 'at-least' && <span className={styles.muted}>{t('ago')}</span>}
        </>
      )}
      {op === 'calendar-month' && (
        <select
          aria-label={t('month')}
          className={styles.control}
          value={String(filter.value ?? 1)}
          onChange={(e) => onChange({ ...filter, value: Number(e.target.value) })}
        >
          {Array.from({ length: 12 }, (_, i) => (
            <option key={i} value={i + 1}>
              {t(`months.${i + 1}`)}
            </option>
          ))}
        </select>
      )}
    </div>
  )
}

function Timeframe({
  value,
  onChange,
  metric = false,
}: {
  value: Record<string, unknown> | undefined
  onChange: (v: Record<string, unknown>) => void
  metric?: boolean
}) {
  const t = useTranslations('flowBuilder.conditions')
  const op = String(value?.operator ?? 'alltime')
  return (
    <div className={styles.row}>
      <select
        aria-label={t('timeframe')}
        className={styles.control}
        value={op}
        onChange={(e) =>
          onChange(
            e.target.value === 'in-the-last' || e.target.value === 'at-least'
              ? { type: 'date', operator: e.target.value, unit: 'day', quantity: 30 }
              : { type: 'date', operator: e.target.value },
          )
        }
      >
        {!['alltime', 'in-the-last', 'at-least', 'flow-start'].includes(op) && (
          <option value={op}>{t('unsupported', { type: op })}</option>
        )}
        <option value="alltime">{t('alltime')}</option>
        <option value="in-the-last">{t('inTheLast')}</option>
        {metric && <option value="at-least">{t('atLeastAgo')}</option>}
        {metric && <option value="flow-start">{t('sinceFlowStart')}</option>}
      </select>
      {(op === 'in-the-last' || op === 'at-least') && (
        <>
          <input
            aria-label={t('quantity')}
            type="number"
            min={1}
            className={styles.controlSmall}
            value={Number(value?.quantity ?? 30)}
            onChange={(e) => onChange({ ...value, quantity: Number(e.target.value) })}
          />
          <select
            aria-label={t('unit')}
            className={styles.control}
            value={String(value?.unit ?? 'day')}
            onChange={(e) => onChange({ ...value, unit: e.target.value })}
          >
            {['hour', 'day', 'week'].map((u) => (
              <option key={u} value={u}>
                {t(`units.${u}`)}
              </option>
            ))}
          </select>
        </>
      )}
    </div>
  )
}

function ProfileCondition({ cond, onChange }: { cond: Cond; onChange: (c: Cond | null) => void }) {
  const t = useTranslations('flowBuilder.conditions')
  const { data: properties } = usePropertyOptions()
  const { data: metrics } = useMetricOptions()
  const { data: lists } = useGroupOptions(0)
  const { data: segments } = useGroupOptions(1)
  const known = (PROFILE_KINDS as readonly string[]).includes(cond.type)
  return (
    <div className={styles.condition} data-testid="flow-condition">
      <div className={styles.row}>
        <select
          aria-label={t('kind')}
          className={styles.control}
          value={known ? cond.type : ''}
          onChange={(e) => onChange(newProfileCondition(e.target.value))}
        >
          {!known && <option value="">{t('unsupported', { type: cond.type })}</option>}
          {PROFILE_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </select>
        <Remove onClick={() => onChange(null)} />
      </div>
      {cond.type === 'profile-property' && (
        <>
          <input
            aria-label={t('property')}
            className={styles.control}
            list="flow-profile-properties"
            value={String(cond.property ?? '')}
            onChange={(e) => onChange({ ...cond, property: e.target.value })}
          />
          <datalist id="flow-profile-properties">
            {properties?.map((p) => (
              <option key={p.name} value={p.builtIn ? p.name : `properties['${p.name}']`} />
            ))}
          </datalist>
          <FilterFields
            types={PROFILE_FILTER_TYPES}
            filter={(cond.filter ?? defaultFilter('string')) as Record<string, unknown>}
            onChange={(filter) => onChange({ ...cond, filter })}
          />
        </>
      )}
      {cond.type === 'profile-metric' && (
        <>
          <select
            aria-label={t('metric')}
            className={styles.control}
            value={String(cond.metric_id ?? '')}
            onChange={(e) => onChange({ ...cond, metric_id: e.target.value })}
          >
            <IdOptions options={metrics} value={cond.metric_id as string} placeholder={t('chooseMetric')} />
          </select>
          <FilterFields
            types={['numeric']}
            filter={(cond.measurement_filter ?? defaultFilter('numeric')) as Record<string, unknown>}
            onChange={(measurement_filter) => onChange({ ...cond, measurement_filter })}
          />
          <Timeframe
            metric
            value={cond.timeframe_filter as Record<string, unknown>}
            onChange={(timeframe_filter) => onChange({ ...cond, timeframe_filter })}
          />
        </>
      )}
      {cond.type === 'profile-group-membership' && (
        <div className={styles.row}>
          <select
            aria-label={t('membership')}
            className={styles.control}
            value={cond.is_member === false ? 'no' : 'yes'}
            onChange={(e) => onChange({ ...cond, is_member: e.target.value === 'yes' })}
          >
            <option value="yes">{t('isMember')}</option>
            <option value="no">{t('isNotMember')}</option>
          </select>
          <select
            aria-label={t('group')}
            className={styles.control}
            value={String((cond.group_ids as string[] | undefined)?.[0] ?? '')}
            onChange={(e) => onChange({ ...cond, group_ids: e.target.value ? [e.target.value] : [] })}
          >
            <option value="">{t('chooseGroup')}</option>
            {lists?.length ? (
              <optgroup label={t('lists')}>
                {lists.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {segments?.length ? (
              <optgroup label={t('segments')}>
                {segments.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </select>
        </div>
      )}
      {cond.type === 'profile-region' && (
        <div className={styles.row}>
          <select
            aria-label={t('membership')}
            className={styles.control}
            value={cond.in_region === false ? 'no' : 'yes'}
            onChange={(e) => onChange({ ...cond, in_region: e.target.value === 'yes' })}
          >
            <option value="yes">{t('isInRegion')}</option>
            <option value="no">{t('isNotInRegion')}</option>
          </select>
          <select
            aria-label={t('region')}
            className={styles.control}
            value={String(cond.region ?? 'european_union')}
            onChange={(e) => onChange({ ...cond, region: e.target.value })}
          >
            <option value="european_union">{t('regions.european_union')}</option>
            <option value="united_states">{t('regions.united_states')}</option>
          </select>
        </div>
      )}
      {cond.type === 'profile-not-in-flow' && (
        <Timeframe
          value={cond.timeframe_filter as Record<string, unknown>}
          onChange={(timeframe_filter) => onChange({ ...cond, timeframe_filter })}
        />
      )}
    </div>
  )
}

function EventCondition({
  cond,
  metricId,
  onChange,
}: {
  cond: Cond
  metricId: string | null
  onChange: (c: Cond | null) => void
}) {
  const t = useTranslations('flowBuilder.conditions')
  const { data: props } = useEventProperties(metricId)
  if (cond.type !== 'metric-property') {
    return (
      <div className={styles.condition}>
        <div className={styles.row}>
          <span>{t('unsupported', { type: cond.type })}</span>
          <Remove onClick={() => onChange(null)} />
        </div>
      </div>
    )
  }
  return (
    <div className={styles.condition} data-testid="flow-event-condition">
      <div className={styles.row}>
        <input
          aria-label={t('eventProperty')}
          className={styles.control}
          list="flow-event-properties"
          value={String(cond.field ?? '')}
          placeholder={t('eventPropertyPlaceholder')}
          onChange={(e) => onChange({ ...cond, metric_id: metricId ?? cond.metric_id, field: e.target.value })}
        />
        <Remove onClick={() => onChange(null)} />
      </div>
      <datalist id="flow-event-properties">
        {props?.map((p) => (
          <option key={p.name} value={p.name} />
        ))}
      </datalist>
      <FilterFields
        filter={(cond.filter ?? defaultFilter('string')) as Record<string, unknown>}
        onChange={(filter) => onChange({ ...cond, filter })}
      />
    </div>
  )
}

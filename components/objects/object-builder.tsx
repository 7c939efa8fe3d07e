'use client'
// /objects/{build|edit}/{step}/{objectId?}: the custom object builder — name and key, fields and
// their types (with where each is in a source record), the data source and profile link, review
// and save. The step is in the URL (replaced as the user moves, so a reload stays on it).
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import useSWR, { mutate } from 'swr'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { FormError } from '@/components/ui/form-error'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { TextField } from '@/components/ui/text-field'
import { http } from '@/lib/client/http'
import type { ObjectsListResponse } from '@/app/ajax/objects/route'
import {
  BUILDER_STEPS,
  FIELD_TYPES,
  PROFILE_ID_TYPES,
  type BuilderStep,
  type FieldType,
  type ProfileIdType,
} from '@/lib/custom-objects/types'
import { OBJECTS_KEY } from './objects-list'
import styles from './objects.module.css'

const RAW = { transformKeys: false } as const
const get = <T,>(url: string) => http.get<T>(url, RAW).then((r) => r.data)

interface Draft {
  title: string
  key: string
  fields: Array<{ name: string; type: FieldType; path: string }>
  dataSourceId: string
  idPath: string
  profileIdType: ProfileIdType | ''
  profilePath: string
}
type Loaded = Omit<Draft, 'dataSourceId' | 'profileIdType' | 'profilePath'> & {
  id: string
  dataSourceId: string | null
  profileIdType: ProfileIdType | null
  profilePath: string | null
}

const EMPTY: Draft = {
  title: '',
  key: '',
  fields: [{ name: '', type: 'string', path: '' }],
  dataSourceId: '',
  idPath: 'id',
  profileIdType: '',
  profilePath: '',
}

export function ObjectBuilder({
  mode,
  step,
  objectId,
}: {
  mode: 'build' | 'edit'
  step: BuilderStep
  objectId?: string
}) {
  const t = useTranslations('customObjects')
  const key = mode === 'edit' && objectId ? `${OBJECTS_KEY}/${encodeURIComponent(objectId)}` : null
  const { data, error } = useSWR(key, get<Loaded>)
  const title = mode === 'edit' ? t('editTitle') : t('buildTitle')
  if (key && error) return <EmptyState heading={t('errorTitle')} body={t('errorBody')} />
  if (key && !data)
    return (
      <div className={styles.loading}>
        <Spinner />
      </div>
    )
  const initial: Draft = data
    ? {
        ...data,
        fields: data.fields.length ? data.fields : EMPTY.fields,
        dataSourceId: data.dataSourceId ?? '',
        profileIdType: data.profileIdType ?? '',
        profilePath: data.profilePath ?? '',
      }
    : EMPTY
  return (
    <Page>
      <PageHead title={title} />
      <PageBody>
        <BuilderForm mode={mode} firstStep={step} objectId={objectId} initial={initial} />
      </PageBody>
    </Page>
  )
}

function BuilderForm(props: { mode: 'build' | 'edit'; firstStep: BuilderStep; objectId?: string; initial: Draft }) {
  const t = useTranslations('customObjects')
  const router = useRouter()
  const [step, setStep] = useState<BuilderStep>(props.firstStep)
  const [draft, setDraft] = useState<Draft>(props.initial)
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [saving, setSaving] = useState(false)
  const [failed, setFailed] = useState<string | null>(null)
  const { data: list } = useSWR(OBJECTS_KEY, get<ObjectsListResponse>)
  const go = (s: BuilderStep) => {
    setStep(s)
    const tail = props.objectId ? `/${encodeURIComponent(props.objectId)}` : ''
    window.history.replaceState(null, '', `/objects/${props.mode}/${s}${tail}`)
  }
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }))
  const setField = (i: number, patch: Partial<Draft['fields'][number]>) =>
    set({ fields: draft.fields.map((f, j) => (j === i ? { ...f, ...patch } : f)) })
  const idx = BUILDER_STEPS.indexOf(step)
  const err = (k: string) => errors[k]?.[0]

  async function save() {
    setSaving(true)
    setFailed(null)
    setErrors({})
    const body = {
      title: draft.title,
      ...(draft.key ? { key: draft.key } : {}),
      fields: draft.fields.filter((f) => f.name.trim()).map((f) => ({ ...f, path: f.path || undefined })),
      dataSourceId: draft.dataSourceId || null,
      idPath: draft.idPath || 'id',
      profileIdType: draft.profileIdType || null,
      profilePath: draft.profilePath || null,
    }
    try {
      if (props.objectId) await http.put(`${OBJECTS_KEY}/${encodeURIComponent(props.objectId)}`, body, RAW)
      else await http.post(OBJECTS_KEY, body, RAW)
      await mutate(OBJECTS_KEY)
      router.push('/objects')
    } catch (e) {
      const fe = (e as { data?: { fieldErrors?: Record<string, string[]> } }).data?.fieldErrors
      if (fe) setErrors(fe)
      setFailed(t('saveFailed'))
      setSaving(false)
    }
  }

  return (
    <>
      <ol className={styles.steps} aria-label={t('stepsLabel')}>
        {BUILDER_STEPS.map((s, i) => (
          <li key={s}>
            <button type="button" aria-current={s === step ? 'step' : undefined} onClick={() => go(s)}>
              {i + 1}. {t(`step.${s}`)}
            </button>
          </li>
        ))}
      </ol>
      <Card title={t(`step.${step}`)}>
        <div className={styles.form} data-testid={`object-step-${step}`}>
          {step === 'name' && (
            <>
              <TextField
                label={t('nameLabel')}
                name="title"
                value={draft.title}
                error={err('title')}
                onChange={(e) => set({ title: e.target.value })}
                required
              />
              <TextField
                label={t('keyLabel')}
                name="key"
                value={draft.key}
                hint={t('keyHint')}
                error={err('key')}
                onChange={(e) => set({ key: e.target.value.toLowerCase() })}
              />
            </>
          )}
          {step === 'fields' && (
            <>
              {draft.fields.map((f, i) => (
                <div key={i} className={styles.fieldRow}>
                  <TextField
                    label={t('fieldName')}
                    name={`field-${i}-name`}
                    value={f.name}
                    error={err(`fields.${i}.name`)}
                    onChange={(e) => setField(i, { name: e.target.value })}
                  />
                  <Select
                    label={t('fieldType')}
                    name={`field-${i}-type`}
                    value={f.type}
                    options={FIELD_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))}
                    onChange={(e) => setField(i, { type: e.target.value as FieldType })}
                  />
                  <TextField
                    label={t('fieldPath')}
                    name={`field-${i}-path`}
                    value={f.path}
                    placeholder={f.name || undefined}
                    onChange={(e) => setField(i, { path: e.target.value })}
                  />
                  <Button
                    type="button"
                    variant="tertiary"
                    onClick={() => set({ fields: draft.fields.filter((_, j) => j !== i) })}
                    disabled={draft.fields.length === 1}
                  >
                    {t('removeField')}
                  </Button>
                </div>
              ))}
              <div>
                <Button
                  type="button"
                  onClick={() => set({ fields: [...draft.fields, { name: '', type: 'string', path: '' }] })}
                >
                  {t('addField')}
                </Button>
              </div>
            </>
          )}
          {step === 'profile' && (
            <>
              <Select
                label={t('sourceLabel')}
                name="dataSourceId"
                value={draft.dataSourceId}
                error={err('dataSourceId')}
                options={[
                  { value: '', label: t('noSource') },
                  ...(list?.sources ?? []).map((s) => ({ value: s.id, label: s.title })),
                ]}
                onChange={(e) => set({ dataSourceId: e.target.value })}
              />
              <TextField
                label={t('idPathLabel')}
                name="idPath"
                value={draft.idPath}
                error={err('idPath')}
                onChange={(e) => set({ idPath: e.target.value })}
              />
              <Select
                label={t('profileIdLabel')}
                name="profileIdType"
                value={draft.profileIdType}
                options={[
                  { value: '', label: t('noProfileLink') },
                  ...PROFILE_ID_TYPES.map((v) => ({ value: v, label: t(`identifier.${v}`) })),
                ]}
                onChange={(e) => set({ profileIdType: e.target.value as ProfileIdType | '' })}
              />
              {draft.profileIdType && (
                <TextField
                  label={t('profilePathLabel')}
                  name="profilePath"
                  value={draft.profilePath}
                  error={err('profilePath')}
                  onChange={(e) => set({ profilePath: e.target.value })}
                />
              )}
            </>
          )}
          {step === 'review' && (
            <dl className={styles.review}>
              <dt>{t('nameLabel')}</dt>
              <dd>{draft.title || '—'}</dd>
              <dt>{t('keyLabel')}</dt>
              <dd>{draft.key || t('keyAuto')}</dd>
              <dt>{t('colFields')}</dt>
              <dd>
                {draft.fields
                  .filter((f) => f.name.trim())
                  .map((f) => `${f.name} (${t(`type.${f.type}`)})`)
                  .join(', ') || '—'}
              </dd>
              <dt>{t('sourceLabel')}</dt>
              <dd>{list?.sources.find((s) => s.id === draft.dataSourceId)?.title ?? t('noSource')}</dd>
              <dt>{t('profileIdLabel')}</dt>
              <dd>
                {draft.profileIdType
                  ? `${t(`identifier.${draft.profileIdType}`)} · ${draft.profilePath}`
                  : t('noProfileLink')}
              </dd>
            </dl>
          )}
          <FormError>{failed}</FormError>
          <div className={styles.actions}>
            {idx > 0 && (
              <Button type="button" onClick={() => go(BUILDER_STEPS[idx - 1]!)}>
                {t('back')}
              </Button>
            )}
            {idx < BUILDER_STEPS.length - 1 ? (
              <Button type="button" variant="primary" onClick={() => go(BUILDER_STEPS[idx + 1]!)}>
                {t('next')}
              </Button>
            ) : (
              <Button type="button" variant="primary" loading={saving} onClick={save}>
                {t('save')}
              </Button>
            )}
          </div>
        </div>
      </Card>
    </>
  )
}

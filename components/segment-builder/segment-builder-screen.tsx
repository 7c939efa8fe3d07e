'use client'
// /lists/create/segment (and editing a segment's definition): the condition builder with a
// live estimate of how many profiles match, then save.
import { useMemo, useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { readHttpFailure } from '@/components/auth/http-failure'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { groupHref } from '@/components/lists/slug'
import type { SegmentDefinition } from '@/lib/segments/definition'
import { DEFINITION_LIMITS } from '@/lib/segments/definition-limits'
import {
  definitionToState,
  emptyGroup,
  emptyState,
  isComplete,
  mapServerErrors,
  stateIssues,
  toDefinition,
  type BuilderState,
  type GroupState,
  type MappedErrors,
} from './definition-state'
import { ConditionGroupCard } from './condition-group'
import { PreviewPanel } from './preview-panel'
import { useSegmentPreview } from './use-segment-preview'
import { useListOptions, useMetricOptions, usePropertyOptions } from './use-builder-options'
import styles from './builder.module.css'

export const MAX_SEGMENT_NAME = 255
const NO_ERRORS: MappedErrors = { conditions: {}, groups: {}, other: [] }

export interface SegmentBuilderScreenProps {
  /** Editing an existing segment; absent when creating one. */
  segment?: { id: string; name: string; definition: SegmentDefinition }
}

export function SegmentBuilderScreen({ segment }: SegmentBuilderScreenProps) {
  const t = useTranslations('segmentBuilder')
  const router = useRouter()
  const toast = useToast()
  const canWrite = usePermission('groups_write')
  const [name, setName] = useState(segment?.name ?? '')
  const [state, setState] = useState<BuilderState>(() =>
    segment ? definitionToState(segment.definition) : emptyState(),
  )
  const [touched, setTouched] = useState<Set<string>>(new Set())
  const [submitted, setSubmitted] = useState(false)
  const [nameError, setNameError] = useState<string | undefined>()
  const [saveErrors, setSaveErrors] = useState<MappedErrors>(NO_ERRORS)
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const metrics = useMetricOptions()
  const properties = usePropertyOptions()
  const lists = useListOptions()
  const options = { metrics: metrics.data, properties: properties.data, lists: lists.data }

  const complete = isComplete(state)
  const definition = useMemo(() => (complete ? toDefinition(state) : null), [complete, state])
  const preview = useSegmentPreview(definition)
  const previewErrors = useMemo(() => mapServerErrors(state, preview.fieldErrors), [state, preview.fieldErrors])
  const serverErrors = { ...previewErrors.conditions, ...saveErrors.conditions }
  const groupErrors = { ...previewErrors.groups, ...saveErrors.groups }
  const otherErrors = [...new Set([...previewErrors.other, ...saveErrors.other])]

  function change(next: BuilderState) {
    setState(next)
    if (saveErrors !== NO_ERRORS) setSaveErrors(NO_ERRORS)
    setFormError(null)
  }
  const updateGroup = (key: string, next: GroupState) =>
    change({ ...state, groups: state.groups.map((g) => (g.key === key ? next : g)) })
  const removeGroup = (key: string) => {
    const groups = state.groups.filter((g) => g.key !== key)
    change({ ...state, groups: groups.length ? groups : [emptyGroup()] })
  }
  const rootJoin = state.rootType === 'and' ? t('joinAnd') : t('joinOr')
  // The builder never makes a definition the server refuses for its size.
  const total = state.groups.reduce((n, g) => n + g.conditions.length, 0)
  const roomLeft = total < DEFINITION_LIMITS.conditions

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setSubmitted(true)
    setFormError(null)
    const trimmed = name.trim()
    const badName = !trimmed
      ? t('nameRequired')
      : trimmed.length > MAX_SEGMENT_NAME
        ? t('nameTooLong', { max: MAX_SEGMENT_NAME })
        : undefined
    setNameError(badName)
    if (badName || !complete) {
      if (!complete) setFormError(t('fixConditions', { count: Object.keys(stateIssues(state)).length }))
      return
    }
    setSaving(true)
    try {
      const def = toDefinition(state)
      const res = segment
        ? await http.patch<{ group: { id: string; name: string } }>(`/ajax/group/${encodeURIComponent(segment.id)}`, {
            name: trimmed,
            definition: def,
          })
        : await http.post<{ group: { id: string; name: string } }>('/ajax/group', {
            name: trimmed,
            type: 1,
            definition: def,
          })
      toast.show({
        variant: 'success',
        content: segment ? t('savedToast', { name: trimmed }) : t('createdToast', { name: trimmed }),
      })
      router.push(groupHref(res.data.group))
    } catch (err) {
      const failure = readHttpFailure(err)
      const { name: nameMsg, ...rest } = failure.fieldErrors
      if (nameMsg) setNameError(nameMsg)
      const mapped = mapServerErrors(state, rest)
      setSaveErrors(mapped)
      if (!nameMsg && !Object.keys(rest).length) setFormError(failure.message ?? t('saveError'))
      else if (Object.keys(rest).length) setFormError(t('serverRejected'))
      setSaving(false)
    }
  }

  const optionsFailed = metrics.error || properties.error || lists.error

  return (
    <Page width="full">
      <form onSubmit={save} noValidate>
        <PageHead
          title={segment ? t('editTitle') : t('createTitle')}
          description={t('description')}
          actions={
            <>
              <LinkButton href={segment ? groupHref(segment) : '/lists'}>{t('cancel')}</LinkButton>
              <Button type="submit" variant="primary" loading={saving} disabled={!canWrite} data-testid="segment-save">
                {segment ? t('saveChanges') : t('save')}
              </Button>
            </>
          }
        />
        <PageBody>
          {!canWrite && <Notification variant="warning">{t('noWritePermission')}</Notification>}
          <div className={styles.layout}>
            <div className={styles.main}>
              <Card>
                <TextField
                  label={t('nameLabel')}
                  name="segmentName"
                  value={name}
                  placeholder={t('namePlaceholder')}
                  error={nameError}
                  onChange={(e) => {
                    setName(e.target.value)
                    setNameError(undefined)
                  }}
                  disabled={!canWrite}
                  autoFocus={!segment}
                  data-testid="segment-name"
                />
              </Card>
              {optionsFailed && <Notification variant="warning">{t('optionsError')}</Notification>}
              {formError && (
                <Notification variant="error" title={formError}>
                  {otherErrors.length > 0 && otherErrors.join(' ')}
                </Notification>
              )}
              {!formError && otherErrors.length > 0 && (
                <Notification variant="error">{otherErrors.join(' ')}</Notification>
              )}
              {state.groups.map((g, i) => (
                <div key={g.key}>
                  {i > 0 && (
                    <div className={styles.rootConnector}>
                      <button
                        type="button"
                        className={`${styles.pill} ${state.rootType === 'and' ? styles.pillAnd : ''}`}
                        disabled={!canWrite}
                        onClick={() => change({ ...state, rootType: state.rootType === 'and' ? 'or' : 'and' })}
                        aria-label={t('toggleJoin', { join: rootJoin })}
                        title={t('toggleJoin', { join: rootJoin })}
                        data-testid="root-join"
                      >
                        {rootJoin}
                      </button>
                    </div>
                  )}
                  <ConditionGroupCard
                    group={g}
                    index={i}
                    onChange={(next) => updateGroup(g.key, next)}
                    onRemove={() => removeGroup(g.key)}
                    canRemove={state.groups.length > 1}
                    touched={touched}
                    onTouch={(key) => setTouched((s) => (s.has(key) ? s : new Set(s).add(key)))}
                    showAllIssues={submitted}
                    serverErrors={serverErrors}
                    groupError={groupErrors[g.key]}
                    options={options}
                    disabled={!canWrite}
                    canAdd={roomLeft && g.conditions.length < DEFINITION_LIMITS.itemsPerGroup}
                  />
                </div>
              ))}
              {roomLeft && state.groups.length < DEFINITION_LIMITS.itemsPerGroup && (
                <div>
                  <Button
                    onClick={() => change({ ...state, groups: [...state.groups, emptyGroup()] })}
                    disabled={!canWrite}
                    data-testid="add-group"
                  >
                    {t('addGroup', { join: rootJoin })}
                  </Button>
                </div>
              )}
            </div>
            <aside className={styles.aside}>
              <PreviewPanel preview={preview} complete={complete} />
              <Card title={t('helpTitle')}>
                <p className={styles.previewHint}>{t('helpBody')}</p>
              </Card>
            </aside>
          </div>
        </PageBody>
      </form>
    </Page>
  )
}

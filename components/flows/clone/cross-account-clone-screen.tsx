'use client'
// /flow/{flowId}/cross-account-clone/{select,name,map,review} (seed 001 §2.13): copy a flow into
// another account the user belongs to: choose the account, name the copy, map the lists,
// segments and metrics it uses to the target account's (or create them), review and start; the
// clone runs in the background and is polled until it is done (seed 002 §3.1 clone statuses).
import { Fragment, useState } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { isHttpError } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Button, LinkButton } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { Spinner } from '@/components/ui/spinner'
import { getJson, getWithParams } from '@/components/lists/fetcher'
import { flowsApi, waitForClone } from '@/components/flows/list/flows-api'
import { CLONE_STEPS, useCloneChoices, type CloneStep } from './clone-state'
import styles from './clone.module.css'

interface Reference {
  kind: 'list' | 'segment' | 'group' | 'metric'
  id: string
  name: string | null
  suggestions: Array<{ id: string; name: string; kind: string }>
  suggestedTargetId: string | null
  canCreate: boolean
}

export function CrossAccountCloneScreen({ flowId, step }: { flowId: string; step: CloneStep }) {
  const t = useTranslations('flowClone')
  const router = useRouter()
  const enc = encodeURIComponent(flowId)
  // Built from parts: every step of CLONE_STEPS is a registered, built route.
  const stepHref = (s: CloneStep) => ['', 'flow', enc, 'cross-account-clone', s].join('/')
  const go = (s: CloneStep) => router.push(stepHref(s))
  const { choices, update, clear } = useCloneChoices(flowId)
  const details = useSWR(`/ajax/flow/${enc}/details`, getJson<{ flow: { name: string } }>)
  const accounts = useSWR(
    `/ajax/flow/${enc}/clone/accounts`,
    getJson<{ accounts: Array<{ companyId: number; name: string }> }>,
  )
  const target = choices?.targetCompanyId
  const refs = useSWR(
    target && (step === 'map' || step === 'review')
      ? ([`/ajax/flow/${enc}/clone/references`, { targetCompanyId: target }] as const)
      : null,
    getWithParams<{ references: Reference[]; templatesCopied: number }>,
  )
  const [state, setState] = useState<{
    phase: 'idle' | 'running' | 'done' | 'error'
    message?: string
    fieldErrors?: Record<string, string[]>
  }>({ phase: 'idle' })
  const [nameError, setNameError] = useState<string | null>(null)
  const flowName = details.data?.flow.name ?? ''
  const defaultName = flowName ? t('defaultName', { name: flowName }) : ''
  const stepIndex = CLONE_STEPS.indexOf(step)

  const chosen = (r: Reference) =>
    choices?.mapping?.[`${r.kind}:${r.id}`] ?? r.suggestedTargetId ?? (r.canCreate ? 'create' : '')

  async function start() {
    if (!target) return
    setState({ phase: 'running' })
    try {
      const mapping = (refs.data?.references ?? [])
        .map((r) => ({ kind: r.kind, id: r.id, targetId: chosen(r) }))
        .filter((m) => m.targetId)
      const { statusKey } = await flowsApi.startClone(flowId, {
        name: choices?.name || defaultName || undefined,
        targetCompanyId: target,
        mapping,
      })
      await waitForClone(statusKey, { timeoutMs: 120_000 })
      clear()
      setState({ phase: 'done' })
    } catch (e) {
      const d = isHttpError(e) ? (e.data as { message?: string; fieldErrors?: Record<string, string[]> } | null) : null
      setState({ phase: 'error', message: d?.message ?? t('cloneFailed'), fieldErrors: d?.fieldErrors })
    }
  }

  const notFound = isHttpError(details.error) && details.error.status === 404
  const loading = !choices || (!details.data && !details.error)

  let body: React.ReactNode
  if (notFound) body = <Notification variant="error" title={t('flowNotFound')} />
  else if (loading) body = <Spinner label={t('loading')} />
  else if (step !== 'select' && !target)
    body = (
      <Notification
        variant="info"
        title={t('chooseAccountFirst')}
        action={{ label: t('toSelect'), href: `/flow/${enc}/cross-account-clone/select` }}
      />
    )
  else if (step === 'select') {
    const list = accounts.data?.accounts ?? []
    body = accounts.error ? (
      <Notification variant="error" title={t('loadError')} />
    ) : !accounts.data ? (
      <Spinner label={t('loading')} />
    ) : !list.length ? (
      <EmptyState
        heading={t('noAccountsTitle')}
        body={t('noAccountsBody')}
        actions={<LinkButton href="/flows">{t('backToFlows')}</LinkButton>}
      />
    ) : (
      <fieldset className={styles.options}>
        <legend className={styles.legend}>{t('selectLegend')}</legend>
        {list.map((a) => (
          <label key={a.companyId} className={styles.option} data-checked={target === a.companyId}>
            <input
              type="radio"
              name="account"
              checked={target === a.companyId}
              onChange={() => update({ targetCompanyId: a.companyId, targetName: a.name, mapping: {} })}
            />
            <span>{a.name}</span>
          </label>
        ))}
        <div className={styles.nav}>
          <Button variant="primary" disabled={!target} onClick={() => go('name')} data-testid="clone-next">
            {t('next')}
          </Button>
        </div>
      </fieldset>
    )
  } else if (step === 'name') {
    body = (
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          const n = (choices?.name ?? defaultName).trim()
          if (!n) {
            setNameError(t('nameRequired'))
            return
          }
          update({ name: n })
          go('map')
        }}
      >
        <TextField
          label={t('nameLabel')}
          name="name"
          value={choices?.name ?? defaultName}
          maxLength={255}
          error={nameError ?? undefined}
          hint={t('nameHint', { account: choices?.targetName ?? '' })}
          onChange={(e) => update({ name: e.target.value })}
          data-testid="clone-name"
        />
        <div className={styles.nav}>
          <Button onClick={() => go('select')}>{t('back')}</Button>
          <Button type="submit" variant="primary" data-testid="clone-next">
            {t('next')}
          </Button>
        </div>
      </form>
    )
  } else if (step === 'map') {
    const list = refs.data?.references ?? []
    body = refs.error ? (
      <Notification variant="error" title={t('loadError')} />
    ) : !refs.data ? (
      <Spinner label={t('loading')} />
    ) : (
      <div className={styles.form}>
        {list.length === 0 ? (
          <p className={styles.muted}>{t('nothingToMap')}</p>
        ) : (
          <div className={styles.mapList}>
            {list.map((r) => (
              <Select
                key={`${r.kind}:${r.id}`}
                name={`map-${r.kind}-${r.id}`}
                label={t('mapLabel', { kind: r.kind, name: r.name ?? r.id })}
                value={chosen(r)}
                onChange={(e) =>
                  update({ mapping: { ...(choices?.mapping ?? {}), [`${r.kind}:${r.id}`]: e.target.value } })
                }
                options={[
                  ...(chosen(r) === '' ? [{ value: '', label: t('choose') }] : []),
                  ...r.suggestions.map((s) => ({ value: s.id, label: s.name })),
                  ...(r.canCreate ? [{ value: 'create', label: t('createNamed', { name: r.name ?? r.id }) }] : []),
                ]}
              />
            ))}
          </div>
        )}
        {refs.data.templatesCopied > 0 && (
          <p className={styles.muted}>{t('templatesCopied', { count: refs.data.templatesCopied })}</p>
        )}
        <div className={styles.nav}>
          <Button onClick={() => go('name')}>{t('back')}</Button>
          <Button
            variant="primary"
            disabled={list.some((r) => !chosen(r))}
            onClick={() => go('review')}
            data-testid="clone-next"
          >
            {t('next')}
          </Button>
        </div>
      </div>
    )
  } else {
    const list = refs.data?.references ?? []
    const label = (r: Reference) => {
      const c = chosen(r)
      return c === 'create' ? t('willCreate') : (r.suggestions.find((s) => s.id === c)?.name ?? c)
    }
    body =
      state.phase === 'done' ? (
        <Notification variant="success" title={t('doneTitle')}>
          {t('doneBody', { name: choices?.name || defaultName, account: choices?.targetName ?? '' })}
        </Notification>
      ) : (
        <div className={styles.form}>
          <dl className={styles.review}>
            <dt>{t('reviewAccount')}</dt>
            <dd>{choices?.targetName}</dd>
            <dt>{t('reviewName')}</dt>
            <dd>{choices?.name || defaultName}</dd>
            {list.map((r) => (
              <Fragment key={`${r.kind}:${r.id}`}>
                <dt>{r.name ?? r.id}</dt>
                <dd>{label(r)}</dd>
              </Fragment>
            ))}
          </dl>
          {state.phase === 'error' && <Notification variant="error" title={state.message ?? t('cloneFailed')} />}
          {state.phase === 'running' && (
            <p className={styles.muted} role="status">
              {t('running')}
            </p>
          )}
          <div className={styles.nav}>
            <Button onClick={() => go('map')} disabled={state.phase === 'running'}>
              {t('back')}
            </Button>
            <Button
              variant="primary"
              loading={state.phase === 'running'}
              onClick={() => void start()}
              data-testid="clone-start"
            >
              {t('start')}
            </Button>
          </div>
        </div>
      )
  }

  return (
    <Page>
      <PageHead
        title={t('title')}
        description={flowName ? t('description', { name: flowName }) : undefined}
        actions={<LinkButton href="/flows">{t('backToFlows')}</LinkButton>}
      />
      <PageBody>
        <ol className={styles.stepper} aria-label={t('stepsLabel')}>
          {CLONE_STEPS.map((s, i) => (
            <li key={s} aria-current={s === step ? 'step' : undefined} data-done={i < stepIndex}>
              {i < stepIndex && target ? (
                <Link href={stepHref(s)}>{t(`step.${s}`)}</Link>
              ) : (
                <span>{t(`step.${s}`)}</span>
              )}
            </li>
          ))}
        </ol>
        <section className={styles.panel}>{body}</section>
      </PageBody>
    </Page>
  )
}

'use client'
// The cross-account clone of a template (/template/{id}/cross-account-clone, /accounts, /rename,
// /review), a campaign (/campaign/{id}/cross-account-clone/{select,name,map,review}) and a list
// or segment (/list/{groupId}/cross-account-clone-setup/{step}): choose an account where your
// role can create it, name the copy, map its lists, segments, metrics and coupons to the target's
// (same name suggested, any can be chosen by hand, lists and metrics can be created), review and
// start. The copy is made in the background as a draft; this page waits for it and links to it.
import { Fragment, useState } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http, isHttpError } from '@/lib/client/http'
import { getJsonAsIs, getWithParams } from '@/components/lists/fetcher'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Button, LinkButton } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { Spinner } from '@/components/ui/spinner'
import { openInAccount } from '../portfolio-api'
import { useCloneChoices } from './clone-choices'
import styles from '../portfolio.module.css'

export type CloneKind = 'template' | 'campaign' | 'list'
/** What a step does; "mapReview" is the template's review, which maps its coupons too. */
export type StepRole = 'select' | 'name' | 'map' | 'review' | 'mapReview'
export interface WizardStep {
  slug: string
  role: StepRole
  href: string
}

interface Reference {
  key: string
  kind: 'list' | 'segment' | 'metric' | 'coupon'
  id: string
  name: string
  options: Array<{ id: string; name: string }>
  suggestedTargetId: string | null
  canCreate: boolean
}
interface Job {
  jobId: number
  status: 'pending' | 'running' | 'done' | 'error'
  resultId: string | null
  error: string | null
}
type Problem = { message?: string; fieldErrors?: Record<string, string[]> }

const RESULT_HREF: Record<CloneKind, (id: string) => string> = {
  template: (id) => `/email-editor/${encodeURIComponent(id)}/edit`,
  campaign: (id) => `/campaign/${encodeURIComponent(id)}/wizard`,
  list: (id) => `/list/${encodeURIComponent(id)}`,
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function waitForJob(jobId: number): Promise<Job> {
  const until = Date.now() + 120_000
  for (;;) {
    const { data } = await http.get<Job>(`/ajax/cross-account-clone/jobs/${jobId}`, { transformKeys: false })
    if (data.status === 'done' || data.status === 'error' || Date.now() > until) return data
    await sleep(1000)
  }
}

export function CrossAccountCloneWizard({
  kind,
  sourceId,
  steps,
  step,
  backHref,
}: {
  kind: CloneKind
  sourceId: string
  steps: WizardStep[]
  step: string
  backHref: string
}) {
  const t = useTranslations('crossAccountClone')
  const router = useRouter()
  const base = `/ajax/cross-account-clone/${kind}/${encodeURIComponent(sourceId)}`
  const { choices, update, clear } = useCloneChoices(kind, sourceId)
  const accounts = useSWR(
    `${base}/accounts`,
    getJsonAsIs<{ name: string; accounts: Array<{ companyId: number; name: string }> }>,
  )
  const current = steps.find((s) => s.slug === step) ?? steps[0]!
  const index = steps.indexOf(current)
  const target = choices?.targetCompanyId
  const needsRefs = current.role === 'map' || current.role === 'review' || current.role === 'mapReview'
  const refs = useSWR(
    target && needsRefs ? ([`${base}/references`, { targetCompanyId: target }] as const) : null,
    getWithParams<{ references: Reference[] }>,
  )
  const [nameError, setNameError] = useState<string | null>(null)
  // The target is kept here too: the stored choices are cleared once the copy is made.
  const [run, setRun] = useState<{
    phase: 'idle' | 'running' | 'done' | 'error'
    problem?: Problem
    job?: Job
    target?: { companyId: number; name: string }
  }>({ phase: 'idle' })
  const sourceName = accounts.data?.name ?? ''
  const defaultName = sourceName ? t('defaultName', { name: sourceName }) : ''
  const go = (i: number) => router.push(steps[i]!.href)
  const chosen = (r: Reference) => choices?.mapping?.[r.key] ?? r.suggestedTargetId ?? (r.canCreate ? 'create' : '')

  async function start() {
    if (!target) return
    const requestId = choices?.requestId ?? crypto.randomUUID()
    update({ requestId })
    setRun({ phase: 'running' })
    try {
      const mapping = (refs.data?.references ?? [])
        .map((r) => ({ key: r.key, targetId: chosen(r) }))
        .filter((m) => m.targetId)
      const { data } = await http.post<Job>(
        base,
        { requestId, targetCompanyId: target, name: choices?.name || defaultName, mapping },
        { transformKeys: false },
      )
      const job = await waitForJob(data.jobId)
      if (job.status === 'done') {
        setRun({ phase: 'done', job, target: { companyId: target, name: choices?.targetName ?? '' } })
        clear()
      } else {
        // A failed job is not retried with the same request id (it would answer the failure).
        update({ requestId: undefined })
        setRun({ phase: 'error', problem: { message: job.error ?? t('failed') } })
      }
    } catch (e) {
      update({ requestId: undefined })
      setRun({ phase: 'error', problem: isHttpError(e) ? (e.data as Problem) : { message: t('failed') } })
    }
  }

  const mapFields = (list: Reference[]) =>
    list.length === 0 ? (
      <p className={styles.muted}>{t('nothingToMap')}</p>
    ) : (
      list.map((r) => (
        <Select
          key={r.key}
          name={`map-${r.key}`}
          label={t('mapLabel', { kind: r.kind, name: r.name })}
          value={chosen(r)}
          error={run.problem?.fieldErrors?.[`mapping.${r.key}`]?.[0]}
          onChange={(e) => update({ mapping: { ...(choices?.mapping ?? {}), [r.key]: e.target.value } })}
          options={[
            ...(chosen(r) === '' ? [{ value: '', label: t('choose') }] : []),
            ...r.options.map((o) => ({ value: o.id, label: o.name })),
            ...(r.canCreate ? [{ value: 'create', label: t('createNamed', { name: r.name }) }] : []),
          ]}
        />
      ))
    )

  const nav = (next?: () => void, nextDisabled = false) => (
    <div className={styles.row}>
      {index > 0 && <Button onClick={() => go(index - 1)}>{t('back')}</Button>}
      {next && (
        <Button variant="primary" disabled={nextDisabled} onClick={next}>
          {t('next')}
        </Button>
      )}
    </div>
  )

  let body: React.ReactNode
  const notFound = isHttpError(accounts.error) && accounts.error.status === 404
  if (run.phase === 'done' && run.job?.resultId && run.target) {
    const { companyId, name } = run.target
    const href = RESULT_HREF[kind](run.job.resultId)
    body = (
      <Notification variant="success" title={t('doneTitle')}>
        <p>{t('doneBody', { account: name })}</p>
        <Button variant="primary" onClick={() => void openInAccount(companyId, href)}>
          {t('openCopy')}
        </Button>
      </Notification>
    )
  } else if (notFound) body = <Notification variant="error" title={t('notFound')} />
  else if (accounts.error) body = <Notification variant="error" title={t('loadError')} />
  else if (!choices || !accounts.data) body = <Spinner label={t('loading')} />
  else if (current.role !== 'select' && !target)
    body = (
      <Notification
        variant="info"
        title={t('chooseAccountFirst')}
        action={{ label: t('toSelect'), href: steps[0]!.href }}
      />
    )
  else if (current.role === 'select') {
    const list = accounts.data.accounts
    body = !list.length ? (
      <EmptyState
        heading={t('noAccountsTitle')}
        body={t('noAccountsBody')}
        actions={<LinkButton href={backHref}>{t('backToSource')}</LinkButton>}
      />
    ) : (
      <div className={styles.form}>
        <fieldset className={styles.options}>
          <legend>{t('selectLegend')}</legend>
          {list.map((a) => (
            <label key={a.companyId} className={styles.option}>
              <input
                type="radio"
                name="account"
                checked={target === a.companyId}
                onChange={() => update({ targetCompanyId: a.companyId, targetName: a.name, mapping: {} })}
              />
              <span>{a.name}</span>
            </label>
          ))}
        </fieldset>
        {nav(() => go(index + 1), !target)}
      </div>
    )
  } else if (current.role === 'name') {
    body = (
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          const n = (choices.name ?? defaultName).trim()
          if (!n) return setNameError(t('nameRequired'))
          update({ name: n })
          go(index + 1)
        }}
      >
        <TextField
          label={t('nameLabel')}
          name="name"
          value={choices.name ?? defaultName}
          maxLength={255}
          error={nameError ?? undefined}
          hint={t('nameHint', { account: choices.targetName ?? '' })}
          onChange={(e) => update({ name: e.target.value })}
        />
        <div className={styles.row}>
          <Button onClick={() => go(index - 1)}>{t('back')}</Button>
          <Button type="submit" variant="primary">
            {t('next')}
          </Button>
        </div>
      </form>
    )
  } else if (refs.error) body = <Notification variant="error" title={t('loadError')} />
  else if (!refs.data) body = <Spinner label={t('loading')} />
  else if (current.role === 'map') {
    const list = refs.data.references
    body = (
      <div className={styles.form}>
        {mapFields(list)}
        {nav(
          () => go(index + 1),
          list.some((r) => !chosen(r)),
        )}
      </div>
    )
  } else {
    const list = refs.data.references
    const label = (r: Reference) => {
      const c = chosen(r)
      return c === 'create' ? t('willCreate') : (r.options.find((o) => o.id === c)?.name ?? t('notChosen'))
    }
    body = (
      <div className={styles.form}>
        <dl>
          <dt>{t('reviewAccount')}</dt>
          <dd>{choices.targetName}</dd>
          <dt>{t('reviewName')}</dt>
          <dd>{choices.name || defaultName}</dd>
          {current.role === 'review' &&
            list.map((r) => (
              <Fragment key={r.key}>
                <dt>{r.name}</dt>
                <dd>{label(r)}</dd>
              </Fragment>
            ))}
        </dl>
        {current.role === 'mapReview' && mapFields(list)}
        <p className={styles.muted}>{t('whatIsCopied')}</p>
        {run.phase === 'error' && <Notification variant="error" title={run.problem?.message ?? t('failed')} />}
        {run.phase === 'running' && (
          <p className={styles.muted} role="status">
            {t('running')}
          </p>
        )}
        <div className={styles.row}>
          <Button onClick={() => go(index - 1)} disabled={run.phase === 'running'}>
            {t('back')}
          </Button>
          <Button
            variant="primary"
            disabled={run.phase === 'running' || list.some((r) => !chosen(r))}
            onClick={() => void start()}
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
        title={t(`title.${kind}`)}
        description={sourceName ? t('description', { name: sourceName }) : undefined}
        actions={<LinkButton href={backHref}>{t('backToSource')}</LinkButton>}
      />
      <PageBody>
        <ol className={styles.tabs} aria-label={t('stepsLabel')}>
          {steps.map((s, i) => (
            <li key={s.slug}>
              {i < index && target ? (
                <Link href={s.href}>{t(`step.${s.role}`)}</Link>
              ) : (
                <span aria-current={s === current ? 'step' : undefined}>{t(`step.${s.role}`)}</span>
              )}
            </li>
          ))}
        </ol>
        <section>{body}</section>
      </PageBody>
    </Page>
  )
}

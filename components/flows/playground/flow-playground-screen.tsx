'use client'
// /flow/playground: try a flow on one profile at a chosen moment and see the path it would take —
// each step, the branch a split takes and why, when a delay would wake, and whether each message
// would be sent, skipped or deferred by the sending policy. Nothing is sent or written.
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { EmptyState } from '@/components/ui/empty-state'
import { readHttpFailure } from '@/components/auth/http-failure'
import type { PlaygroundOptionsResponse, PlaygroundRunResponse } from '@/lib/flows/playground-run'
import styles from '../code/flow-code.module.css'

export function FlowPlaygroundScreen() {
  const t = useTranslations('flowPlayground')
  const format = useFormatter()
  const opts = useSWR('/ajax/flow/playground', (u: string) =>
    http.get<PlaygroundOptionsResponse>(u).then((r) => r.data),
  )
  const [flowId, setFlowId] = useState('')
  const [profile, setProfile] = useState('')
  const [at, setAt] = useState('')
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [result, setResult] = useState<PlaygroundRunResponse | null>(null)

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setBusy(true)
    setErrors({})
    const q = new URLSearchParams({ flowId: flowId || opts.data?.flows[0]?.id || '', profile: profile.trim() })
    if (at) q.set('at', new Date(at).toISOString())
    try {
      setResult((await http.get<PlaygroundRunResponse>(`/ajax/flow/playground/run?${q}`)).data)
    } catch (err) {
      const f = readHttpFailure(err)
      setResult(null)
      setErrors(Object.keys(f.fieldErrors).length ? f.fieldErrors : { _form: f.message ?? t('runError') })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <div className={styles.stack}>
          {opts.error && (
            <Notification variant="error" action={{ label: t('retry'), onClick: () => void opts.mutate() }}>
              {t('loadError')}
            </Notification>
          )}
          {!opts.data && !opts.error && <Spinner size="large" label={t('loading')} />}
          {opts.data && opts.data.flows.length === 0 && <EmptyState heading={t('noFlows')} body={t('noFlowsBody')} />}
          {opts.data && opts.data.flows.length > 0 && (
            <Card>
              <form className={styles.stack} onSubmit={(e) => void submit(e)} noValidate data-testid="playground-form">
                <Select
                  label={t('flow')}
                  name="flowId"
                  value={flowId || opts.data.flows[0]!.id}
                  error={errors.flowId}
                  onChange={(e) => setFlowId(e.target.value)}
                  options={opts.data.flows.map((f) => ({ value: f.id, label: f.name }))}
                />
                <TextField
                  label={t('profile')}
                  name="profile"
                  value={profile}
                  hint={t('profileHint')}
                  error={errors.profile}
                  onChange={(e) => setProfile(e.target.value)}
                />
                <TextField
                  label={t('at')}
                  name="at"
                  type="datetime-local"
                  value={at}
                  hint={t('atHint')}
                  error={errors.at}
                  onChange={(e) => setAt(e.target.value)}
                />
                {errors._form && <Notification variant="error">{errors._form}</Notification>}
                <div>
                  <Button type="submit" variant="primary" loading={busy} data-testid="playground-run">
                    {t('run')}
                  </Button>
                </div>
              </form>
            </Card>
          )}
          {result && (
            <Card title={t('pathTitle', { email: result.profile.email ?? result.profile.id })}>
              <p>
                {t('asOf', { at: format.dateTime(new Date(result.at), { dateStyle: 'medium', timeStyle: 'short' }) })}{' '}
                {result.path.qualifies ? (
                  <Badge variant="success">{t('qualifies')}</Badge>
                ) : (
                  <Badge>{t('filtered')}</Badge>
                )}
              </p>
              {result.path.filterReasons.length > 0 && <p>{result.path.filterReasons.join(' · ')}</p>}
              <ol className={styles.errors} data-testid="playground-steps">
                {result.path.steps.map((s, i) => (
                  <li key={`${s.actionId}-${i}`}>
                    <strong>{s.type}</strong> — {s.result}
                    {s.branch ? ` (${s.branch})` : ''}
                    {s.wakeAt
                      ? ` · ${t('wakes', { at: format.dateTime(new Date(s.wakeAt), { dateStyle: 'medium', timeStyle: 'short' }) })}`
                      : ''}
                    {s.send
                      ? ` · ${s.send.channel}: ${s.send.decision}${s.send.reason ? ` (${s.send.reason})` : ''}`
                      : ''}
                    {s.reasons.length > 0 && <div>{s.reasons.join(' · ')}</div>}
                  </li>
                ))}
              </ol>
              <p>{t('end', { end: result.path.end })}</p>
            </Card>
          )}
        </div>
      </PageBody>
    </Page>
  )
}

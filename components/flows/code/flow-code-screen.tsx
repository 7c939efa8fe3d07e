'use client'
// /flow/code (the account's flows, and a new flow from JSON) and /flow/code/{flowId} (a flow's definition as JSON): edit
// the definition as text and save it through the builder's own save call, so the same schema and
// checks apply (cycles, dangling links, unknown lists and metrics …) and a refused definition
// saves nothing. Errors show with their JSON pointer; a save against an older version is refused.
import { useState } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button, LinkButton } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { EmptyState } from '@/components/ui/empty-state'
import { useToast } from '@/components/shell/toasts'
import { http, isHttpError } from '@/lib/client/http'
import type { FlowDefinition } from '@/lib/flows/definition'
import type { PlaygroundOptionsResponse } from '@/lib/flows/playground-run'
import { editUrl, flowBuilderApi, isConflict, saveErrorsOf, type SaveError, type SaveResult } from '../builder/api'
import styles from './flow-code.module.css'

const STARTER: FlowDefinition = { triggers: [], actions: [], entry_action_id: null }

export function FlowCodeScreen({ flowId }: { flowId?: string }) {
  const t = useTranslations('flowCode')
  const { data, error, mutate } = useSWR(flowId ? editUrl(flowId) : null, () => flowBuilderApi.load(flowId!))
  if (flowId && error)
    return (
      <Page>
        <PageHead title={t('title')} />
        <PageBody>
          {isHttpError(error) && error.status === 404 ? (
            <EmptyState
              heading={t('notFound')}
              body={t('notFoundBody')}
              actions={<LinkButton href="/flows">{t('toFlows')}</LinkButton>}
            />
          ) : (
            <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
              {t('loadError')}
            </Notification>
          )}
        </PageBody>
      </Page>
    )
  if (flowId && !data)
    return (
      <Page>
        <PageHead title={t('title')} />
        <PageBody>
          <Spinner size="large" label={t('loading')} />
        </PageBody>
      </Page>
    )
  return (
    <CodeEditor
      key={data ? `${data.flow.id}:${data.flow.version}` : 'new'}
      flowId={flowId}
      name={data?.flow.name ?? ''}
      version={data?.flow.version ?? 0}
      definition={data?.definition ?? STARTER}
    />
  )
}

function CodeEditor(props: { flowId?: string; name: string; version: number; definition: FlowDefinition }) {
  const t = useTranslations('flowCode')
  const toast = useToast()
  const router = useRouter()
  const canSave = usePermission(props.flowId ? 'flows_write' : 'flows_create')
  const [name, setName] = useState(props.name)
  const [text, setText] = useState(() => JSON.stringify(props.definition, null, 2))
  const [version, setVersion] = useState(props.version)
  const [errors, setErrors] = useState<SaveError[]>([])
  const [busy, setBusy] = useState(false)

  async function save() {
    let definition: FlowDefinition
    try {
      definition = JSON.parse(text) as FlowDefinition
    } catch (e) {
      setErrors([{ pointer: '', message: t('badJson', { detail: e instanceof Error ? e.message : '' }) }])
      return
    }
    if (!props.flowId && !name.trim()) return setErrors([{ pointer: '/name', message: t('nameRequired') }])
    setBusy(true)
    setErrors([])
    try {
      const r = props.flowId
        ? await flowBuilderApi.save({ flowId: props.flowId, definition, expectedVersion: version })
        : await http
            .post<SaveResult>('/ajax/flow/encoded', { name: name.trim(), definition }, { transformKeys: false })
            .then((res) => res.data)
      toast.show({ variant: 'success', content: t('saved', { version: r.version }) })
      if (!props.flowId) router.push(`/flow/code/${encodeURIComponent(r.flowId)}`)
      else {
        setVersion(r.version)
        setText(JSON.stringify(r.definition, null, 2))
      }
    } catch (e) {
      if (isConflict(e)) setErrors([{ pointer: '', message: t('conflict') }])
      else setErrors(saveErrorsOf(e) ?? [{ pointer: '', message: t('saveError') }])
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page width="full">
      <PageHead
        title={props.flowId ? t('titleOf', { name: props.name }) : t('newTitle')}
        description={t('description')}
        actions={
          <div className={styles.actions}>
            {props.flowId && (
              <LinkButton href={`/flow/${encodeURIComponent(props.flowId)}/edit`}>{t('openBuilder')}</LinkButton>
            )}
            {canSave && (
              <Button variant="primary" loading={busy} onClick={() => void save()} data-testid="flow-code-save">
                {t('save')}
              </Button>
            )}
          </div>
        }
      />
      <PageBody>
        <div className={styles.stack}>
          {!canSave && <Notification variant="info">{t('readOnly')}</Notification>}
          {errors.length > 0 && (
            <Notification variant="error">
              <ul className={styles.errors} data-testid="flow-code-errors">
                {errors.map((e, i) => (
                  <li key={i}>
                    {e.pointer && <code>{e.pointer}</code>} {e.message}
                  </li>
                ))}
              </ul>
            </Notification>
          )}
          {!props.flowId && <FlowCodeIndex />}
          {!props.flowId && (
            <TextField
              label={t('name')}
              name="name"
              value={name}
              maxLength={255}
              onChange={(e) => setName(e.target.value)}
            />
          )}
          <Card>
            <label className={styles.label} htmlFor="flow-json">
              {props.flowId ? t('jsonLabelVersion', { version }) : t('jsonLabel')}
            </label>
            <textarea
              id="flow-json"
              className={styles.code}
              spellCheck={false}
              readOnly={!canSave}
              value={text}
              onChange={(e) => setText(e.target.value)}
              data-testid="flow-code-json"
            />
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}

/** /flow/code lists the account's flows, each opening its code view, above the new-flow editor. */
function FlowCodeIndex() {
  const t = useTranslations('flowCode')
  const { data } = useSWR('/ajax/flow/playground', (u: string) =>
    http.get<PlaygroundOptionsResponse>(u).then((r) => r.data),
  )
  if (!data?.flows.length) return null
  return (
    <Card title={t('existing')}>
      <ul className={styles.errors} data-testid="flow-code-index">
        {data.flows.map((f) => (
          <li key={f.id}>
            <Link href={`/flow/code/${encodeURIComponent(f.id)}`}>{f.name}</Link>
          </li>
        ))}
      </ul>
    </Card>
  )
}

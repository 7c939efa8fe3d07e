'use client'
// The flow builder (/flow/{flowId}/edit, issue 9 §4): loads the flow with GET /ajax/flow/{id}/edit,
// edits the definition in the browser (a reducer with undo and redo), saves the whole definition
// with POST /ajax/flow/encoded (a version conflict asks to reload; field errors are pinned to the
// nodes their pointers name), and refreshes the live counts of profiles at each step every 10 s.
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { ReactFlowProvider } from '@xyflow/react'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { isHttpError } from '@/lib/client/http'
import { EmptyState } from '@/components/ui/empty-state'
import { Spinner } from '@/components/ui/spinner'
import { Notification } from '@/components/ui/notification'
import { Modal } from '@/components/ui/modal'
import { Button } from '@/components/ui/button'
import { actionLinks } from '@/lib/flows/definition'
import {
  flowBuilderApi,
  editUrl,
  FLOW_STATUS_CODES,
  isConflict,
  saveErrorsOf,
  statusNameOf,
  type FlowEditData,
  type SaveError,
} from './api'
import { builderReducer, canRedo, canUndo, findAction, initialState, isDirty, isSplit, TRIGGER } from './builder-state'
import { BuilderContext, type BuilderContextValue } from './builder-context'
import { labelOf, nodeForPointer } from './flow-graph'
import { FlowCanvas } from './flow-canvas'
import { BuilderHeader } from './builder-header'
import { SidePanel } from './side-panel'
import frame from '@/components/ui/editor-bar.module.css'
import styles from './builder.module.css'

export function FlowBuilderScreen({ flowId }: { flowId: string }) {
  const t = useTranslations('flowBuilder')
  // The counts refresh every 10 s; the definition is taken from the first answer only.
  const { data, error, mutate } = useSWR<FlowEditData>(editUrl(flowId), () => flowBuilderApi.load(flowId), {
    refreshInterval: 10_000,
    revalidateOnFocus: false,
  })
  const [loaded, setLoaded] = useState<{ data: FlowEditData; at: number } | null>(null)
  // Adjusting state while rendering (not in an effect): the first answer becomes the editor's start.
  if (data && !loaded) setLoaded({ data, at: 1 })
  if (error && !loaded) {
    const missing = isHttpError(error) && error.status === 404
    return (
      <div className={frame.centered}>
        <EmptyState
          heading={missing ? t('notFound') : t('loadError')}
          actions={<Link href="/flows">{t('backToFlows')}</Link>}
        />
      </div>
    )
  }
  if (!loaded)
    return (
      <div className={frame.centered}>
        <Spinner size="large" />
      </div>
    )
  return (
    <ReactFlowProvider>
      <LoadedBuilder
        key={loaded.at}
        initial={loaded.data}
        counts={data?.counts ?? loaded.data.counts}
        latest={data ?? loaded.data}
        onReload={async () => {
          const fresh = await mutate()
          if (fresh) setLoaded((l) => ({ data: fresh, at: (l?.at ?? 0) + 1 }))
        }}
      />
    </ReactFlowProvider>
  )
}

function LoadedBuilder({
  initial,
  counts,
  latest,
  onReload,
}: {
  initial: FlowEditData
  counts: FlowEditData['counts']
  latest: FlowEditData
  onReload: () => Promise<void>
}) {
  const t = useTranslations('flowBuilder')
  const toast = useToast()
  const canWrite = usePermission('flows_write')
  const canReport = usePermission('flows_reporting')
  const [state, dispatch] = useReducer(builderReducer, initial.definition, initialState)
  const [flow, setFlow] = useState(initial.flow)
  const [errors, setErrors] = useState<SaveError[]>([])
  const [conflict, setConflict] = useState(false)
  const [saving, setSaving] = useState(false)
  const [savedAt, setSavedAt] = useState<Date | null>(null)
  const [addingAt, setAddingAt] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<string | null>(null)
  const [issuesHidden, setIssuesHidden] = useState(false)
  const abort = useRef<AbortController | null>(null)
  const dirty = isDirty(state)
  const readOnly = !canWrite || flow.archived
  const flowIsLive = flow.status === FLOW_STATUS_CODES.live

  useEffect(() => {
    if (!dirty) return
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault()
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  // Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y); inside a text field the browser's own undo applies.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || readOnly) return
      const el = e.target as HTMLElement | null
      if (el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.isContentEditable)) return
      const k = e.key.toLowerCase()
      if (k === 'z' && !e.shiftKey) {
        e.preventDefault()
        dispatch({ type: 'undo' })
      } else if ((k === 'z' && e.shiftKey) || k === 'y') {
        e.preventDefault()
        dispatch({ type: 'redo' })
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [readOnly])

  const errorsByNode = useMemo(() => {
    const m = new Map<string, SaveError[]>()
    for (const e of errors) {
      const node = nodeForPointer(state.def, e.pointer) ?? TRIGGER
      m.set(node, [...(m.get(node) ?? []), e])
    }
    return m
  }, [errors, state.def])

  const save = useCallback(async (): Promise<boolean> => {
    abort.current?.abort()
    const ctrl = new AbortController()
    abort.current = ctrl
    setSaving(true)
    try {
      const res = await flowBuilderApi.save(
        { flowId: flow.id, definition: state.def, expectedVersion: flow.version },
        ctrl.signal,
      )
      dispatch({ type: 'saved', def: res.definition })
      setFlow((f) => ({ ...f, version: res.version }))
      setErrors([])
      setSavedAt(new Date())
      toast.show({ variant: 'success', content: t('saved') })
      return true
    } catch (e) {
      if (ctrl.signal.aborted) return false
      const fieldErrors = saveErrorsOf(e)
      if (isConflict(e)) setConflict(true)
      else if (fieldErrors) {
        setErrors(fieldErrors)
        const first = nodeForPointer(state.def, fieldErrors[0]!.pointer)
        // The error bar lists them; the first one's step opens.
        if (first)
          dispatch({
            type: 'select',
            selection: first === TRIGGER ? { kind: 'trigger' } : { kind: 'action', key: first },
          })
      } else toast.show({ variant: 'error', content: t('saveError') })
      return false
    } finally {
      if (abort.current === ctrl) setSaving(false)
    }
  }, [flow.id, flow.version, state.def, t, toast])

  // Turning a flow live (or manual) while some of its steps are drafts: those steps would not
  // send, so ask whether to set them too (the vendor's "update all actions" choice).
  const [pendingStatus, setPendingStatus] = useState<string | null>(null)
  const draftSteps = state.def.actions.filter(
    (a) => (a.data as { status?: string } | null | undefined)?.status === 'draft',
  ).length
  const requestStatus = (status: string) => {
    if ((status === FLOW_STATUS_CODES.live || status === FLOW_STATUS_CODES.manual) && draftSteps > 0)
      setPendingStatus(status)
    else void setStatus(status)
  }

  const setStatus = async (status: string, setActionStatuses = false) => {
    setPendingStatus(null)
    if (dirty && !(await save())) return
    try {
      await flowBuilderApi.details(flow.id, { status, ...(setActionStatuses ? { setActionStatuses: true } : {}) })
      if (setActionStatuses) {
        const name = status === FLOW_STATUS_CODES.live ? 'live' : 'manual'
        const withStatuses = {
          ...state.def,
          actions: state.def.actions.map((a) => {
            const data = a.data as { status?: string } | null | undefined
            return data && typeof data === 'object' && 'status' in data
              ? ({ ...a, data: { ...data, status: name } } as typeof a)
              : a
          }),
        }
        dispatch({ type: 'saved', def: withStatuses })
      }
      setFlow((f) => ({ ...f, status }))
      toast.show({
        variant: 'success',
        content: t('statusChanged', { status: t(`flowStatus.${statusNameOf(status)}`) }),
      })
    } catch (e) {
      const msg =
        isHttpError(e) && e.data && typeof e.data === 'object' ? (e.data as { message?: string }).message : undefined
      toast.show({ variant: 'error', content: msg ?? t('statusError') })
    }
  }

  const rename = async (name: string) => {
    try {
      await flowBuilderApi.details(flow.id, { name })
      setFlow((f) => ({ ...f, name }))
    } catch {
      toast.show({ variant: 'error', content: t('renameError') })
    }
  }

  const requestDelete = useCallback(
    (key: string) => {
      const a = findAction(state.def, key)
      if (a && isSplit(a)) setDeleting(key)
      else dispatch({ type: 'delete', key })
    },
    [state.def],
  )

  const reportOf = useMemo(() => reportLinks(latest, canReport), [latest, canReport])
  const selectedId =
    state.selected?.kind === 'trigger' ? TRIGGER : state.selected?.kind === 'action' ? state.selected.key : null
  const ctx: BuilderContextValue = {
    def: state.def,
    dispatch,
    counts,
    errorsByNode,
    selectedId,
    addingAt,
    openAdd: setAddingAt,
    requestDelete,
    readOnly,
    flowIsLive,
    reportOf,
  }
  const deletingAction = deleting ? findAction(state.def, deleting) : null

  return (
    <BuilderContext.Provider value={ctx}>
      <div className={styles.builder} data-testid="flow-builder">
        <BuilderHeader
          flow={flow}
          dirty={dirty}
          saving={saving}
          savedAt={savedAt}
          readOnly={readOnly}
          canUndo={canUndo(state)}
          canRedo={canRedo(state)}
          onUndo={() => dispatch({ type: 'undo' })}
          onRedo={() => dispatch({ type: 'redo' })}
          onSave={() => void save()}
          onStatus={requestStatus}
          onRename={(n) => void rename(n)}
        />
        {flow.archived && <Notification variant="info">{t('archivedNotice')}</Notification>}
        {initial.issues.length > 0 && errors.length === 0 && !issuesHidden && (
          <div className={styles.errorBar} data-testid="builder-issues">
            <Notification
              variant="warning"
              title={t('issuesTitle', { count: initial.issues.length })}
              dismissable
              onDismiss={() => setIssuesHidden(true)}
            >
              <ul className={frame.errorList}>
                {initial.issues.map((i, n) => (
                  <li key={n}>{i.message}</li>
                ))}
              </ul>
            </Notification>
          </div>
        )}
        {errors.length > 0 && (
          <div className={styles.errorBar} data-testid="builder-errors">
            <Notification
              variant="error"
              title={t('saveInvalid', { count: errors.length })}
              onDismiss={() => setErrors([])}
              dismissable
            >
              <ul className={frame.errorList}>
                {errors.map((e, i) => {
                  const node = nodeForPointer(state.def, e.pointer)
                  return (
                    <li key={i}>
                      {node ? (
                        <button
                          type="button"
                          className={styles.linkButton}
                          onClick={() =>
                            dispatch({
                              type: 'select',
                              selection: node === TRIGGER ? { kind: 'trigger' } : { kind: 'action', key: node },
                            })
                          }
                        >
                          {e.message}
                        </button>
                      ) : (
                        e.message
                      )}
                    </li>
                  )
                })}
              </ul>
            </Notification>
          </div>
        )}
        <div className={styles.workspace}>
          <FlowCanvas
            def={state.def}
            selectedId={selectedId}
            onSelect={(selection) => {
              setAddingAt(null)
              dispatch({ type: 'select', selection })
            }}
          />
          {state.selected && (
            <SidePanel selection={state.selected} onClose={() => dispatch({ type: 'select', selection: null })} />
          )}
        </div>
        {state.def.actions.length === 0 && !readOnly && (
          <div className={styles.emptyHint} data-testid="builder-empty-hint">
            {t('emptyHint')}
          </div>
        )}
      </div>
      <Modal
        open={conflict}
        title={t('conflictTitle')}
        onClose={() => setConflict(false)}
        footer={
          <>
            <Button onClick={() => setConflict(false)}>{t('keepEditing')}</Button>
            <Button
              variant="primary"
              onClick={() => {
                setConflict(false)
                void onReload()
              }}
            >
              {t('reload')}
            </Button>
          </>
        }
      >
        <p>{t('conflictBody')}</p>
      </Modal>
      <Modal
        open={pendingStatus !== null}
        title={t('draftSteps.title', {
          status: t(`flowStatus.${statusNameOf(pendingStatus ?? FLOW_STATUS_CODES.live)}`),
        })}
        onClose={() => setPendingStatus(null)}
        footer={
          <>
            <Button onClick={() => setPendingStatus(null)}>{t('draftSteps.cancel')}</Button>
            <Button onClick={() => void setStatus(pendingStatus!)} data-testid="status-flow-only">
              {t('draftSteps.flowOnly')}
            </Button>
            <Button
              variant="primary"
              onClick={() => void setStatus(pendingStatus!, true)}
              data-testid="status-all-steps"
            >
              {t('draftSteps.all')}
            </Button>
          </>
        }
      >
        <p>{t('draftSteps.body', { count: draftSteps })}</p>
      </Modal>
      <DeleteSplitModal
        actionKey={deleting}
        action={deletingAction ?? null}
        onClose={() => setDeleting(null)}
        onDelete={(keep) => {
          dispatch({ type: 'delete', key: deleting!, keep })
          setDeleting(null)
        }}
      />
    </BuilderContext.Provider>
  )
}

const MESSAGE_STEPS = new Set(['send-email', 'send-sms', 'send-mobile-push', 'send-whatsapp'])

/** A message step's report page, by action key: its (first) message's overview. */
function reportLinks({ messages, definition }: FlowEditData, canReport: boolean): (key: string) => string | null {
  const steps = new Set(definition.actions.filter((a) => MESSAGE_STEPS.has(a.type) && a.id).map((a) => a.id!))
  const byAction = new Map<string, string>()
  if (canReport)
    for (const m of messages) if (steps.has(m.actionId) && !byAction.has(m.actionId)) byAction.set(m.actionId, m.id)
  return (key) => {
    const id = byAction.get(key)
    return id ? `/flow/message/${encodeURIComponent(id)}/reports/overview` : null
  }
}

function DeleteSplitModal({
  actionKey: key,
  action,
  onClose,
  onDelete,
}: {
  actionKey: string | null
  action: ReturnType<typeof findAction> | null
  onClose: () => void
  onDelete: (keep: number) => void
}) {
  const t = useTranslations('flowBuilder')
  const [keep, setKeep] = useState(0)
  const links = action ? actionLinks(action) : []
  return (
    <Modal
      open={!!key && !!action}
      title={t('deleteSplit.title')}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('deleteSplit.cancel')}</Button>
          <Button variant="danger" data-testid="confirm-delete-split" onClick={() => onDelete(keep)}>
            {t('deleteSplit.confirm')}
          </Button>
        </>
      }
    >
      <p>{t('deleteSplit.body')}</p>
      <div className={styles.radioList} role="radiogroup">
        {links.map((l, i) => (
          <label key={i} className={styles.check}>
            <input type="radio" name="keep-branch" checked={keep === i} onChange={() => setKeep(i)} />
            {branchName(labelOf(action!, l.path), t)}
          </label>
        ))}
      </div>
    </Modal>
  )
}

function branchName(label: ReturnType<typeof labelOf>, t: (k: string) => string): string {
  if (!label) return t('deleteSplit.next')
  return label.kind === 'yes' ? t('yes') : label.kind === 'no' ? t('no') : label.name
}

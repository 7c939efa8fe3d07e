'use client'
// /forms/{formId}/variations/{formVersionId}/edit: the form editor. Left, the settings in tabs
// (content: steps and blocks; styles; targeting and behaviour; schedule); right, the live
// preview on desktop or phone, sent the draft on every change.
import { useState } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Spinner } from '@/components/ui/spinner'
import { Notification } from '@/components/ui/notification'
import { getWithParams } from '@/components/lists/fetcher'
import { useUnsavedGuard } from '@/components/templates/editor/use-unsaved-guard'
import type { ScheduleValue } from '../forms-types'
import { useFormEditor } from './use-form-editor'
import { EditorHeader } from './editor-header'
import { ContentPanel } from './content-panel'
import { StylesPanel } from './styles-panel'
import { TargetingPanel } from './targeting-panel'
import { SchedulePanel } from './schedule-panel'
import { PreviewFrame, type PreviewDevice } from './preview-frame'
import { errorsUnder } from './pointer-errors'
import frame from '@/components/ui/editor-bar.module.css'
import styles from './editor.module.css'

const TABS = ['content', 'styles', 'targeting', 'schedule'] as const
type Tab = (typeof TABS)[number]
type Audience = { id: string | number; name: string; type: number }

export function FormEditorScreen({
  formId,
  versionId,
  publicKey,
}: {
  formId: string
  versionId: string
  publicKey: string
}) {
  const t = useTranslations('forms')
  const toast = useToast()
  const canWrite = usePermission('forms_write')
  const ed = useFormEditor(formId, versionId)
  const [tab, setTab] = useState<Tab>('content')
  const [step, setStep] = useState(0)
  const [block, setBlock] = useState<number | null>(null)
  const [device, setDevice] = useState<PreviewDevice>('desktop')
  const [scheduleErrors, setScheduleErrors] = useState<Record<string, string>>({})
  const { data: audienceRows } = useSWR(['/ajax/lists/simple', {}] as const, getWithParams<Audience[]>)
  const audiences = (audienceRows ?? []).map((a) => ({ id: String(a.id), name: a.name, type: a.type }))
  const lists = audiences.filter((a) => a.type === 0)
  useUnsavedGuard(ed.dirty, t('leaveUnsaved'))

  if (ed.error)
    return (
      <div className={frame.centered}>
        <Notification variant="error" title={t('loadError')} action={{ label: t('retry'), onClick: ed.reload }} />
      </div>
    )
  if (ed.loading || !ed.draft || !ed.form)
    return (
      <div className={frame.centered}>
        <Spinner label={t('loading')} />
      </div>
    )
  const def = ed.draft
  const form = ed.form

  async function act(kind: 'save' | 'publish' | 'unpublish', call: () => Promise<'ok' | 'invalid'>) {
    try {
      const r = await call()
      if (r === 'invalid') toast.show({ variant: 'error', content: t('invalidDefinition') })
      else toast.show({ variant: 'success', content: t(`toast.${kind}`) })
    } catch {
      toast.show({ variant: 'error', content: t('actionFailed') })
    }
  }

  async function rename(name: string) {
    try {
      await ed.rename(name)
      toast.show({ variant: 'success', content: t('toast.renamed') })
    } catch (e) {
      const fe = (e as { data?: { fieldErrors?: Record<string, string[]> } }).data?.fieldErrors
      toast.show({ variant: 'error', content: fe?.name?.[0] ?? t('actionFailed') })
    }
  }

  async function schedule(value: ScheduleValue | null) {
    setScheduleErrors({})
    try {
      const r = value ? await ed.schedule(value) : await ed.clearSchedule()
      if (r === 'invalid') toast.show({ variant: 'error', content: t('invalidDefinition') })
      else toast.show({ variant: 'success', content: value ? t('toast.scheduled') : t('toast.scheduleCleared') })
    } catch (e) {
      const fe = (e as { data?: { fieldErrors?: Record<string, string | string[]> } }).data?.fieldErrors
      if (fe)
        setScheduleErrors(
          Object.fromEntries(Object.entries(fe).map(([k, v]) => [k, Array.isArray(v) ? (v[0] ?? '') : v])),
        )
      toast.show({ variant: 'error', content: t('actionFailed') })
    }
  }

  const tabErrors: Record<Tab, number> = {
    content: ed.errors.filter((e) => e.pointer.startsWith('/steps')).length,
    styles: ed.errors.filter((e) => /^\/(styles|type|location)(\/|$)/.test(e.pointer)).length,
    targeting: ed.errors.filter((e) => e.pointer.startsWith('/triggers')).length,
    schedule: 0,
  }
  // What no panel places at a field (the version's properties, teasers, …) is listed in the banner.
  const otherErrors = ed.errors.filter((e) => !/^\/(steps|styles|type|location|triggers)(\/|$)/.test(e.pointer))
  const isLiveVersion = ed.version?.status === 'live'

  return (
    <div className={frame.shell} data-testid="form-editor">
      <EditorHeader
        formId={formId}
        name={form.name}
        status={form.status}
        dirty={ed.dirty}
        savedAt={ed.savedAt}
        busy={ed.busy === 'schedule' ? null : ed.busy}
        canWrite={canWrite}
        isLiveVersion={isLiveVersion}
        versions={form.versions}
        versionId={Number(versionId)}
        onSave={() => void act('save', ed.save)}
        onRename={(name) => void rename(name)}
        onPublish={() => void act('publish', ed.publish)}
        onUnpublish={() => void act('unpublish', ed.unpublish)}
      />
      {ed.errors.length > 0 && (
        <div className={styles.errorBar}>
          <Notification variant="error" title={t('errorsTitle', { count: ed.errors.length })}>
            {otherErrors.length > 0 && (
              <ul className={frame.errorList}>
                {otherErrors.map((e) => (
                  <li key={e.pointer}>
                    <code>{e.pointer}</code> {e.message}
                  </li>
                ))}
              </ul>
            )}
          </Notification>
        </div>
      )}
      <div className={styles.workspace}>
        <aside className={styles.side} aria-label={t('settings')}>
          <div className={styles.tabs} role="tablist" aria-label={t('settings')}>
            {TABS.map((x) => (
              <button
                key={x}
                type="button"
                role="tab"
                id={`tab-${x}`}
                aria-selected={tab === x}
                aria-controls={`panel-${x}`}
                onClick={() => setTab(x)}
                data-testid={`tab-${x}`}
              >
                {t(`tab.${x}`)}
                {tabErrors[x] > 0 && <span className={styles.errorCount}>{tabErrors[x]}</span>}
              </button>
            ))}
          </div>
          <div className={styles.sideBody} role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
            <fieldset className={styles.bare} disabled={!canWrite}>
              {tab === 'content' && (
                <ContentPanel
                  definition={def}
                  errors={ed.errors}
                  step={Math.min(step, def.steps.length - 1)}
                  block={block}
                  lists={lists}
                  defaultListId={form.listId}
                  onChange={ed.change}
                  onSelect={(s, b) => {
                    setStep(s)
                    setBlock(b)
                  }}
                />
              )}
              {tab === 'styles' && (
                <StylesPanel definition={def} errors={errorsUnder(ed.errors, '')} onChange={ed.change} />
              )}
              {tab === 'targeting' && (
                <TargetingPanel
                  definition={def}
                  audiences={audiences}
                  errors={errorsUnder(ed.errors, '')}
                  onChange={ed.change}
                />
              )}
            </fieldset>
            {tab === 'schedule' && (
              <SchedulePanel
                value={form.schedule}
                canWrite={canWrite}
                busy={ed.busy === 'schedule'}
                errors={scheduleErrors}
                onSchedule={(v) => void schedule(v)}
                onClear={() => void schedule(null)}
              />
            )}
          </div>
        </aside>
        <section className={styles.previewPane} aria-label={t('preview')}>
          <div className={styles.previewBar}>
            <div className={styles.segmented} role="group" aria-label={t('previewDevice')}>
              {(['desktop', 'mobile'] as const).map((d) => (
                <button
                  key={d}
                  type="button"
                  aria-pressed={device === d}
                  onClick={() => setDevice(d)}
                  data-testid={`device-${d}`}
                >
                  {t(`device.${d}`)}
                </button>
              ))}
            </div>
            <span className={styles.muted}>
              {t('previewStep', { n: Math.min(step, def.steps.length - 1) + 1, total: def.steps.length })}
            </span>
          </div>
          <PreviewFrame
            key={device}
            publicKey={publicKey}
            formId={formId}
            definition={def}
            step={Math.min(step, def.steps.length - 1)}
            device={device}
          />
        </section>
      </div>
    </div>
  )
}

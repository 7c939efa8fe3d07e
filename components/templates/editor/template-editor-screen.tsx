'use client'
// The email template editor (seed 001 §2.7: /email-template-editor/template/{id} and
// /email-editor/{id}/edit|preview): the block editor for SYSTEM_DRAGGABLE templates, the code
// editor for CODE and USER_DRAGGABLE ones, and the preview for a profile with send-preview.
// Templates have no subject: that belongs to the campaign or flow message that uses them.
import { useCallback, useEffect, useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { usePermission, useShellData } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Button } from '@/components/ui/button'
import { Badge } from '@/components/ui/badge'
import { Spinner } from '@/components/ui/spinner'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { isHttpError } from '@/lib/client/http'
import { templatesApi, issuesOf, type TemplateDetail, type TemplateIssue } from '../api'
import { RenameModal } from '../rename-modal'
import { BlockEditor } from './block-editor'
import { CodeEditorPane } from './code-editor-pane'
import { PreviewPanel } from './preview-panel'
import { useUnsavedGuard } from './use-unsaved-guard'
import { TranslateLink } from '../translate/translate-link'
import frame from '@/components/ui/editor-bar.module.css'
import styles from './editor.module.css'

export type EditorView = 'edit' | 'preview'

export function TemplateEditorScreen({
  templateId,
  initialView = 'edit',
}: {
  templateId: string
  initialView?: EditorView
}) {
  const t = useTranslations('templateEditor')
  const {
    data: template,
    error,
    mutate,
  } = useSWR(['template', templateId], () => templatesApi.get(templateId), { revalidateOnFocus: false })
  if (error) {
    const missing = isHttpError(error) && error.status === 404
    return (
      <div className={frame.centered}>
        <EmptyState
          heading={missing ? t('notFound') : t('loadError')}
          body={missing ? t('notFoundBody') : undefined}
          actions={<Link href="/templates">{t('backToTemplates')}</Link>}
        />
      </div>
    )
  }
  if (!template)
    return (
      <div className={frame.centered}>
        <Spinner size="large" />
      </div>
    )
  return (
    <LoadedEditor
      key={template.id}
      template={template}
      initialView={initialView}
      onSaved={(tpl) => void mutate(tpl, { revalidate: false })}
    />
  )
}

function LoadedEditor({
  template,
  initialView,
  onSaved,
}: {
  template: TemplateDetail
  initialView: EditorView
  onSaved: (t: TemplateDetail) => void
}) {
  const t = useTranslations('templateEditor')
  const toast = useToast()
  const canWrite = usePermission('templates_write')
  // The user's own address is the default for a preview; the shell may still be starting.
  const ownEmail = useShellData()?.authorization?.email ?? ''
  const [view, setView] = useState<EditorView>(initialView)
  const [name, setName] = useState(template.name)
  const [renaming, setRenaming] = useState(false)
  const [dirty, setDirty] = useState(false)
  const [draft, setDraft] = useState<{ html?: string; definition?: TemplateDetail['definition'] }>(
    template.definition ? { definition: template.definition } : { html: template.html },
  )
  const [issues, setIssues] = useState<TemplateIssue[]>([])
  const [saving, setSaving] = useState(false)
  const [savedVersion, setSavedVersion] = useState(0)
  useUnsavedGuard(dirty, t('unsavedQuestion'))

  // Stable callbacks: the editors report their content from an effect that depends on them.
  const onBlocks = useCallback((definition: NonNullable<TemplateDetail['definition']>, isDirty: boolean) => {
    setDraft({ definition })
    setDirty(isDirty)
  }, [])
  const onCode = useCallback((html: string, isDirty: boolean) => {
    setDraft({ html })
    setDirty(isDirty)
  }, [])

  const save = useCallback(async () => {
    if (!canWrite || saving) return
    setSaving(true)
    try {
      const saved = await templatesApi.save(
        template.id,
        draft.definition ? { definition: draft.definition } : { html: draft.html },
      )
      setIssues([])
      setDirty(false)
      setSavedVersion((v) => v + 1)
      onSaved(saved)
      toast.show({
        variant: 'success',
        content: saved.warnings.length ? t('savedWithWarnings', { count: saved.warnings.length }) : t('saved'),
      })
    } catch (e) {
      const found = issuesOf(e)
      if (found) {
        setIssues(found)
        toast.show({ variant: 'error', content: t('saveInvalid') })
      } else {
        toast.show({ variant: 'error', content: t('saveError') })
      }
    } finally {
      setSaving(false)
    }
  }, [canWrite, saving, template.id, draft, onSaved, toast, t])

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.metaKey || e.ctrlKey) && e.key.toLowerCase() === 's') {
        e.preventDefault()
        void save()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [save])

  const isBlock = !!template.definition
  return (
    <div className={frame.shell}>
      <header className={styles.bar}>
        <div className={frame.barStart}>
          <Link href="/templates" className={frame.back}>
            ← {t('backToTemplates')}
          </Link>
          <h1 className={styles.title} data-testid="editor-title">
            {name}
          </h1>
          {canWrite && (
            <Button size="small" variant="tertiary" onClick={() => setRenaming(true)}>
              {t('rename')}
            </Button>
          )}
          <Badge variant={isBlock ? 'info' : 'neutral'}>{isBlock ? t('dragAndDrop') : t('code')}</Badge>
          {dirty && (
            <span className={styles.dirty} data-testid="unsaved">
              {t('unsaved')}
            </span>
          )}
        </div>
        <div className={frame.barEnd}>
          <TranslateLink templateId={template.id} />
          <div className={styles.segmented} role="tablist" aria-label={t('viewLabel')}>
            <button
              type="button"
              role="tab"
              aria-selected={view === 'edit'}
              onClick={() => setView('edit')}
              data-testid="view-edit"
            >
              {t('edit')}
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={view === 'preview'}
              onClick={() => setView('preview')}
              data-testid="view-preview"
            >
              {t('previewAndTest')}
            </button>
          </div>
          {canWrite && (
            <Button
              variant="primary"
              loading={saving}
              disabled={!dirty}
              onClick={() => void save()}
              data-testid="save-template"
            >
              {t('save')}
            </Button>
          )}
        </div>
      </header>
      {issues.length > 0 && !isBlock && view === 'preview' && <Notification variant="error" title={t('saveInvalid')} />}
      <div className={styles.workspace} hidden={view !== 'edit'}>
        {isBlock ? (
          <BlockEditor
            templateId={template.id}
            initial={template.definition!}
            savedVersion={savedVersion}
            serverIssues={issues}
            readOnly={!canWrite}
            onChange={onBlocks}
          />
        ) : (
          <CodeEditorPane
            templateId={template.id}
            initial={template.html}
            savedVersion={savedVersion}
            serverIssues={issues}
            readOnly={!canWrite}
            onChange={onCode}
          />
        )}
      </div>
      {view === 'preview' && (
        <div className={styles.workspace}>
          <PreviewPanel templateId={template.id} draft={draft} dirty={dirty} defaultEmail={ownEmail} />
        </div>
      )}
      <RenameModal
        template={renaming ? { id: template.id, name } : null}
        onClose={() => setRenaming(false)}
        onRenamed={(n) => {
          setName(n)
          setRenaming(false)
          toast.show({ variant: 'success', content: t('renamed') })
        }}
      />
    </div>
  )
}

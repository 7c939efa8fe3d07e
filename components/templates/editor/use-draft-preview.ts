'use client'
// The editor's live preview: the unsaved content rendered by the server (MJML compiled, CSS
// inlined, template language run for the sample profile), a moment after the last change.
import { useEffect, useState } from 'react'
import { templatesApi, issuesOf, type TemplateIssue } from '../api'

export function useDraftPreview(
  templateId: string,
  draft: { html?: string; definition?: unknown } | null,
  delayMs = 400,
) {
  const [html, setHtml] = useState<string | null>(null)
  const [issues, setIssues] = useState<TemplateIssue[]>([])
  // The content last answered for: loading while the current content differs from it.
  const [doneKey, setDoneKey] = useState<string | null>(null)
  const key = draft ? JSON.stringify(draft) : null

  useEffect(() => {
    if (key === null) return
    let live = true
    const timer = setTimeout(() => {
      templatesApi
        .preview(templateId, JSON.parse(key) as object)
        .then((r) => {
          if (live) {
            setHtml(r.html)
            setIssues([])
          }
        })
        .catch((e: unknown) => {
          if (live) setIssues(issuesOf(e) ?? [])
        })
        .finally(() => {
          if (live) setDoneKey(key)
        })
    }, delayMs)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [templateId, key, delayMs])

  return { html, issues, loading: key !== null && key !== doneKey }
}

/** "definition.body.2.columns.0.blocks.1.href" → the editor path "2.0.1" of the block it names. */
export function blockPathOfIssue(path: string | undefined): string | null {
  const m = path?.match(/^definition\.body\.(\d+)(?:\.columns\.(\d+)\.blocks\.(\d+))?/)
  if (!m) return null
  return m[2] !== undefined ? `${m[1]}.${m[2]}.${m[3]}` : m[1]!
}

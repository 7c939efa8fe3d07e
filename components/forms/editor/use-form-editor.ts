'use client'
// The editor's data: the form with its versions, the edited version's draft definition, and the
// save / publish / unpublish / schedule calls. A refused save keeps the draft and hands back the
// JSON pointers of what the server refused.
import { useState } from 'react'
import useSWR from 'swr'
import { formsApi, pointerErrors, versionOf } from '../forms-api'
import type { FormDefinition } from '../definition-types'
import type { ScheduleValue } from '../forms-types'
import type { PointerError } from './pointer-errors'

export type Busy = 'save' | 'publish' | 'unpublish' | 'schedule' | null

export function useFormEditor(formId: string, versionId: string) {
  const form = useSWR(['form', formId], () => formsApi.get(formId), { revalidateOnFocus: false })
  const version = form.data ? versionOf(form.data, versionId) : null
  // Untouched, the draft is the saved definition; the first edit makes it the editor's own.
  const [edited, setDraft] = useState<FormDefinition | null>(null)
  const [dirty, setDirty] = useState(false)
  const [errors, setErrors] = useState<PointerError[]>([])
  const [busy, setBusy] = useState<Busy>(null)
  const [savedAt, setSavedAt] = useState<Date | null>(null)

  const draft = edited ?? version?.definition ?? null

  function change(next: FormDefinition) {
    setDraft(next)
    setDirty(true)
  }

  /** Saves when there are changes; false when the server refused the definition. */
  async function save(): Promise<boolean> {
    if (!draft || !dirty) return true
    try {
      const saved = await formsApi.saveVersion(formId, versionId, draft)
      void form.mutate(saved, { revalidate: false })
      setErrors([])
      setDirty(false)
      setSavedAt(new Date())
      return true
    } catch (e) {
      const found = pointerErrors(e)
      if (found.length) {
        setErrors(found)
        return false
      }
      throw e
    }
  }

  async function run(kind: Exclude<Busy, null>, call: () => Promise<unknown>): Promise<'ok' | 'invalid'> {
    setBusy(kind)
    try {
      if (!(await save())) return 'invalid'
      const next = await call()
      if (next && typeof next === 'object' && 'versions' in next)
        await form.mutate(next as Awaited<ReturnType<typeof formsApi.get>>, { revalidate: false })
      return 'ok'
    } finally {
      setBusy(null)
    }
  }

  return {
    form: form.data,
    version,
    error: form.error ?? (form.data && !version ? new Error('not found') : undefined),
    loading: !form.data || !draft,
    draft,
    dirty,
    errors,
    busy,
    savedAt,
    change,
    save: () => run('save', async () => null),
    publish: () => run('publish', () => formsApi.publish(formId, versionId)),
    unpublish: () => run('unpublish', () => formsApi.unpublish(formId)),
    schedule: (s: ScheduleValue) => run('schedule', () => formsApi.schedule(formId, versionId, s)),
    clearSchedule: () => run('schedule', () => formsApi.schedule(formId, null, { publishAt: null, unpublishAt: null })),
    rename: async (name: string) => {
      await form.mutate(await formsApi.rename(formId, name), { revalidate: false })
    },
    reload: () => {
      void form.mutate()
    },
  }
}

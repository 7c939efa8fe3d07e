'use client'
// The form's versions (variations) in the editor's bar: open another one, or add a draft copy of
// this one (an A/B variation for the form's tests).
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { useToast } from '@/components/shell/toasts'
import { Button } from '@/components/ui/button'
import type { FormVersionDetail } from '../forms-types'
import { formsApi } from '../forms-api'
import { editorPath } from '../open-editor'
import frame from '@/components/ui/editor-bar.module.css'
import styles from './editor.module.css'

export interface VersionSwitcherProps {
  formId: string
  versions: FormVersionDetail[]
  current: number
  canWrite: boolean
  /** Unsaved changes: switching would lose them, so it waits for a save. */
  dirty: boolean
}

export function VersionSwitcher({ formId, versions, current, canWrite, dirty }: VersionSwitcherProps) {
  const t = useTranslations('forms')
  const router = useRouter()
  const toast = useToast()
  const [busy, setBusy] = useState(false)

  async function add() {
    setBusy(true)
    try {
      const form = await formsApi.addVariation(formId, current)
      const copy = [...form.versions].sort((a, b) => b.id - a.id)[0]!
      router.push(editorPath(formId, copy.id))
    } catch {
      toast.show({ variant: 'error', content: t('actionFailed') })
      setBusy(false)
    }
  }

  return (
    <span className={styles.versionSwitcher}>
      <label className={frame.srOnly} htmlFor="form-version">
        {t('versionsTitle')}
      </label>
      <select
        id="form-version"
        className={styles.versionSelect}
        value={current}
        disabled={dirty || versions.length < 2}
        data-testid="version-select"
        title={dirty ? t('saveFirst') : undefined}
        onChange={(e) => router.push(editorPath(formId, e.target.value))}
      >
        {versions.map((v) => (
          <option key={v.id} value={v.id}>
            {v.variationName}
            {v.status === 'live' ? ` · ${t('status.live')}` : ''}
          </option>
        ))}
      </select>
      {canWrite && (
        <Button
          size="small"
          variant="tertiary"
          onClick={() => void add()}
          loading={busy}
          disabled={dirty}
          title={dirty ? t('saveFirst') : undefined}
          data-testid="add-variation"
        >
          {t('addVariation')}
        </Button>
      )}
    </span>
  )
}

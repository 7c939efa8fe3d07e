'use client'
// Creating a private API key: a name and its access (full, or read/write per family), then
// the new key shown once with a copy button and a warning.
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Modal } from '@/components/ui/modal'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { FormError } from '@/components/ui/form-error'
import { readHttpFailure } from '@/components/auth/http-failure'
import type { ApiKeyRow, ScopeFamily } from './types'
import styles from './api-keys-screen.module.css'

type Level = { read: boolean; write: boolean }

export interface CreateApiKeyModalProps {
  open: boolean
  onClose: () => void
  onCreated: (row: ApiKeyRow) => void
  /** Prefills the form (cloning a key: its scopes under a new name). */
  initial?: { label: string; scopes: string[] }
}

/** The form's access levels for a list of scopes such as lists:read, lists:write. */
function levelsOf(scopes: string[]): Record<string, Level> {
  const out: Record<string, Level> = {}
  for (const s of scopes) {
    const [family, level] = s.split(':')
    if (!family || (level !== 'read' && level !== 'write')) continue
    // The form's rule: write includes reading (a key made elsewhere with write alone shows read too).
    out[family] = { read: true, write: level === 'write' || (out[family]?.write ?? false) }
  }
  return out
}

export function CreateApiKeyModal({ open, onClose, onCreated, initial }: CreateApiKeyModalProps) {
  const t = useTranslations('apiKeys')
  const tc = useTranslations('common')
  const { data: catalogue } = useSWR(open ? '/ajax/account/api-key-scopes' : null, (url: string) =>
    http.get<{ families: ScopeFamily[] }>(url).then((r) => r.data),
  )
  const [label, setLabel] = useState(initial?.label ?? '')
  const [full, setFull] = useState(!initial?.scopes.length)
  const [levels, setLevels] = useState<Record<string, Level>>(() => levelsOf(initial?.scopes ?? []))
  const [errors, setErrors] = useState<{ label?: string; scopes?: string; form?: string }>({})
  const [busy, setBusy] = useState(false)
  const [created, setCreated] = useState<{ key: string; label: string } | null>(null)
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle')

  function reset() {
    setLabel('')
    setFull(true)
    setLevels({})
    setErrors({})
    setCreated(null)
    setCopy('idle')
  }

  function close() {
    if (busy) return
    reset()
    onClose()
  }

  function toggle(family: string, level: keyof Level, on: boolean) {
    setLevels((prev) => {
      const cur = prev[family] ?? { read: false, write: false }
      // Write access includes reading; taking read away takes write with it.
      const next = level === 'write' ? { read: on || cur.read, write: on } : { read: on, write: on ? cur.write : false }
      return { ...prev, [family]: next }
    })
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const scopes = full
      ? []
      : Object.entries(levels).flatMap(([f, l]) => [
          ...(l.read ? [`${f}:read`] : []),
          ...(l.write ? [`${f}:write`] : []),
        ])
    const next: typeof errors = {}
    if (!label.trim()) next.label = t('labelRequired')
    if (!full && !scopes.length) next.scopes = t('scopeRequired')
    setErrors(next)
    if (next.label || next.scopes) return
    setBusy(true)
    try {
      const res = await http.post<{ key: string; apiKey: ApiKeyRow }>('/ajax/account/private-api-key/create', {
        label: label.trim(),
        ...(full ? {} : { scopes }),
      })
      setCreated({ key: res.data.key, label: res.data.apiKey.label })
      onCreated(res.data.apiKey)
    } catch (err) {
      const failure = readHttpFailure(err)
      setErrors({ label: failure.fieldErrors.label, form: failure.fieldErrors.label ? undefined : t('createError') })
    } finally {
      setBusy(false)
    }
  }

  async function copyKey() {
    if (!created) return
    try {
      await navigator.clipboard.writeText(created.key)
      setCopy('copied')
    } catch {
      setCopy('failed')
    }
  }

  if (created) {
    return (
      <Modal
        open={open}
        title={t('createdTitle')}
        onClose={close}
        footer={
          <Button variant="primary" onClick={close} data-testid="api-key-done">
            {t('done')}
          </Button>
        }
      >
        <div className={styles.stack}>
          <Notification variant="warning">{t('createdWarning')}</Notification>
          <div className={styles.keyRow}>
            <TextField
              label={t('keyFieldLabel')}
              name="apiKey"
              readOnly
              value={created.key}
              className={styles.keyField}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="new-api-key"
            />
            <Button onClick={copyKey} data-testid="copy-api-key">
              {copy === 'copied' ? t('copied') : t('copy')}
            </Button>
          </div>
          {copy === 'failed' && <FormError>{t('copyFailed')}</FormError>}
        </div>
      </Modal>
    )
  }

  return (
    <Modal
      open={open}
      title={t('createTitle')}
      onClose={busy ? undefined : close}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {tc('cancel')}
          </Button>
          <Button variant="primary" type="submit" form="create-api-key-form" loading={busy}>
            {t('createSubmit')}
          </Button>
        </>
      }
    >
      <form id="create-api-key-form" className={styles.stack} onSubmit={submit} noValidate>
        <TextField
          label={t('labelField')}
          name="label"
          required
          maxLength={100}
          autoFocus
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          hint={t('labelHint')}
          error={errors.label}
        />
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('accessLegend')}</legend>
          <label className={styles.choice}>
            <input type="radio" name="access" checked={full} onChange={() => setFull(true)} />
            <span>
              <strong>{t('fullAccessOption')}</strong>
              <span className={styles.muted}>{t('fullAccessHint')}</span>
            </span>
          </label>
          <label className={styles.choice}>
            <input
              type="radio"
              name="access"
              checked={!full}
              onChange={() => setFull(false)}
              data-testid="custom-access"
            />
            <span>
              <strong>{t('customAccessOption')}</strong>
              <span className={styles.muted}>{t('customAccessHint')}</span>
            </span>
          </label>
        </fieldset>
        {!full && (
          <table className={styles.scopes}>
            <thead>
              <tr>
                <th scope="col">{t('scopeFamily')}</th>
                <th scope="col">{t('scopeRead')}</th>
                <th scope="col">{t('scopeWrite')}</th>
              </tr>
            </thead>
            <tbody>
              {(catalogue?.families ?? []).map(({ family }) => {
                const name = t.has(`families.${family}`) ? t(`families.${family}`) : family
                const l = levels[family] ?? { read: false, write: false }
                return (
                  <tr key={family}>
                    <th scope="row">{name}</th>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={t('scopeLabel', { family: name, level: t('levelRead') })}
                        checked={l.read}
                        onChange={(e) => toggle(family, 'read', e.target.checked)}
                      />
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={t('scopeLabel', { family: name, level: t('levelWrite') })}
                        checked={l.write}
                        onChange={(e) => toggle(family, 'write', e.target.checked)}
                      />
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        )}
        {errors.scopes && <FormError>{errors.scopes}</FormError>}
        {errors.form && <FormError>{errors.form}</FormError>}
      </form>
    </Modal>
  )
}

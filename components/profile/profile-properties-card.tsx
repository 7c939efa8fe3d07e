'use client'
// Custom properties as a table; with profile_write they can be added, changed and removed
// (PATCH /ajax/profile/{id}: names are kept exactly as typed).
import { useState, type FormEvent } from 'react'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Modal } from '@/components/ui/modal'
import { Select } from '@/components/ui/select'
import { TextField } from '@/components/ui/text-field'
import { FormError } from '@/components/ui/form-error'
import { useToast } from '@/components/shell/toasts'
import { readHttpFailure } from '@/components/auth/http-failure'
import type { ProfileDetail } from '@/lib/profile-view/profile-detail-types'
import { patchProfile } from './profile-api'
import { PROPERTY_TYPES, parsePropertyValue, toEditText, typeOf, type PropertyType } from './property-value'
import { propertyText, sortedProperties } from './timeline-model'
import styles from './profile-screen.module.css'

type Editing = { mode: 'add' } | { mode: 'edit'; name: string } | { mode: 'remove'; name: string }

interface Props {
  detail: ProfileDetail
  canWrite: boolean
  onChange: (d: ProfileDetail) => void
}

export function ProfilePropertiesCard({ detail, canWrite, onChange }: Props) {
  const t = useTranslations('profile')
  const toast = useToast()
  const [editing, setEditing] = useState<Editing | null>(null)
  const [name, setName] = useState('')
  const [type, setType] = useState<PropertyType>('text')
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const entries = sortedProperties(detail.properties)

  function open(next: Editing) {
    setError(null)
    setEditing(next)
    if (next.mode === 'add') {
      setName('')
      setType('text')
      setText('')
    } else {
      const v = detail.properties[next.name]
      setName(next.name)
      setType(typeOf(v))
      setText(toEditText(v))
    }
  }

  async function submit(e?: FormEvent) {
    e?.preventDefault()
    if (!editing) return
    setError(null)
    let body: Parameters<typeof patchProfile>[1]
    if (editing.mode === 'remove') {
      body = { unsetProperties: [editing.name] }
    } else {
      const key = name.trim()
      if (!key) return setError(t('propertyNameRequired'))
      if (editing.mode === 'add' && key in detail.properties) return setError(t('propertyExists'))
      const parsed = parsePropertyValue(text, type)
      if ('error' in parsed) return setError(t(parsed.error))
      body = { properties: { [key]: parsed.value } }
    }
    setPending(true)
    try {
      onChange(await patchProfile(detail.profile.id, body))
      toast.show({ variant: 'success', content: t(editing.mode === 'remove' ? 'propertyRemoved' : 'propertySaved') })
      setEditing(null)
    } catch (err) {
      const failure = readHttpFailure(err)
      setError(Object.values(failure.fieldErrors)[0] ?? failure.message ?? t('saveError'))
    } finally {
      setPending(false)
    }
  }

  const title =
    editing?.mode === 'add' ? t('addProperty') : editing?.mode === 'edit' ? t('editProperty') : t('removeProperty')
  return (
    <Card
      title={t('propertiesTitle', { count: entries.length })}
      flush
      actions={
        canWrite ? (
          <Button size="small" onClick={() => open({ mode: 'add' })}>
            {t('addProperty')}
          </Button>
        ) : undefined
      }
    >
      {entries.length === 0 ? (
        <p className={styles.emptyBlock}>{t('noProperties')}</p>
      ) : (
        <table className={styles.propTable} data-testid="profile-properties">
          <thead>
            <tr>
              <th scope="col">{t('propertyName')}</th>
              <th scope="col">{t('propertyValue')}</th>
              {canWrite && (
                <th scope="col">
                  <span className="visually-hidden">{t('actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {entries.map(([k, v]) => (
              <tr key={k}>
                <th scope="row" className={styles.propName}>
                  {k}
                </th>
                <td className={styles.propValue}>{propertyText(v)}</td>
                {canWrite && (
                  <td className={styles.propActions}>
                    <Button
                      size="small"
                      variant="tertiary"
                      onClick={() => open({ mode: 'edit', name: k })}
                      aria-label={t('editPropertyNamed', { name: k })}
                    >
                      {t('edit')}
                    </Button>
                    <Button
                      size="small"
                      variant="tertiary"
                      onClick={() => open({ mode: 'remove', name: k })}
                      aria-label={t('removePropertyNamed', { name: k })}
                    >
                      {t('remove')}
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Modal
        open={!!editing}
        onClose={() => !pending && setEditing(null)}
        title={title}
        footer={
          <>
            <Button onClick={() => setEditing(null)} disabled={pending}>
              {t('cancel')}
            </Button>
            <Button
              variant={editing?.mode === 'remove' ? 'danger' : 'primary'}
              loading={pending}
              onClick={() => submit()}
            >
              {editing?.mode === 'remove' ? t('remove') : t('save')}
            </Button>
          </>
        }
      >
        {editing?.mode === 'remove' ? (
          <>
            <p>{t('removePropertyBody', { name: editing.name })}</p>
            <FormError>{error}</FormError>
          </>
        ) : (
          <form className={styles.form} onSubmit={submit}>
            <TextField
              label={t('propertyName')}
              name="property-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              disabled={editing?.mode === 'edit'}
              maxLength={255}
              required
            />
            <Select
              label={t('propertyType')}
              name="property-type"
              value={type}
              onChange={(e) => setType(e.target.value as PropertyType)}
              options={PROPERTY_TYPES.map((p) => ({ value: p, label: t(`propertyTypes.${p}`) }))}
            />
            <TextField
              label={t('propertyValue')}
              name="property-value"
              value={text}
              onChange={(e) => setText(e.target.value)}
              hint={type === 'boolean' ? t('booleanHint') : type === 'json' ? t('jsonHint') : undefined}
            />
            <FormError>{error}</FormError>
            <button type="submit" hidden />
          </form>
        )}
      </Modal>
    </Card>
  )
}

'use client'
// Edit the person's identity and location. Only changed fields are sent; a cleared field is
// sent as null (unset). Field errors come back from the same validation as the public API.
import { useState, type FormEvent } from 'react'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { TextField } from '@/components/ui/text-field'
import { FormError } from '@/components/ui/form-error'
import { useToast } from '@/components/shell/toasts'
import { readHttpFailure } from '@/components/auth/http-failure'
import type { ProfileDetail } from '@/lib/profile-view/profile-detail-types'
import { fieldError, patchProfile, type ProfilePatch } from './profile-api'
import styles from './profile-screen.module.css'

const TOP = ['firstName', 'lastName', 'email', 'phoneNumber', 'externalId', 'organization', 'title'] as const
const LOCATION = ['address1', 'address2', 'city', 'region', 'zip', 'country'] as const
type FieldName = (typeof TOP)[number] | (typeof LOCATION)[number]

function initialValues(d: ProfileDetail): Record<FieldName, string> {
  const out = {} as Record<FieldName, string>
  for (const k of TOP) out[k] = d.profile[k] ?? ''
  for (const k of LOCATION) out[k] = d.profile.location[k] ?? ''
  return out
}

interface Props {
  detail: ProfileDetail
  open: boolean
  onClose: () => void
  onSaved: (d: ProfileDetail) => void
}

export function ProfileEditModal(props: Props) {
  // Mounted only while open, so every opening starts from the current values.
  return props.open ? <EditForm {...props} /> : null
}

function EditForm({ detail, onClose, onSaved }: Props) {
  const t = useTranslations('profile')
  const toast = useToast()
  const [initial] = useState(() => initialValues(detail))
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function submit(e?: FormEvent) {
    e?.preventDefault()
    const body: ProfilePatch = {}
    const location: NonNullable<ProfilePatch['location']> = {}
    const norm = (v: string) => (v.trim() === '' ? null : v.trim())
    for (const k of TOP) if (values[k] !== initial[k]) body[k] = norm(values[k])
    for (const k of LOCATION) if (values[k] !== initial[k]) location[k] = norm(values[k])
    if (Object.keys(location).length) body.location = location
    if (Object.keys(body).length === 0) return onClose()
    setPending(true)
    setErrors({})
    setFormError(null)
    try {
      onSaved(await patchProfile(detail.profile.id, body))
      toast.show({ variant: 'success', content: t('profileSaved') })
      onClose()
    } catch (err) {
      const failure = readHttpFailure(err)
      setErrors(failure.fieldErrors)
      const known = [...TOP, ...LOCATION].some((k) => fieldError(failure.fieldErrors, k))
      setFormError(known ? null : (failure.fieldErrors._ ?? failure.message ?? t('saveError')))
    } finally {
      setPending(false)
    }
  }

  const field = (k: FieldName, extra: { type?: string; autoComplete?: string } = {}) => (
    <TextField
      key={k}
      label={t(`fields.${k}`)}
      name={k}
      value={values[k]}
      error={fieldError(errors, k)}
      onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.value }))}
      {...extra}
    />
  )

  return (
    <Modal
      open
      onClose={() => !pending && onClose()}
      title={t('editProfile')}
      size="large"
      footer={
        <>
          <Button onClick={onClose} disabled={pending}>
            {t('cancel')}
          </Button>
          <Button variant="primary" loading={pending} onClick={() => submit()}>
            {t('save')}
          </Button>
        </>
      }
    >
      <form className={styles.editGrid} onSubmit={submit} data-testid="profile-edit-form">
        {field('firstName', { autoComplete: 'off' })}
        {field('lastName', { autoComplete: 'off' })}
        {field('email', { type: 'email', autoComplete: 'off' })}
        {field('phoneNumber', { type: 'tel', autoComplete: 'off' })}
        {field('externalId')}
        {field('organization')}
        {field('title')}
        {LOCATION.map((k) => field(k))}
        <div className={styles.editWide}>
          <FormError>{formError}</FormError>
        </div>
        <button type="submit" hidden />
      </form>
    </Modal>
  )
}

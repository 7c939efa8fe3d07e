'use client'
// The app's fields: name, description, exact redirect URIs (one a line) and the scopes it may ask for.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { TextField } from '@/components/ui/text-field'
import { Button } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-error'
import type { ScopeFamilyDto } from './types'

export interface AppFormValues {
  name: string
  description: string
  redirectUris: string[]
  scopes: string[]
  publicClient: boolean
}

export function AppForm({
  initial,
  families,
  onSubmit,
  submitLabel,
  withClientType,
  errors,
}: {
  initial: AppFormValues
  families: ScopeFamilyDto[]
  onSubmit: (v: AppFormValues) => Promise<void>
  submitLabel: string
  withClientType: boolean
  errors: Record<string, string[]>
}) {
  const t = useTranslations('oauthApps')
  const [name, setName] = useState(initial.name)
  const [description, setDescription] = useState(initial.description)
  const [uris, setUris] = useState(initial.redirectUris.join('\n'))
  const [scopes, setScopes] = useState(new Set(initial.scopes))
  const [publicClient, setPublicClient] = useState(initial.publicClient)
  const [busy, setBusy] = useState(false)
  const toggle = (s: string, on: boolean) =>
    setScopes((prev) => {
      const n = new Set(prev)
      if (on) n.add(s)
      else n.delete(s)
      return n
    })
  const uriErrors = Object.entries(errors)
    .filter(([k]) => k.startsWith('redirectUris'))
    .flatMap(([, v]) => v)

  async function submit(e: React.FormEvent) {
    e.preventDefault()
    setBusy(true)
    try {
      await onSubmit({
        name,
        description,
        redirectUris: uris
          .split('\n')
          .map((u) => u.trim())
          .filter(Boolean),
        scopes: [...scopes].sort(),
        publicClient,
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} data-testid="oauth-app-form">
      <TextField
        label={t('fieldName')}
        name="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name?.[0]}
        required
      />
      <TextField
        label={t('fieldDescription')}
        name="description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description?.[0]}
      />
      <label htmlFor="oauth-redirect-uris">{t('fieldRedirectUris')}</label>
      <textarea
        id="oauth-redirect-uris"
        name="redirectUris"
        rows={3}
        value={uris}
        onChange={(e) => setUris(e.target.value)}
        aria-describedby="oauth-redirect-hint"
      />
      <p id="oauth-redirect-hint">{t('fieldRedirectUrisHint')}</p>
      {uriErrors.length > 0 && <FormError>{uriErrors.join(' ')}</FormError>}
      <fieldset>
        <legend>{t('fieldScopes')}</legend>
        {families.map(({ family, scopes: pair }) => (
          <div key={family}>
            {pair.map((s) => (
              <label key={s}>
                <input
                  type="checkbox"
                  name="scopes"
                  value={s}
                  checked={scopes.has(s)}
                  onChange={(e) => toggle(s, e.target.checked)}
                />{' '}
                {s}
              </label>
            ))}
          </div>
        ))}
        {errors.scopes?.[0] && <FormError>{errors.scopes[0]}</FormError>}
      </fieldset>
      {withClientType && (
        <label>
          <input
            type="checkbox"
            name="publicClient"
            checked={publicClient}
            onChange={(e) => setPublicClient(e.target.checked)}
          />{' '}
          {t('fieldPublicClient')}
        </label>
      )}
      <Button type="submit" variant="primary" loading={busy} disabled={busy} data-testid="oauth-app-submit">
        {submitLabel}
      </Button>
    </form>
  )
}

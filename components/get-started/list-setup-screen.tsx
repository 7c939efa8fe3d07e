'use client'
// /get-started/list-setup: name the first list and choose how people join it; the list is made
// at once (POST /ajax/onboarding/list-setup) and the guide goes on to confirm it.
import { useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { TextField } from '@/components/ui/text-field'
import { Button } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-error'
import { ChoiceGroup } from '@/components/onboarding/choice-group'
import { GuideFrame } from './guide-frame'
import { useGuideAction } from './use-guide-action'
import styles from '@/components/onboarding/onboarding.module.css'

export function ListSetupScreen() {
  const t = useTranslations('getStartedGuides')
  const router = useRouter()
  const [name, setName] = useState('Newsletter')
  const [optIn, setOptIn] = useState('double_opt_in')
  const action = useGuideAction()
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const r = await action.run(() =>
      http.post<{ id: string }>('/ajax/onboarding/list-setup', { name, optInProcess: optIn }),
    )
    if (r) router.push(`/get-started/list-setup/confirm/${r.data.id}`)
  }
  return (
    <GuideFrame title={t('guide.listSetup.title')} description={t('guide.listSetup.body')}>
      <form className={styles.form} onSubmit={submit} noValidate data-testid="list-setup">
        <TextField
          label={t('listName')}
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={action.errors.name}
        />
        <OptInChoice value={optIn} onChange={setOptIn} error={action.errors.optInProcess} />
        {action.formError && <FormError>{action.formError}</FormError>}
        <Button type="submit" variant="primary" disabled={action.busy}>
          {t('createList')}
        </Button>
      </form>
    </GuideFrame>
  )
}

export function OptInChoice({
  value,
  onChange,
  error,
}: {
  value: string
  onChange: (v: string) => void
  error?: string
}) {
  const t = useTranslations('getStartedGuides')
  return (
    <ChoiceGroup
      legend={t('optInLegend')}
      name="optInProcess"
      choices={[
        { value: 'double_opt_in', label: t('doubleOptIn') },
        { value: 'single_opt_in', label: t('singleOptIn') },
      ]}
      value={[value]}
      onChange={([v]) => onChange(v ?? value)}
      error={error}
    />
  )
}

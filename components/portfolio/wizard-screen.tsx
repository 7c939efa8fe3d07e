'use client'
// /portfolio-wizard: make a portfolio in steps: name it, choose the accounts (those the user
// belongs to), review and create.
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { mutate } from 'swr'
import { useTranslations } from 'next-intl'
import { isHttpError } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { PORTFOLIOS_URL, send, usePortfolios } from './portfolio-api'
import styles from './portfolio.module.css'

const STEPS = ['name', 'accounts', 'review'] as const
type Step = (typeof STEPS)[number]

export function PortfolioWizardScreen() {
  const t = useTranslations('portfolio')
  const router = useRouter()
  const { data, error } = usePortfolios()
  const [step, setStep] = useState<Step>('name')
  const [name, setName] = useState('')
  const [chosen, setChosen] = useState<number[]>([])
  const [problem, setProblem] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const accounts = data?.memberAccounts ?? []

  async function create() {
    setSaving(true)
    setProblem(null)
    try {
      const r = await send.post<{ id: number }>(PORTFOLIOS_URL, { name, companyIds: chosen })
      await mutate(PORTFOLIOS_URL)
      router.push(`/portfolio/dashboard?portfolio=${r.id}`)
    } catch (e) {
      setProblem((isHttpError(e) && (e.data as { message?: string } | null)?.message) || t('actionFailed'))
      setSaving(false)
    }
  }

  let body: React.ReactNode
  if (error) body = <Notification variant="error" title={t('loadError')} />
  else if (!data) body = <Spinner label={t('loading')} />
  else if (step === 'name')
    body = (
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          if (!name.trim()) setProblem(t('nameRequired'))
          else {
            setProblem(null)
            setStep('accounts')
          }
        }}
      >
        <TextField
          name="name"
          label={t('portfolioName')}
          value={name}
          maxLength={120}
          error={problem ?? undefined}
          onChange={(e) => setName(e.target.value)}
        />
        <div className={styles.row}>
          <Button type="submit" variant="primary">
            {t('next')}
          </Button>
        </div>
      </form>
    )
  else if (step === 'accounts')
    body = (
      <div className={styles.form}>
        <fieldset className={styles.options}>
          <legend>{t('chooseAccounts')}</legend>
          {accounts.map((a) => (
            <label key={a.companyId} className={styles.option}>
              <input
                type="checkbox"
                checked={chosen.includes(a.companyId)}
                onChange={(e) =>
                  setChosen(e.target.checked ? [...chosen, a.companyId] : chosen.filter((id) => id !== a.companyId))
                }
              />
              <span>{a.name}</span>
            </label>
          ))}
        </fieldset>
        <p className={styles.muted}>{t('notMemberHint')}</p>
        <div className={styles.row}>
          <Button onClick={() => setStep('name')}>{t('back')}</Button>
          <Button variant="primary" disabled={!chosen.length} onClick={() => setStep('review')}>
            {t('next')}
          </Button>
        </div>
      </div>
    )
  else
    body = (
      <div className={styles.form}>
        {problem && <Notification variant="error" title={problem} />}
        <p>{t('reviewBody', { name, count: chosen.length })}</p>
        <ul>
          {accounts
            .filter((a) => chosen.includes(a.companyId))
            .map((a) => (
              <li key={a.companyId}>{a.name}</li>
            ))}
        </ul>
        <div className={styles.row}>
          <Button onClick={() => setStep('accounts')}>{t('back')}</Button>
          <Button variant="primary" disabled={saving} onClick={create}>
            {t('createPortfolio')}
          </Button>
        </div>
      </div>
    )
  return (
    <Page>
      <PageHead
        title={t('wizardTitle')}
        description={t('wizardStep', { step: STEPS.indexOf(step) + 1, total: STEPS.length })}
      />
      <PageBody>{body}</PageBody>
    </Page>
  )
}

'use client'
// /flows/create/with-ai: the merchant says what the flow is for in their own words; keyword rules
// (lib/flows/generate/goals.ts, no external model) pick the goal, or the merchant picks one, and
// the plan for this account opens at /flows/generate/{goal}.
import { useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button, LinkButton } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { FLOW_GOALS, goalFromText, type FlowGoal } from '@/lib/flows/generate/goals'
import styles from '../code/flow-code.module.css'

export function FlowGoalScreen() {
  const t = useTranslations('flowGenerate')
  const router = useRouter()
  const [text, setText] = useState('')
  const [unknown, setUnknown] = useState(false)

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const goal = goalFromText(text)
    setUnknown(!goal)
    if (goal) router.push(`/flows/generate/${goal}`)
  }

  return (
    <Page>
      <PageHead title={t('goalTitle')} description={t('goalDescription')} />
      <PageBody>
        <div className={styles.stack}>
          <Card>
            <form className={styles.stack} onSubmit={submit} noValidate data-testid="flow-goal-form">
              <TextField
                label={t('describe')}
                name="goal"
                value={text}
                maxLength={500}
                hint={t('describeHint')}
                onChange={(e) => setText(e.target.value)}
              />
              {unknown && <Notification variant="warning">{t('unknownGoal')}</Notification>}
              <div>
                <Button type="submit" variant="primary" disabled={!text.trim()} data-testid="flow-goal-submit">
                  {t('plan')}
                </Button>
              </div>
            </form>
          </Card>
          <Card title={t('orPick')}>
            <div className={styles.actions}>
              {(Object.keys(FLOW_GOALS) as FlowGoal[]).map((g) => (
                <LinkButton key={g} href={`/flows/generate/${g}`}>
                  {t(`goals.${g}`)}
                </LinkButton>
              ))}
            </div>
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}

'use client'
// /flows/create: a blank flow (a name and a trigger kind, configured in the builder) or one of the
// seven templates of seed 002 §3.2; either way the new draft opens in the builder.
import { useState, type FormEvent } from 'react'
import { useTranslations } from 'next-intl'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Button, LinkButton } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import type { TemplateSummary } from '@/lib/flows/templates'
import { TemplateCard } from './template-card'
import { useCreateFlow } from './use-create-flow'
import { BLANK_TRIGGERS, blankDefinition, type BlankTrigger } from './blank-definition'
import styles from './create-flow.module.css'

export function CreateFlowScreen({ templates }: { templates: TemplateSummary[] }) {
  const t = useTranslations('flows')
  const canCreate = usePermission('flows_create')
  const { create, busy, error } = useCreateFlow()
  const [name, setName] = useState('')
  const [trigger, setTrigger] = useState<BlankTrigger>('metric')
  const [nameError, setNameError] = useState<string | null>(null)

  function submit(e: FormEvent) {
    e.preventDefault()
    if (!name.trim()) {
      setNameError(t('nameRequired'))
      return
    }
    setNameError(null)
    void create({ name: name.trim(), definition: blankDefinition(trigger) })
  }

  const triggerText = (k: BlankTrigger, part: 'title' | 'hint') =>
    t(`blankTrigger.${k}.${part}` as 'blankTrigger.metric.title')
  const useTemplate = (tpl: TemplateSummary) =>
    void create({ name: t(`templates.${tpl.key}.name` as 'templates.birthday.name'), templateKey: tpl.key }, tpl.key)

  return (
    <Page>
      <PageHead
        title={t('createTitle')}
        description={t('createDescription')}
        actions={<LinkButton href="/flows">{t('backToFlows')}</LinkButton>}
      />
      <PageBody>
        {error && (
          <Notification variant="error" title={t('createError')}>
            {error.message}
          </Notification>
        )}
        <section className={styles.blank} aria-labelledby="blank-heading">
          <h2 id="blank-heading" className={styles.sectionTitle}>
            {t('blankTitle')}
          </h2>
          <p className={styles.muted}>{t('blankBody')}</p>
          <form className={styles.blankForm} onSubmit={submit} noValidate>
            <TextField
              label={t('flowName')}
              name="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={255}
              error={nameError ?? error?.fieldErrors?.name?.[0]}
              data-testid="flow-name"
              className={styles.nameField}
            />
            <fieldset className={styles.triggers}>
              <legend className={styles.legend}>{t('chooseTrigger')}</legend>
              <div className={styles.triggerGrid}>
                {BLANK_TRIGGERS.map((k) => (
                  <label key={k} className={styles.triggerOption} data-checked={trigger === k}>
                    <input
                      type="radio"
                      name="trigger"
                      value={k}
                      checked={trigger === k}
                      onChange={() => setTrigger(k)}
                    />
                    <span>
                      <strong>{triggerText(k, 'title')}</strong>
                      <small>{triggerText(k, 'hint')}</small>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div>
              <Button
                type="submit"
                variant="primary"
                loading={busy === 'blank'}
                disabled={!canCreate || !!busy}
                data-testid="create-blank"
              >
                {t('createBlank')}
              </Button>
            </div>
          </form>
        </section>
        <section aria-labelledby="templates-heading">
          <h2 id="templates-heading" className={styles.sectionTitle}>
            {t('templatesTitle')}
          </h2>
          <p className={styles.muted}>{t('templatesBody')}</p>
          <div className={styles.grid}>
            {templates.map((tpl) => (
              <TemplateCard
                key={tpl.key}
                template={tpl}
                compact
                busy={busy === tpl.key}
                disabled={!canCreate || !!busy}
                onUse={useTemplate}
              />
            ))}
          </div>
        </section>
      </PageBody>
    </Page>
  )
}

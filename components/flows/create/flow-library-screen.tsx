'use client'
// /library/flows: the flow template library, each template with its full path of steps and a
// "Use template" that creates the draft and opens it in the builder.
import { useTranslations } from 'next-intl'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import type { TemplateSummary } from '@/lib/flows/templates'
import { TemplateCard } from './template-card'
import { useCreateFlow } from './use-create-flow'
import styles from './create-flow.module.css'

export function FlowLibraryScreen({ templates }: { templates: TemplateSummary[] }) {
  const t = useTranslations('flows')
  const canCreate = usePermission('flows_create')
  const { create, busy, error } = useCreateFlow()
  return (
    <Page>
      <PageHead
        title={t('libraryTitle')}
        description={t('libraryDescription')}
        actions={
          canCreate ? (
            <LinkButton href="/flows/create" variant="primary">
              {t('createBlank')}
            </LinkButton>
          ) : undefined
        }
      />
      <PageBody>
        {error && (
          <Notification variant="error" title={t('createError')}>
            {error.message}
          </Notification>
        )}
        <div className={styles.libraryGrid}>
          {templates.map((tpl) => (
            <TemplateCard
              key={tpl.key}
              template={tpl}
              busy={busy === tpl.key}
              disabled={!canCreate || !!busy}
              onUse={(x) =>
                void create(
                  { name: t(`templates.${x.key}.name` as 'templates.birthday.name'), templateKey: x.key },
                  x.key,
                )
              }
            />
          ))}
        </div>
      </PageBody>
    </Page>
  )
}

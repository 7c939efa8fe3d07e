'use client'
// /get-started/forms-create: pick a starting template (and optionally the list the form
// subscribes to); the form editor takes over at /forms/create?template=…&list=….
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { LinkButton } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { FORM_TEMPLATE_KEYS, type FormTemplateKey } from '@/lib/growth/form-templates'
import styles from './growth.module.css'

export function createFormHref(template: string, listId?: string) {
  const q = new URLSearchParams({ template })
  if (listId) q.set('list', listId)
  return `/forms/create?${q.toString()}`
}

export function GetStartedFormsCreate() {
  const t = useTranslations('growth')
  const lists = useSWR(
    '/ajax/lists/simple?type=0',
    (url: string) => http.get<{ id: string; name: string }[]>(url).then((r) => r.data),
    { shouldRetryOnError: false },
  )
  const [listId, setListId] = useState('')
  const copy: Record<FormTemplateKey, { title: string; body: string }> = {
    discount_popup: { title: t('tplDiscountPopup'), body: t('tplDiscountPopupBody') },
    newsletter_embed: { title: t('tplNewsletterEmbed'), body: t('tplNewsletterEmbedBody') },
    sms_two_step: { title: t('tplSmsTwoStep'), body: t('tplSmsTwoStepBody') },
    exit_intent_flyout: { title: t('tplExitFlyout'), body: t('tplExitFlyoutBody') },
    back_in_stock: { title: t('tplBackInStock'), body: t('tplBackInStockBody') },
  }
  return (
    <Page>
      <PageHead title={t('formsCreateTitle')} description={t('formsCreateDescription')} />
      <PageBody>
        <div className={styles.stack}>
          <Select
            label={t('formsCreateList')}
            name="list"
            value={listId}
            onChange={(e) => setListId(e.target.value)}
            data-testid="template-list"
            options={[
              { value: '', label: t('formsCreateListLater') },
              ...(lists.data ?? []).map((l) => ({ value: l.id, label: l.name })),
            ]}
          />
          <div className={styles.templates}>
            {FORM_TEMPLATE_KEYS.map((k) => (
              <section key={k} className={styles.template}>
                <h2 className={styles.templateTitle}>{copy[k].title}</h2>
                <p className={styles.muted}>{copy[k].body}</p>
                <LinkButton
                  variant="primary"
                  href={createFormHref(k, listId || undefined)}
                  data-testid={`template-${k}`}
                >
                  {t('useTemplate')}
                </LinkButton>
              </section>
            ))}
          </div>
          <p className={styles.help}>
            {t('formsCreateNext')} <Link href="/wizard/web-tracking">{t('webTrackingTitle')}</Link>
          </p>
        </div>
      </PageBody>
    </Page>
  )
}

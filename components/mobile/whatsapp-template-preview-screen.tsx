'use client'
// /whatsapp/{id}/preview: a saved WhatsApp template as the recipient sees it, with its review
// status; the variables can be tried with other values than the examples.
import { useState } from 'react'
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Badge } from '@/components/ui/badge'
import { SettingsLoader } from '@/components/settings/settings-form-screen'
import type { WhatsAppTemplateView } from '@/lib/mobile/whatsapp-templates'
import { WhatsAppBubble } from './whatsapp-bubble'
import styles from './mobile-editor.module.css'

type Loaded = { template: WhatsAppTemplateView }

export function WhatsAppTemplatePreviewScreen({ id }: { id: string }) {
  const t = useTranslations('whatsappTemplates')
  return (
    <SettingsLoader<Loaded>
      url={`/ajax/mobile/whatsapp-templates/${encodeURIComponent(id)}`}
      title={t('previewTitle')}
      loadError={t('loadError')}
      loadingClassName={styles.loading}
    >
      {(data) => <Preview template={data.template} />}
    </SettingsLoader>
  )
}

function Preview({ template: x }: { template: WhatsAppTemplateView }) {
  const t = useTranslations('whatsappTemplates')
  const [values, setValues] = useState(x.examples)
  const statusLabel = {
    DRAFT: t('statusDraft'),
    PENDING: t('statusPending'),
    APPROVED: t('statusApproved'),
    REJECTED: t('statusRejected'),
  }
  return (
    <Page>
      <PageHead
        title={x.name}
        description={`${x.language} · ${x.category}`}
        actions={<Badge>{statusLabel[x.status]}</Badge>}
      />
      <PageBody>
        <div className={styles.layout}>
          <Card title={t('variables')}>
            <div className={styles.form}>
              {x.rejectedReason && <p className={styles.help}>{t('rejectedReason', { reason: x.rejectedReason })}</p>}
              {!x.variables && <p className={styles.help}>{t('noVariables')}</p>}
              {Array.from({ length: x.variables }, (_, i) => (
                <TextField
                  key={i}
                  label={t('example', { n: i + 1 })}
                  name={`value-${i}`}
                  value={values[i] ?? ''}
                  onChange={(e) =>
                    setValues(
                      Array.from({ length: x.variables }, (_, j) => (j === i ? e.target.value : (values[j] ?? ''))),
                    )
                  }
                />
              ))}
              <Link href="/templates/whatsapp">{t('backToList')}</Link>
            </div>
          </Card>
          <Card title={t('previewTitle')}>
            <WhatsAppBubble body={x.body} values={values} />
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}

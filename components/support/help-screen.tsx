'use client'
// /support: help and support. Writing to support files a ticket (the same form as the chat
// button); support staff can be let into the account from the security settings.
import { useState } from 'react'
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { SupportForm } from '@/components/shell/support-form'
import styles from './help-screen.module.css'

export function HelpScreen() {
  const t = useTranslations('helpScreen')
  const [formOpen, setFormOpen] = useState(false)
  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <div className={styles.grid}>
          <Card title={t('contactTitle')}>
            <p className={styles.text}>{t('contactBody')}</p>
            <ul className={styles.tips}>
              <li>{t('tipWhat')}</li>
              <li>{t('tipWhere')}</li>
              <li>{t('tipExample')}</li>
            </ul>
            <Button variant="primary" onClick={() => setFormOpen(true)} data-testid="help-contact">
              {t('contactAction')}
            </Button>
          </Card>
          <Card title={t('accessTitle')}>
            <p className={styles.text}>{t('accessBody')}</p>
            <Link className={styles.link} href="/settings/account/security">
              {t('accessAction')}
            </Link>
          </Card>
        </div>
      </PageBody>
      <SupportForm open={formOpen} onClose={() => setFormOpen(false)} />
    </Page>
  )
}

'use client'
// /settings/billing/payment-history: the account's invoices, newest first, each as a PDF.
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { EmptyState } from '@/components/ui/empty-state'
import { BILLING, useBilling, type InvoiceView } from './billing-api'
import { BillingTabs } from './billing-tabs'
import { Loaded } from './billing-states'
import { formatCents } from './money'

export function PaymentHistoryScreen() {
  const t = useTranslations('billing')
  const format = useFormatter()
  const q = useBilling<{ invoices: InvoiceView[] }>(BILLING.invoices)
  return (
    <Page>
      <PageHead title={t('paymentsTitle')} description={t('paymentsDescription')} />
      <PageBody>
        <BillingTabs current="payment-history" />
        <Loaded data={q.data} error={q.error} retry={() => void q.mutate()}>
          {(d) =>
            d.invoices.length === 0 ? (
              <EmptyState heading={t('noInvoices')} body={<p>{t('noInvoicesBody')}</p>} />
            ) : (
              <Card title={t('invoices')} flush>
                <Table
                  caption={t('invoices')}
                  columns={[
                    { key: 'number', header: t('colNumber') },
                    { key: 'date', header: t('colDate') },
                    { key: 'total', header: t('colTotal'), align: 'right' },
                    { key: 'status', header: t('colStatus') },
                    { key: 'pdf', header: <span className="visually-hidden">{t('colActions')}</span>, align: 'right' },
                  ]}
                  rows={d.invoices.map((i) => ({
                    id: i.id,
                    number: i.number,
                    date: format.dateTime(new Date(i.issuedAt), { dateStyle: 'medium' }),
                    total: formatCents(format, i.totalCents, i.currency),
                    status: (
                      <Badge variant={i.status === 'paid' ? 'success' : i.status === 'void' ? 'neutral' : 'warning'}>
                        {i.status === 'paid'
                          ? t('statusPaid')
                          : i.status === 'void'
                            ? t('statusVoid')
                            : t('statusOpen')}
                      </Badge>
                    ),
                    pdf: (
                      <a
                        href={`/ajax/billing/invoices/${i.id}/pdf`}
                        download
                        aria-label={t('downloadNamed', { number: i.number })}
                      >
                        {t('downloadPdf')}
                      </a>
                    ),
                  }))}
                />
              </Card>
            )
          }
        </Loaded>
      </PageBody>
    </Page>
  )
}

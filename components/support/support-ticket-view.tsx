// /support/tickets/{ticketId}: one support request of the current company, else not found.
import { notFound } from 'next/navigation'
import { getFormatter, getTranslations } from 'next-intl/server'
import { getSupportTicket } from '@/lib/support/get-support-ticket'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import styles from './support-ticket-view.module.css'

export async function SupportTicketView({ ticketId, companyId }: { ticketId: number; companyId: number }) {
  const ticket = await getSupportTicket(companyId, ticketId)
  if (!ticket) notFound()
  const t = await getTranslations('supportTickets')
  const format = await getFormatter()
  const open = ticket.status === 'open'
  return (
    <Page>
      <PageHead
        title={t('title', { id: ticket.id })}
        description={t('submitted', {
          date: format.dateTime(new Date(ticket.createdAt), { dateStyle: 'medium', timeStyle: 'short' }),
        })}
      />
      <PageBody>
        <Card>
          <dl className={styles.fields}>
            <dt>{t('status')}</dt>
            <dd>
              <Badge variant={open ? 'info' : 'neutral'}>{open ? t('statusOpen') : t('statusClosed')}</Badge>
            </dd>
            <dt>{t('subject')}</dt>
            <dd>{ticket.subject}</dd>
            <dt>{t('message')}</dt>
            <dd className={styles.message}>{ticket.message}</dd>
            {ticket.path && (
              <>
                <dt>{t('page')}</dt>
                <dd>{ticket.path}</dd>
              </>
            )}
          </dl>
          <p className={styles.helper}>{t('helper')}</p>
        </Card>
      </PageBody>
    </Page>
  )
}

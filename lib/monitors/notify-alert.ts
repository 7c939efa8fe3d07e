// The notifications of a new alert: an email to the monitor's addresses (or, when it names none
// and has no webhook, to the account's owners and admins) through the account-mail path, and a
// POST to its webhook through safe-fetch (the outbound address policy of the webhooks feature).
// Each alert is claimed (notifiedAt set where still null) before anything is sent, so two
// workers evaluating at once notify once; a failed send gives the claim back for the next run.
import { db } from '@/lib/db/client'
import { getMailer } from '@/lib/mail/mailer'
import { safeFetch } from '@/lib/net/safe-fetch'
import type { MonitorView } from './monitor-view'

export interface AlertToNotify {
  id: string
  companyId: number
  value: number
  threshold: number
  message: string
  raisedAt: Date
}

async function accountAdmins(companyId: number): Promise<string[]> {
  const rows = await db.membership.findMany({
    where: { companyId, role: { in: ['owner', 'admin'] } },
    select: { user: { select: { email: true } } },
  })
  return rows.map((r) => r.user.email)
}

export async function notifyAlert(m: MonitorView, a: AlertToNotify, appUrl: string, now: Date): Promise<boolean> {
  const { count } = await db.monitorAlert.updateMany({
    where: { id: a.id, companyId: a.companyId, notifiedAt: null },
    data: { notifiedAt: now },
  })
  if (!count) return false
  try {
    const emails = m.notify.emails.length
      ? m.notify.emails
      : m.notify.webhookUrl
        ? []
        : await accountAdmins(a.companyId)
    const link = `${appUrl}/analytics/monitors/${m.id}`
    for (const to of emails)
      await getMailer().send({
        to,
        subject: `Monitor alert: ${m.name}`,
        text: `${a.message}\n\nSee the monitor: ${link}\n`,
        kind: 'alert',
        companyId: a.companyId,
      })
    if (m.notify.webhookUrl) {
      const res = await safeFetch(m.notify.webhookUrl, {
        purpose: 'webhook',
        httpsOnly: true,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'monitor.alert',
          monitor: { id: m.id, name: m.name, kind: m.kind },
          alert: {
            id: a.id,
            value: a.value,
            threshold: a.threshold,
            message: a.message,
            raisedAt: a.raisedAt.toISOString(),
          },
          url: link,
        }),
        timeoutMs: 10_000,
        maxBytes: 4096,
        overflow: 'truncate',
        maxRedirects: 0,
      })
      if (!res.ok) throw new Error(`The monitor webhook answered HTTP ${res.status}.`)
    }
    return true
  } catch (e) {
    await db.monitorAlert.updateMany({ where: { id: a.id, companyId: a.companyId }, data: { notifiedAt: null } })
    console.error(`[monitors] alert ${a.id} not notified:`, e instanceof Error ? e.message : e)
    return false
  }
}

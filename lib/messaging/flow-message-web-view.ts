// /message/flow-message/web-view/{recipientId}: a flow email as one recipient got it, inside the
// app. The recipient id is the send's signed web-view token (web-view-link.ts), never a bare send
// id, so an id cannot be guessed or walked; a token of another company, of a campaign or of a
// non-email send is a 404 like a forged one. The rendering is the public web view's (web-view.ts).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { TemplateRenderError } from '@/lib/templates/template-types'
import { renderWebView } from './web-view'
import { verifyWebViewToken, webViewToken } from './web-view-link'

export const flowMessageWebViewQuery = z.object({
  recipient_id: z.string().trim().min(1).max(120),
})

export interface FlowMessageWebView {
  recipientId: string
  subject: string | null
  to: string | null
  status: string
  sentAt: string | null
  html: string | null
  text: string
  /** Why the email cannot be shown (its template fails to render), instead of html and text. */
  renderError: string | null
}

const missing = () => notFound('This flow message was not found.')

/** The signed recipient id of a flow send: what the flow's recipient lists link to. */
export const flowMessageRecipientId = (companyId: number, sendId: string) => webViewToken(companyId, sendId)

export async function getFlowMessageWebView(companyId: number, recipientId: string): Promise<FlowMessageWebView> {
  const token = verifyWebViewToken(recipientId)
  if (!token || token.companyId !== companyId) throw missing()
  const send = await db.send.findFirst({
    where: { companyId, id: token.sendId, channel: 'email', sourceType: 'flow_action_run' },
    select: { id: true, subject: true, status: true, sentAt: true, profileId: true },
  })
  if (!send) throw missing()
  const profile = await db.profile.findFirst({
    where: { companyId, id: send.profileId },
    select: { email: true },
  })
  const base = {
    recipientId,
    subject: send.subject,
    to: profile?.email ?? null,
    status: send.status,
    sentAt: send.sentAt?.toISOString() ?? null,
  }
  try {
    const mail = await renderWebView(recipientId)
    if (!mail) throw missing()
    return {
      ...base,
      subject: mail.subject || base.subject,
      html: mail.html ?? null,
      text: mail.text,
      renderError: null,
    }
  } catch (e) {
    if (!(e instanceof TemplateRenderError)) throw e
    return { ...base, html: null, text: '', renderError: e.message }
  }
}

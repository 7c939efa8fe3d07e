// Preview of a push message as a chosen profile (or a sample one) would get it: the rendered
// title, body, image, link and badge, and the exact FCM message and APNs request the delivery
// would send (the iOS and Android frames of the editor draw from these).
import { z } from 'zod'
import { badRequest } from '@/lib/errors/app-error'
import { apnsRequestOf, fcmMessageOf, pushData, renderPush, type RenderedPush } from '@/lib/messaging/push/render-push'
import { pushOptionsFrom } from '@/lib/messaging/push/push-content'
import { TemplateRenderError, TemplateSyntaxError } from '@/lib/templates/template-types'
import { findChannelMessage } from './channel-message'
import { previewSend } from './preview-send'
import type { ClaimedSend } from '@/lib/messaging/claim-sends'

export const previewPushBody = z.object({ profileId: z.string().trim().max(64).nullish() })

/** The message's stored content as a claimed Send of the profile. */
export async function pushSendFor(companyId: number, messageId: string, profileId: string | null) {
  const m = await findChannelMessage(companyId, 'push', messageId)
  const str = (v: unknown) => (typeof v === 'string' ? v : '')
  return previewSend(
    companyId,
    'push',
    messageId,
    { subject: str(m.fields.title), text: str(m.fields.body), push: pushOptionsFrom(m.fields) },
    profileId,
  )
}

/** Renders, turning a template mistake into a 400 naming the field. */
export function renderPushOrThrow(s: ClaimedSend, now: Date): RenderedPush {
  try {
    return renderPush(s, now)
  } catch (e) {
    if (e instanceof TemplateSyntaxError || e instanceof TemplateRenderError)
      throw badRequest(`The message cannot be rendered: ${e.message}`, { body: [e.message] })
    throw e
  }
}

export async function previewPush(companyId: number, messageId: string, profileId: string | null, now = new Date()) {
  const s = await pushSendFor(companyId, messageId, profileId)
  const rendered = renderPushOrThrow(s, now)
  const data = pushData(rendered, { message_id: messageId })
  return {
    rendered,
    android: fcmMessageOf(rendered, '<device token>', data),
    ios: apnsRequestOf(rendered, data),
  }
}

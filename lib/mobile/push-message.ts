// The push editor's message (/push-editor/{messageId}, GET/PUT /ajax/push/messages/{id}): title,
// body and the options of seed 002 §3.3, read from and merged into the message's stored JSON.
import { z } from 'zod'
import { pushOptionFields, pushOptionsFrom } from '@/lib/messaging/push/push-content'
import { findChannelMessage, saveChannelFields, type ChannelMessage } from './channel-message'

export const savePushMessageBody = z
  .object({
    title: z.string('Enter a title.').trim().max(255, 'Use at most 255 characters.'),
    body: z.string('Enter the message.').trim().max(1000, 'Use at most 1,000 characters.'),
    // the /ajax body arrives camelized; stored in the message's snake_case JSON
    imageUrl: pushOptionFields.image_url,
    openAction: pushOptionFields.open_action,
    badgeAction: pushOptionFields.badge_action,
    notificationType: pushOptionFields.notification_type,
  })
  .superRefine((v, ctx) => {
    // a silent push shows nothing, so only a visible one needs words
    if (v.notificationType !== 'silent' && !v.body)
      ctx.addIssue({ code: 'custom', path: ['body'], message: 'Enter the message.' })
  })
export type SavePushMessageInput = z.infer<typeof savePushMessageBody>

const str = (v: unknown) => (typeof v === 'string' ? v : '')

export function pushMessageView(m: ChannelMessage) {
  const o = pushOptionsFrom(m.fields)
  return {
    id: m.id,
    source: m.source,
    parentId: m.parentId,
    name: m.name,
    title: str(m.fields.title),
    body: str(m.fields.body),
    imageUrl: o.imageUrl ?? '',
    openAction: o.openAction,
    badgeAction: o.badge,
    notificationType: o.type,
    updatedAt: m.updatedAt.toISOString(),
  }
}
export type PushMessageView = ReturnType<typeof pushMessageView>

export async function getPushMessage(companyId: number, id: string): Promise<PushMessageView> {
  return pushMessageView(await findChannelMessage(companyId, 'push', id))
}

export async function savePushMessage(companyId: number, id: string, input: SavePushMessageInput, held: Set<string>) {
  const m = await saveChannelFields(
    companyId,
    'push',
    id,
    {
      title: input.title,
      body: input.body,
      image_url: input.imageUrl || null,
      // the editor's image is the one image of the message
      dynamic_image: input.imageUrl || null,
      open_action: input.openAction ?? { type: 'home' },
      badge_action: input.badgeAction ?? { type: 'none' },
      notification_type: input.notificationType ?? 'standard',
      // the flow's older fields, kept in step so the flow builder shows the same choice
      push_type: input.notificationType ?? 'standard',
      on_open: input.openAction?.type === 'deep_link' ? 'link' : 'home',
    },
    held,
  )
  return pushMessageView(m)
}

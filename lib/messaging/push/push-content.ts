// The push options of seed 002 §3.3 as a message stores them, in the same JSON as its title and
// body (CampaignMessage.content of a mobile_push message, FlowMessage.definition of a push
// action): image_url, open_action (home | deep_link with its url), badge_action (none | increment |
// set_count with a count | set_property naming a profile property) and notification_type
// (standard | silent). Links and images may hold template tags; they are rendered per profile.
import { z } from 'zod'

export const NOTIFICATION_TYPES = ['standard', 'silent'] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]

// A deep link is an app's own scheme (myshop://…) or https; a script URL is never a link.
const linkPattern = /^(?!javascript:|data:|vbscript:)[a-z][a-z0-9+.-]*:\S+$/i
const tagged = /\{\{|\{%/

export const openActionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('home') }),
    z.object({
      type: z.literal('deep_link'),
      url: z
        .string('Enter the link to open.')
        .trim()
        .min(1, 'Enter the link to open.')
        .max(2048, 'Use at most 2048 characters.')
        .refine((v) => tagged.test(v) || linkPattern.test(v), 'Enter a link with its scheme, such as myshop://cart.'),
    }),
  ],
  'The open action must be home or deep_link.',
)

export const badgeSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('none') }),
    z.object({ type: z.literal('increment') }),
    z.object({
      type: z.literal('set_count'),
      count: z.number('Enter a number.').int('Enter a whole number.').min(0, 'Use 0 or more.').max(99_999),
    }),
    z.object({
      type: z.literal('set_property'),
      property: z
        .string('Enter a profile property.')
        .trim()
        .min(1, 'Enter a profile property.')
        .max(200, 'Use at most 200 characters.'),
    }),
  ],
  'The badge action must be none, increment, set_count or set_property.',
)

const imageUrl = z
  .string()
  .trim()
  .max(2048, 'Use at most 2048 characters.')
  .refine((v) => v === '' || tagged.test(v) || /^https:\/\/\S+$/i.test(v), 'Enter an https:// image address.')

/** The option fields, spread into the /api and editor schemas of a push message. */
export const pushOptionFields = {
  image_url: imageUrl.nullish(),
  open_action: openActionSchema.nullish(),
  // not "badge": flow messages already use that name for an on/off switch (an increment)
  badge_action: badgeSchema.nullish(),
  notification_type: z.enum(NOTIFICATION_TYPES, 'The notification type must be standard or silent.').nullish(),
}

export type OpenAction = z.infer<typeof openActionSchema>
export type BadgeAction = z.infer<typeof badgeSchema>

/** What a push Send carries in Send.content.push (the templates still unrendered). */
export interface PushOptions {
  imageUrl?: string
  openAction: OpenAction
  badge: BadgeAction
  type: NotificationType
}

export const DEFAULT_PUSH_OPTIONS: PushOptions = {
  openAction: { type: 'home' },
  badge: { type: 'none' },
  type: 'standard',
}

/**
 * The options of a stored message, read leniently: a field that does not parse falls back to its
 * default, and the older flow fields (on_open link + link_url, push_type, dynamic_image, badge true) are
 * understood, so messages written before the editor existed still send.
 */
export function pushOptionsFrom(c: Record<string, unknown>): PushOptions {
  const open = openActionSchema.safeParse(c.open_action)
  const legacyUrl = typeof c.link_url === 'string' ? c.link_url : typeof c.url === 'string' ? c.url : ''
  const openAction: OpenAction = open.success
    ? open.data
    : (c.on_open === 'link' || c.on_open === 'open_url') && legacyUrl
      ? { type: 'deep_link', url: legacyUrl }
      : { type: 'home' }
  const badge = badgeSchema.safeParse(c.badge_action)
  const typeRaw = c.notification_type ?? c.push_type
  const image = [c.image_url, c.dynamic_image].find((v) => typeof v === 'string' && v.trim()) as string | undefined
  return {
    ...(image ? { imageUrl: image.trim() } : {}),
    openAction,
    badge: badge.success ? badge.data : c.badge === true ? { type: 'increment' } : { type: 'none' },
    type: typeRaw === 'silent' ? 'silent' : 'standard',
  }
}

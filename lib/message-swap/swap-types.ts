// /to/be/swapped (email) and /to/be/swapped/push: the shapes and input of the message swap.
import { z } from 'zod'

export const SWAP_CHANNELS = ['email', 'push'] as const
export type SwapChannel = (typeof SWAP_CHANNELS)[number]
export const TARGET_KINDS = ['campaign_message', 'flow_message'] as const
export type TargetKind = (typeof TARGET_KINDS)[number]

/** The push fields a swap copies from saved push content; the rest of the message stays. */
export const PUSH_FIELDS = ['title', 'body', 'image_url', 'open_action', 'badge_action', 'notification_type'] as const

export const swapTargetsQuery = z.object({ channel: z.enum(SWAP_CHANNELS) })

export const swapPreviewQuery = z.object({
  channel: z.enum(SWAP_CHANNELS),
  kind: z.enum(TARGET_KINDS),
  id: z.string().trim().min(1).max(64),
  source_id: z.string().trim().min(1).max(64).optional(),
})

export const swapBody = z.object({
  channel: z.enum(SWAP_CHANNELS),
  kind: z.enum(TARGET_KINDS),
  id: z.string().trim().min(1).max(64),
  sourceId: z
    .string({ error: 'Choose the template to swap in.' })
    .trim()
    .min(1, 'Choose the template to swap in.')
    .max(64),
})
export type SwapInput = z.infer<typeof swapBody>

export interface SwapTarget {
  kind: TargetKind
  id: string
  /** The campaign or flow, then the message's own name. */
  label: string
  parentId: string
  /** Why this message cannot be swapped now (sent campaign, shared template …); null when it can. */
  blocked: string | null
}

export interface SwapSource {
  id: string
  name: string
}

/** What a message shows: the email's HTML, or a push's title and body. */
export interface SwapContent {
  html: string | null
  title: string | null
  body: string | null
}

export interface SwapVersion {
  id: string
  sourceId: string
  createdAt: string
  restoredAt: string | null
}

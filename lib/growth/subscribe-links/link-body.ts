// The create and edit bodies of /ajax/growth/subscribe-links.
import { z } from 'zod'
import { subscribeLinkContent } from './content'

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/

export const subscribeLinkBody = z
  .object({
    name: z.string().trim().min(1, 'Enter a name.').max(120),
    listId: z.string().trim().min(1, 'Choose a list.').max(64),
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .regex(SLUG_PATTERN, 'Use lowercase letters, digits and dashes (up to 64).')
      .optional(),
    status: z.enum(['active', 'disabled']).default('active'),
    content: subscribeLinkContent,
  })
  .strict()

export type SubscribeLinkBody = z.infer<typeof subscribeLinkBody>

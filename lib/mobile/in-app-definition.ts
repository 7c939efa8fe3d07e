// What an in-app message looks like, as the mobile SDK draws it: a banner or a modal with a
// title, body, optional image and up to two buttons, each opening a deep link (or closing).
// Stored and edited in camelCase (the /ajax body is camelized); the SDK gets snake_case
// attributes (forSdk), as the rest of the /client surface.
import { z } from 'zod'

const link = z
  .string()
  .trim()
  .max(2048, 'Use at most 2048 characters.')
  .regex(
    /^(?!javascript:|data:|vbscript:)[a-z][a-z0-9+.-]*:\S+$/i,
    'Enter a link with its scheme, such as myshop://cart.',
  )

export const inAppDefinitionSchema = z.object({
  layout: z.enum(['banner', 'modal'], 'The layout must be banner or modal.'),
  title: z.string('Enter a title.').trim().min(1, 'Enter a title.').max(120, 'Use at most 120 characters.'),
  body: z.string().trim().max(1000, 'Use at most 1,000 characters.').default(''),
  imageUrl: z
    .string()
    .trim()
    .max(2048)
    .refine((v) => v === '' || /^https:\/\/\S+$/i.test(v), 'Enter an https:// image address.')
    .default(''),
  buttons: z
    .array(
      z.object({
        label: z.string('Enter a label.').trim().min(1, 'Enter a label.').max(40, 'Use at most 40 characters.'),
        /** Empty: the button just closes the message. */
        deepLink: z.union([z.literal(''), link]).default(''),
      }),
    )
    .max(2, 'Use at most two buttons.')
    .default([]),
})
export type InAppDefinition = z.infer<typeof inAppDefinitionSchema>

export const EMPTY_DEFINITION: InAppDefinition = { layout: 'modal', title: '', body: '', imageUrl: '', buttons: [] }

/** A stored definition read back (a row written by an older version falls back to empty). */
export function parseDefinition(json: string): InAppDefinition {
  try {
    const r = inAppDefinitionSchema.safeParse(JSON.parse(json))
    return r.success ? r.data : EMPTY_DEFINITION
  } catch {
    return EMPTY_DEFINITION
  }
}

/** The attributes the mobile SDK reads (snake_case, as the vendor's JSON:API documents). */
export const forSdk = (d: InAppDefinition) => ({
  layout: d.layout,
  title: d.title,
  body: d.body,
  image_url: d.imageUrl,
  buttons: d.buttons.map((b) => ({ label: b.label, deep_link: b.deepLink })),
})

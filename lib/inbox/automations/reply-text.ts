// The text of an automatic or quick reply as forms send it: trimmed, at most 1,000 characters,
// and only the {{ variable }} forms renderReply fills in.
import { z } from 'zod'
import { hasOnlyKnownTags } from './render-reply'

export const replyText = (required: string) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(1000, 'Use at most 1,000 characters.')
    .refine(hasOnlyKnownTags, 'Use variables like {{ first_name }} or {{ first_name|default:"there" }}.')

export const phraseList = z
  .array(z.string().trim().min(1, 'Enter a phrase.').max(100, 'Use at most 100 characters.'))
  .max(50, 'Use at most 50 phrases.')
  .default([])

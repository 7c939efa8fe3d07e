// Shared by the send pipeline (lib/messaging) and the translations store, so neither imports the other.

/** A ready translation of an email, compiled: what replaces the original for a recipient in its language. */
export interface TranslatedContent {
  subject?: string
  previewText?: string
  html: string
  text: string
}

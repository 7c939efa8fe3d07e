// Automatic moderation of a submitted review: a clean review at or above the company's minimum
// rating is published at once; anything a rule flags waits in the moderation queue (pending) with
// the reasons, so the merchant sees why. Questions always wait: they need an answer first.
// Pure: the rules and their settings in, a decision out (the table test drives it).

export type ModerationFlag = 'profanity' | 'links' | 'repeated_text' | 'low_rating' | 'question'

export interface ModerationSettings {
  /** Reviews rated below this wait for a person (1 publishes every clean review). */
  minRatingToPublish: number
  /** Lower-case words; matched as whole words. */
  profanity: readonly string[]
  /** Every review waits for a person (the "manual" moderation setting); the flags still say why else. */
  holdAll?: boolean
}

// A short default list; merchants would extend it in the reviews settings.
export const DEFAULT_PROFANITY = ['fuck', 'fucking', 'shit', 'bitch', 'asshole', 'bastard', 'cunt', 'dick'] as const

export const DEFAULT_MODERATION: ModerationSettings = { minRatingToPublish: 1, profanity: DEFAULT_PROFANITY }

export interface ModerationInput {
  reviewType: string
  rating: number | null
  title: string | null
  body: string
}

export interface ModerationResult {
  status: 'published' | 'pending'
  flags: ModerationFlag[]
}

const LINK = /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:com|net|org|io|ru|cn|xyz|top|info|biz)\b/i
// The same character eight times in a row ("!!!!!!!!", "aaaaaaaa").
const RUN = /(.)\1{7,}/u

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []
}

/** The same word three times running, or one word making up half of a text of ten words or more. */
function repeated(text: string): boolean {
  if (RUN.test(text)) return true
  const w = words(text)
  for (let i = 2; i < w.length; i++) if (w[i] === w[i - 1] && w[i] === w[i - 2]) return true
  if (w.length >= 10) {
    const counts = new Map<string, number>()
    for (const x of w) counts.set(x, (counts.get(x) ?? 0) + 1)
    if (Math.max(...counts.values()) * 2 >= w.length) return true
  }
  return false
}

export function moderateReview(
  input: ModerationInput,
  settings: ModerationSettings = DEFAULT_MODERATION,
): ModerationResult {
  const text = `${input.title ?? ''}\n${input.body}`
  const flags: ModerationFlag[] = []
  const bad = new Set(settings.profanity.map((p) => p.toLowerCase()))
  if (words(text).some((w) => bad.has(w))) flags.push('profanity')
  if (LINK.test(text)) flags.push('links')
  if (repeated(text)) flags.push('repeated_text')
  if (input.rating != null && input.rating < settings.minRatingToPublish) flags.push('low_rating')
  if (input.reviewType === 'question') flags.push('question')
  return { status: flags.length || settings.holdAll ? 'pending' : 'published', flags }
}

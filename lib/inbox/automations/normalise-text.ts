// Text as the rules compare it: lower case, accents dropped, punctuation as spaces, spaces
// collapsed. A phrase matches when its words appear together as whole words ("order" matches
// "Where is my order?" but not "reorder").

export function normaliseText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

export function containsPhrase(normalisedText: string, phrase: string): boolean {
  const p = normaliseText(phrase)
  if (!p) return false
  return ` ${normalisedText} `.includes(` ${p} `)
}

/** JSON array of phrases as stored; anything else is no phrases. */
export function parsePhrases(json: string | null | undefined): string[] {
  try {
    const v: unknown = JSON.parse(json || '[]')
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []
  } catch {
    return []
  }
}

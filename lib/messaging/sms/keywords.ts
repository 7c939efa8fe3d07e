// SMS keywords: STOP, UNSUBSCRIBE, CANCEL, END and QUIT unsubscribe; START and UNSTOP
// resubscribe; HELP answers with the company's help text — plus any extra words a company
// adds in its settings. A keyword is the whole message (case, surrounding space and trailing
// punctuation ignored), so "stop." unsubscribes and "please stop calling" is just a reply.
export type KeywordAction = 'stop' | 'start' | 'help'

export interface KeywordSettings {
  stop: string[]
  start: string[]
  help: string[]
}

export const STANDARD_KEYWORDS: KeywordSettings = {
  stop: ['STOP', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'],
  start: ['START', 'UNSTOP'],
  help: ['HELP'],
}

export function parseKeywords(json: string | null | undefined): KeywordSettings {
  const out: KeywordSettings = { stop: [], start: [], help: [] }
  try {
    const v = JSON.parse(json ?? '{}') as Partial<Record<KeywordAction, unknown>>
    for (const k of ['stop', 'start', 'help'] as const) {
      const list = v[k]
      if (Array.isArray(list))
        out[k] = list.filter((w): w is string => typeof w === 'string').map((w) => w.toUpperCase())
    }
  } catch {}
  return out
}

/** The message as a keyword: trimmed, trailing punctuation dropped, upper case. */
export const keywordOf = (body: string): string =>
  body
    .trim()
    .replace(/[.!?]+$/, '')
    .trim()
    .toUpperCase()

export function matchKeyword(
  body: string,
  extra: KeywordSettings = { stop: [], start: [], help: [] },
): KeywordAction | null {
  const word = keywordOf(body)
  if (!word) return null
  for (const k of ['stop', 'start', 'help'] as const) {
    if (STANDARD_KEYWORDS[k].includes(word) || extra[k].includes(word)) return k
  }
  return null
}

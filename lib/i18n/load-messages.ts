// Messages for a locale, deep-merged over en-US so each missing key falls back to English.
import type { Locale } from './locales'
import en from '@/messages/en-US.json'

type Tree = { [k: string]: string | Tree }

export function mergeMessages(base: Tree, over: Tree): Tree {
  const out: Tree = { ...base }
  for (const [k, v] of Object.entries(over)) {
    const b = out[k]
    out[k] = typeof v === 'object' && typeof b === 'object' ? mergeMessages(b, v) : v
  }
  return out
}

export async function loadMessages(locale: Locale): Promise<Tree> {
  if (locale === 'en-US') return en as Tree
  const mod = (await import(`@/messages/${locale}.json`)) as { default: Tree }
  return mergeMessages(en as Tree, mod.default)
}

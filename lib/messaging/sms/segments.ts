// How many SMS segments a body takes (3GPP TS 23.038): GSM-7 when every character is in the
// default alphabet or its extension table (extension characters cost two septets, and an
// escape pair is never split across segments), else UCS-2 (UTF-16 code units; a surrogate
// pair is never split). One segment holds 160 septets / 70 units; a concatenated message
// spends 7 septets / 3 units per segment on its header, so 153 / 67 each.
export type SmsEncoding = 'GSM-7' | 'UCS-2'

export interface SegmentCount {
  encoding: SmsEncoding
  /** Characters as a person counts them (code points). */
  characters: number
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number
  segments: number
  /** Characters that forced UCS-2 (distinct, in order of appearance). */
  nonGsmCharacters: string[]
}

const GSM_BASIC = new Set(
  Array.from(
    '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
  ),
)
const GSM_EXTENSION = new Set(Array.from('^{}\\[~]|€\f'))

export const isGsmCharacter = (ch: string): boolean => GSM_BASIC.has(ch) || GSM_EXTENSION.has(ch)

/** Splits a list of unit sizes into segments of at most `size` units without splitting one item. */
function pack(sizes: number[], single: number, multi: number): { units: number; segments: number } {
  const units = sizes.reduce((a, b) => a + b, 0)
  if (units === 0) return { units, segments: 0 }
  if (units <= single) return { units, segments: 1 }
  let segments = 1
  let used = 0
  for (const n of sizes) {
    if (used + n > multi) {
      segments++
      used = 0
    }
    used += n
  }
  return { units, segments }
}

export function countSegments(body: string): SegmentCount {
  const chars = Array.from(body)
  const nonGsm = [...new Set(chars.filter((c) => !isGsmCharacter(c)))]
  if (!nonGsm.length) {
    const { units, segments } = pack(
      chars.map((c) => (GSM_EXTENSION.has(c) ? 2 : 1)),
      160,
      153,
    )
    return { encoding: 'GSM-7', characters: chars.length, units, segments, nonGsmCharacters: [] }
  }
  const { units, segments } = pack(
    chars.map((c) => c.length),
    70,
    67,
  )
  return { encoding: 'UCS-2', characters: chars.length, units, segments, nonGsmCharacters: nonGsm }
}

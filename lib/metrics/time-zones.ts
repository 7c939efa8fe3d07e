// The time zones an account can choose (GET /ajax/account/timezones) and the one rule that says
// whether a value is one of them. IANA names only, from the runtime's ICU data, plus UTC. Beside
// zoned-time.ts rather than in lib/account because sign-up (lib/auth) checks it too, and lib/auth
// must not import lib/account, which builds on it (issue 30, the folder import cycle).
import { isValidTimeZone, offsetMs } from './zoned-time'

export const UNKNOWN_TIME_ZONE = 'Choose a time zone from the list.'

// ICU still lists some zones under names IANA has since replaced; people look for the new ones.
const RENAMED: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Europe/Kiev': 'Europe/Kyiv',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'America/Godthab': 'America/Nuuk',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Mendoza': 'America/Argentina/Mendoza',
}
const modern = (zone: string) => (RENAMED[zone] && isValidTimeZone(RENAMED[zone]) ? RENAMED[zone] : zone)

let cached: string[] | null = null

export function supportedTimeZones(): string[] {
  cached ??= [
    'UTC',
    ...new Set(
      Intl.supportedValuesOf('timeZone')
        .filter((z) => z !== 'UTC')
        .map(modern),
    ),
  ]
  return cached
}

/**
 * The stored form of a time zone the user gave, or null when it is not an IANA zone: a name
 * of the list, or another IANA spelling that ICU knows (such as an older alias the browser
 * reports, "Europe/Kiev", stored as "Europe/Kyiv"). Abbreviations ("EST") and offsets ("+01:00") are refused.
 */
export function normaliseTimeZone(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const v = value.trim()
  if (!v || v.length > 64) return null
  if (v.toUpperCase() === 'UTC') return 'UTC'
  if (supportedTimeZones().includes(v)) return v
  if (!/^[A-Za-z]+(?:\/[A-Za-z0-9_+\-]+)+$/.test(v) || !isValidTimeZone(v)) return null
  return modern(new Intl.DateTimeFormat('en-US', { timeZone: v }).resolvedOptions().timeZone)
}

function offsetLabel(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

export interface TimeZoneOption {
  value: string
  label: string
  /** Minutes east of UTC now (it changes with daylight saving time). */
  offsetMinutes: number
}

/** Every choosable zone with its current offset, west to east, then by name. */
export function listTimeZones(now = Date.now()): TimeZoneOption[] {
  return supportedTimeZones()
    .map((value) => {
      const offsetMinutes = Math.round(offsetMs(value, now) / 60_000)
      return { value, offsetMinutes, label: `(${offsetLabel(offsetMinutes)}) ${value.replace(/_/g, ' ')}` }
    })
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.value.localeCompare(b.value))
}

// The destinations /cdp/sync offers. Only the webhook is real: the repository has no SFTP
// client (issue 21's SFTP import is a local drop folder) and no Google credentials, so those
// destinations are listed as not available rather than pretending to send anything.
export const DESTINATIONS = [
  { key: 'webhook', available: true },
  { key: 'sftp-csv', available: false },
  { key: 'google-sheets', available: false },
] as const

export type DestinationKey = (typeof DESTINATIONS)[number]['key']

export const destinationOf = (key: string) => DESTINATIONS.find((d) => d.key === key) ?? null

/** Profile fields a sync may send with each change (besides the profile id, always sent). */
export const SYNC_FIELDS = [
  'email',
  'phoneNumber',
  'externalId',
  'firstName',
  'lastName',
  'organization',
  'city',
  'region',
  'country',
  'zip',
  'timezone',
  'locale',
] as const
export type SyncField = (typeof SYNC_FIELDS)[number]

export const SCHEDULES = ['manual', 'hourly', 'daily'] as const
export type SyncSchedule = (typeof SCHEDULES)[number]
export const SCHEDULE_MS: Record<SyncSchedule, number | null> = {
  manual: null,
  hourly: 3_600_000,
  daily: 86_400_000,
}

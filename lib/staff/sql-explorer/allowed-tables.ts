// The tables the staff SQL explorer can read, each through a CTE of the same name holding only
// the account's rows (every one has a companyId column). Tables with secrets (API keys, provider
// tokens, sessions, users' password hashes) are not here and cannot be named.
export const ALLOWED_TABLES = [
  'AuditEntry',
  'Campaign',
  'CatalogItem',
  'Coupon',
  'Download',
  'Event',
  'Flow',
  'Form',
  'Group',
  'GroupMembership',
  'ImportJob',
  'Membership',
  'Metric',
  'Profile',
  'ProfileConsent',
  'Review',
  'Send',
  'SupportTicket',
  'Suppression',
  'Template',
] as const

const BY_LOWER = new Map<string, string>(ALLOWED_TABLES.map((t) => [t.toLowerCase(), t]))

/** The table's real name when it is allowed (names are matched without case, as both engines do for the explorer's user). */
export const allowedTable = (name: string): string | undefined => BY_LOWER.get(name.toLowerCase())

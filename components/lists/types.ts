// Shapes of the /ajax group, list and people calls as the browser sees them (keys camelCased by
// the http module). The server's route files are the source of truth; these mirror them.
export type GroupType = 0 | 1

export interface GroupSummary {
  id: string
  name: string
  type: GroupType
  memberCount: number
  createdAt: string
  updatedAt?: string
  isStarred: boolean
  isProcessing: boolean
  processingPercent: number
}

export interface GroupDetail extends GroupSummary {
  optInProcess: string
  definition: unknown
  tags: string[]
}

/** One page of an offset-paged /ajax list (lib/groups/paging.ts): the cursor is the next offset. */
export interface CursorPage<T> {
  data: T[]
  nextCursor: string | null
  total: number
}

export type GroupPage = CursorPage<GroupSummary>

export interface MemberRow {
  profileId: string
  email: string | null
  phoneNumber: string | null
  firstName: string | null
  lastName: string | null
  source: string | null
  enteredAt: string
}

export type OptInProcess = 'single_opt_in' | 'double_opt_in'

export interface ListSettings {
  id: string
  name: string
  optInProcess: OptInProcess
}

export interface ImportJobView {
  id: string
  status: 'queued' | 'processing' | 'complete' | 'cancelled' | 'failed'
  totalCount: number
  completedCount: number
  failedCount: number
  /** imported: the row went in without this field; otherwise the row was refused. */
  errors: Array<{ line: number; field?: string | null; message: string; imported?: boolean }>
  percentComplete: number
  createdAt: string
  completedAt: string | null
}

export interface GrowthDay {
  date: string
  joined: number
  left: number
  net: number
  /** Members at the end of the day. */
  total: number
}

export interface GrowthResponse {
  listId: string
  timezone: string
  days: GrowthDay[]
  joined: number
  left: number
}

export interface SubscriberRow {
  profileId: string
  email: string | null
  phoneNumber: string | null
  firstName: string | null
  lastName: string | null
  consent: string | null
  consentedAt: string | null
  createdAt: string
}

export interface SuppressedRow {
  profileId: string
  email: string | null
  phoneNumber: string | null
  firstName: string | null
  lastName: string | null
  channel: 'email' | 'sms'
  reason: 'unsubscribed' | 'bounced' | 'spam_complaint' | 'manual'
  suppressedAt: string
}

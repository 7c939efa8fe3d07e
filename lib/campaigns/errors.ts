// The error every campaign operation throws for bad input or a refused transition. /ajax turns
// it into 400 {error, fieldErrors}; /api into a JSON:API 400 (bad input) or 409 (wrong state).
export type CampaignErrorCode =
  | 'not_found'
  | 'invalid'
  | 'no_audience'
  | 'overlapping_audience'
  | 'empty_content'
  | 'schedule_in_past'
  | 'ab_test_variations'
  | 'not_editable'
  | 'wrong_status'
  | 'no_postal_address'

export class CampaignError extends Error {
  readonly code: CampaignErrorCode
  /** The field the error is about (e.g. 'audiences.included', 'send_strategy.datetime'), if any. */
  readonly field?: string
  /** HTTP status: 400 bad input, 404 not found, 409 wrong state. */
  readonly status: number

  constructor(code: CampaignErrorCode, message: string, opts: { field?: string; status?: number } = {}) {
    super(message)
    this.name = 'CampaignError'
    this.code = code
    this.field = opts.field
    this.status =
      opts.status ?? (code === 'not_found' ? 404 : code === 'not_editable' || code === 'wrong_status' ? 409 : 400)
  }

  /** {field: message} for forms (empty if the error is about no field). */
  fieldErrors(): Record<string, string> {
    return this.field ? { [this.field]: this.message } : {}
  }
}

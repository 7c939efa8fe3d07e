// The rows of a CSV import that will not go in whole, checked in the browser before importing
// with the same phone reading as the worker (normalize-phone.ts): a row with an unusable phone
// number or email is imported without that field, and a row left with nothing that identifies
// the person (email, phone number or external id) is refused.
import { z } from 'zod'
import type { CountryCode } from 'libphonenumber-js'
import { normalizePhone } from './normalize-phone'

export type RowProblemKind = 'phone_invalid' | 'phone_needs_country' | 'email_invalid' | 'no_identifier'

export interface RowProblem {
  column: string | null
  value: string
  kind: RowProblemKind
}

export interface RowCheck {
  /** 1-based position among the data rows (the header is not counted). */
  row: number
  problems: RowProblem[]
  /** Nothing identifies the person once the unusable fields are left out. */
  refused: boolean
}

const EMAIL = z.regexes.email

/** Only the rows with a problem, in file order. */
export function checkImportRows(
  headers: string[],
  rows: string[][],
  mapping: Record<string, string>,
  region?: CountryCode,
): RowCheck[] {
  const columns = headers.map((h, i) => ({ h, i, target: mapping[h] ?? 'skip' }))
  const of = (target: string) => columns.filter((c) => c.target === target)
  const email = of('email')[0]
  const phone = of('phone_number')[0]
  const external = of('external_id')[0]
  const out: RowCheck[] = []
  rows.forEach((cells, r) => {
    const problems: RowProblem[] = []
    const value = (c?: { i: number }) => (c ? (cells[c.i] ?? '').trim() : '')
    let identified = !!value(external)
    const e = value(email)
    if (e) {
      if (EMAIL.test(e.toLowerCase())) identified = true
      else problems.push({ column: email!.h, value: e, kind: 'email_invalid' })
    }
    const p = value(phone)
    if (p) {
      const res = normalizePhone(p, region)
      if (res.ok) identified = true
      else
        problems.push({
          column: phone!.h,
          value: p,
          kind: res.reason === 'needs_country' ? 'phone_needs_country' : 'phone_invalid',
        })
    }
    if (!identified && !problems.length) problems.push({ column: null, value: '', kind: 'no_identifier' })
    if (problems.length) out.push({ row: r + 1, problems, refused: !identified })
  })
  return out
}

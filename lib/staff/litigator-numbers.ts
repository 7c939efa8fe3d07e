// Litigator numbers: phone numbers never to be texted. Staff keep one list for every account
// (/staff/compliance, companyId 0); an account may upload its own (/litigator-upload). The send
// policy skips SMS and WhatsApp to a number on either (lib/messaging/account-restrictions.ts).
import Papa from 'papaparse'
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { normalizePhone, phoneRegion } from '@/lib/imports/normalize-phone'

/** The staff's list, for every account. */
export const GLOBAL_LIST = 0
const MAX_ROWS = 100_000
const CHUNK = 500

export const litigatorUploadBody = z.object({ csv: z.string().min(1).max(5_000_000) })
export const litigatorListQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) })

const PHONE_HEADER = /^(phone|phone[_ ]?number|number|mobile|msisdn|e164)$/i

export interface ParsedNumbers {
  numbers: string[]
  invalid: { row: number; value: string }[]
}

/** The numbers of a CSV: the phone column (by its header), else the first column; rows that are no number are reported. */
export function parseLitigatorCsv(csv: string, region = 'US'): ParsedNumbers {
  const rows = Papa.parse<string[]>(csv.trim(), { skipEmptyLines: true }).data
  if (rows.length > MAX_ROWS + 1)
    throw badRequest('Too many rows.', { csv: [`At most ${MAX_ROWS} numbers at a time.`] })
  let col = 0
  let start = 0
  const header = rows[0] ?? []
  const named = header.findIndex((h) => PHONE_HEADER.test(h.trim()))
  if (named >= 0) {
    col = named
    start = 1
  } else if (header.length && !/\d{4}/.test(header[0] ?? '')) start = 1
  const numbers = new Set<string>()
  const invalid: ParsedNumbers['invalid'] = []
  const country = phoneRegion(region)
  for (let i = start; i < rows.length; i++) {
    const value = (rows[i]![col] ?? '').trim()
    if (!value) continue
    const r = normalizePhone(value, country)
    if (r.ok) numbers.add(r.e164)
    else if (invalid.length < 100) invalid.push({ row: i + 1, value: value.slice(0, 40) })
  }
  return { numbers: [...numbers], invalid }
}

/** Adds the numbers to a list (GLOBAL_LIST or an account's); numbers already there are counted, not doubled. */
export async function addLitigatorNumbers(listId: number, numbers: string[], addedById: number) {
  let added = 0
  for (let i = 0; i < numbers.length; i += CHUNK) {
    const chunk = numbers.slice(i, i + CHUNK)
    const have = new Set(
      (
        await db.litigatorNumber.findMany({
          where: { companyId: listId, number: { in: chunk } },
          select: { number: true },
        })
      ).map((r) => r.number),
    )
    const fresh = chunk.filter((n) => !have.has(n))
    if (fresh.length)
      added += (
        await db.litigatorNumber.createMany({
          data: fresh.map((number) => ({ companyId: listId, number, addedById })),
        })
      ).count
  }
  return { added, alreadyListed: numbers.length - added }
}

export async function importLitigatorCsv(listId: number, csv: string, addedById: number, region?: string) {
  const parsed = parseLitigatorCsv(csv, region)
  if (!parsed.numbers.length)
    throw badRequest('No phone numbers found.', { csv: ['The file has no valid phone number.'] })
  return { ...(await addLitigatorNumbers(listId, parsed.numbers, addedById)), invalid: parsed.invalid }
}

export async function listLitigatorNumbers(listId: number, page: number, pageSize = 50) {
  const [rows, total] = await Promise.all([
    db.litigatorNumber.findMany({
      where: { companyId: listId },
      select: { id: true, number: true, createdAt: true },
      orderBy: { id: 'desc' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    }),
    db.litigatorNumber.count({ where: { companyId: listId } }),
  ])
  return { numbers: rows, total, page, pageSize }
}

export async function removeLitigatorNumber(listId: number, id: number) {
  const { count } = await db.litigatorNumber.deleteMany({ where: { id, companyId: listId } })
  return { removed: count }
}

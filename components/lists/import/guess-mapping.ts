// Column mapping for CSV imports: the targets createCsvImport accepts, and a first guess from
// the header names ("E-mail Address" → email, "Zip Code" → zip, anything else → a custom
// property of the same name).
export const STANDARD_TARGETS = [
  'email',
  'phone_number',
  'external_id',
  'first_name',
  'last_name',
  'organization',
  'title',
  'city',
  'region',
  'country',
  'zip',
] as const
export type StandardTarget = (typeof STANDARD_TARGETS)[number]
export const IDENTIFIER_TARGETS: readonly StandardTarget[] = ['email', 'phone_number', 'external_id']
export const SKIP = 'skip'
export const CUSTOM_PREFIX = 'properties.'

/** Normalised header spellings (lower case, letters and digits only) for each target. */
const SYNONYMS: Record<StandardTarget, string[]> = {
  email: ['email', 'emailaddress', 'mail', 'emailid', 'customeremail', 'useremail'],
  phone_number: [
    'phone',
    'phonenumber',
    'mobile',
    'mobilenumber',
    'mobilephone',
    'cell',
    'cellphone',
    'telephone',
    'tel',
    'sms',
    'smsnumber',
  ],
  external_id: ['externalid', 'customerid', 'userid', 'contactid', 'memberid', 'id'],
  first_name: ['firstname', 'first', 'givenname', 'fname', 'forename'],
  last_name: ['lastname', 'last', 'surname', 'familyname', 'lname'],
  organization: ['organization', 'organisation', 'company', 'companyname', 'org', 'business'],
  title: ['title', 'jobtitle', 'position', 'role'],
  city: ['city', 'town', 'locality'],
  region: ['region', 'state', 'province', 'county', 'stateprovince', 'stateorprovince'],
  country: ['country', 'countrycode', 'nation'],
  zip: ['zip', 'zipcode', 'postalcode', 'postcode', 'postal'],
}

export const normaliseHeader = (h: string) =>
  h
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]/g, '')

export function guessTarget(header: string): string {
  const n = normaliseHeader(header)
  if (!n) return SKIP
  for (const target of STANDARD_TARGETS) if (SYNONYMS[target].includes(n)) return target
  return CUSTOM_PREFIX + header.trim()
}

/** One guess per column; a standard field goes to its first column only, later ones become custom properties. */
export function guessMapping(headers: string[]): Record<string, string> {
  const taken = new Set<string>()
  const out: Record<string, string> = {}
  for (const h of headers) {
    let target = guessTarget(h)
    if (taken.has(target)) target = h.trim() ? CUSTOM_PREFIX + h.trim() : SKIP
    if (taken.has(target)) target = SKIP
    if (target !== SKIP) taken.add(target)
    out[h] = target
  }
  return out
}

export type MappingProblem =
  | { kind: 'no_identifier' }
  | { kind: 'duplicate'; target: string; columns: string[] }
  | { kind: 'custom_name'; column: string }

/** What stops a mapping from being submitted. */
export function mappingProblems(mapping: Record<string, string>): MappingProblem[] {
  const problems: MappingProblem[] = []
  const byTarget = new Map<string, string[]>()
  for (const [column, target] of Object.entries(mapping)) {
    if (target === SKIP) continue
    if (target.startsWith(CUSTOM_PREFIX) && !target.slice(CUSTOM_PREFIX.length).trim()) {
      problems.push({ kind: 'custom_name', column })
      continue
    }
    byTarget.set(target, [...(byTarget.get(target) ?? []), column])
  }
  for (const [target, columns] of byTarget)
    if (columns.length > 1) problems.push({ kind: 'duplicate', target, columns })
  if (!IDENTIFIER_TARGETS.some((t) => byTarget.has(t))) problems.unshift({ kind: 'no_identifier' })
  return problems
}

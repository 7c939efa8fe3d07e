// Reading and saving the ConsentPage rows of a company: scope "default" or one of its lists.
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import {
  CONSENT_PAGE_KINDS,
  EMPTY_CONSENT_PAGE,
  mergeConsentContent,
  readConsentContent,
  type ConsentPageContent,
  type ConsentPageKind,
} from '@/lib/hosted-pages/consent-page-content'

export const DEFAULT_SCOPE = 'default'

async function assertScope(companyId: number, scope: string) {
  if (scope === DEFAULT_SCOPE) return
  const list = await db.group.findFirst({
    where: { id: scope, companyId, type: 0, deletedAt: null },
    select: { id: true },
  })
  if (!list) throw badRequest('Choose one of your lists.', { scope: ['Choose one of your lists.'] })
}

/** All six pages of one scope, as stored (empty where never edited). */
export async function getConsentPages(
  companyId: number,
  scope: string,
): Promise<Record<ConsentPageKind, ConsentPageContent>> {
  await assertScope(companyId, scope)
  const rows = await db.consentPage.findMany({ where: { companyId, scope } })
  const out = {} as Record<ConsentPageKind, ConsentPageContent>
  for (const kind of CONSENT_PAGE_KINDS) out[kind] = readConsentContent(rows.find((r) => r.kind === kind)?.content)
  return out
}

export async function saveConsentPage(
  companyId: number,
  scope: string,
  kind: ConsentPageKind,
  content: ConsentPageContent,
): Promise<ConsentPageContent> {
  await assertScope(companyId, scope)
  const json = JSON.stringify(content)
  await db.consentPage.upsert({
    where: { companyId_scope_kind: { companyId, scope, kind } },
    create: { companyId, scope, kind, content: json },
    update: { content: json },
  })
  return content
}

/** What a hosted page shows: the list's page over the company default over the built-in page. */
export async function resolveConsentPage(
  companyId: number,
  kind: ConsentPageKind,
  listId?: string | null,
): Promise<ConsentPageContent> {
  const scopes = listId ? [DEFAULT_SCOPE, listId] : [DEFAULT_SCOPE]
  const rows = await db.consentPage.findMany({ where: { companyId, kind, scope: { in: scopes } } })
  const base = mergeConsentContent(
    EMPTY_CONSENT_PAGE,
    readConsentContent(rows.find((r) => r.scope === DEFAULT_SCOPE)?.content),
  )
  const own = listId ? rows.find((r) => r.scope === listId) : undefined
  return own ? mergeConsentContent(base, readConsentContent(own.content)) : base
}

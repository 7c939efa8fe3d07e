// /portfolio/accounts: add an account the user belongs to, remove one. Adding an account the
// user does not belong to is refused; the screen offers the account invitation path instead
// (invite-to-account.ts), since only an account's own users may let someone in.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { getPortfolioOrThrow, memberAccounts, visibleAccounts } from './access'
import { assertMemberOf } from './create-portfolio'

export const addAccountBody = z.object({ companyId: z.coerce.number().int().positive() })

/** The portfolio's accounts and the user's other accounts that could be added. */
export async function portfolioAccounts(userId: number, portfolioId: number) {
  await getPortfolioOrThrow(userId, portfolioId)
  const accounts = await visibleAccounts(userId, portfolioId)
  const inPortfolio = new Set(accounts.map((a) => a.companyId))
  const candidates = (await memberAccounts(userId)).filter((a) => !inPortfolio.has(a.companyId))
  return { accounts, candidates }
}

export async function addPortfolioAccount(userId: number, portfolioId: number, companyId: number) {
  await getPortfolioOrThrow(userId, portfolioId)
  await assertMemberOf(userId, [companyId], 'companyId')
  // Adding twice is a no-op (the unique key), not an error: a double click is not a mistake.
  await db.portfolioAccount.upsert({
    where: { portfolioId_companyId: { portfolioId, companyId } },
    create: { portfolioId, companyId },
    update: {},
  })
  return portfolioAccounts(userId, portfolioId)
}

export async function removePortfolioAccount(userId: number, portfolioId: number, companyId: number) {
  await getPortfolioOrThrow(userId, portfolioId)
  const { count } = await db.portfolioAccount.deleteMany({ where: { portfolioId, companyId } })
  if (!count) throw notFound('That account is not in the portfolio.')
  // The account's metric mappings go with it: they would point at an account no longer shown.
  await db.portfolioMetricMap.deleteMany({ where: { companyId, portfolioMetric: { portfolioId } } })
  return portfolioAccounts(userId, portfolioId)
}

/** /portfolio/cancel: the portfolio goes; the accounts and everything in them stay as they are. */
export async function cancelPortfolio(userId: number, portfolioId: number) {
  await getPortfolioOrThrow(userId, portfolioId)
  await db.portfolio.delete({ where: { id: portfolioId } })
  return { cancelled: true }
}

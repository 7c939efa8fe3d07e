// Writes the scores set-based: multi-row upserts in batches, each batch its own short write
// transaction (SQLite has one writer; a 100,000-row rewrite must not hold it for seconds),
// then one DELETE of the company's rows an earlier fit wrote for customers no longer scored.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { dbEngine } from '@/lib/db/client'
import { exec, inWriteTx } from '@/lib/db/ops'
import { dbDate } from '@/lib/db/query-template'
import type { CustomerScore } from './score-customers'

const COLUMNS = 13
const batchSize = () => (dbEngine() === 'sqlite' ? 2000 : 4000)
const SQLITE_ROWS_PER_STATEMENT = Math.floor(32_000 / COLUMNS)

export async function writePredictions(
  companyId: number,
  fitId: number,
  rows: Array<{ profileId: string; score: CustomerScore }>,
  now: Date,
): Promise<number> {
  const updatedAt = dbDate(now)
  const perStatement = dbEngine() === 'sqlite' ? SQLITE_ROWS_PER_STATEMENT : Math.floor(60_000 / COLUMNS)
  const size = batchSize()
  for (let start = 0; start < rows.length; start += size) {
    const batch = rows.slice(start, start + size)
    await inWriteTx(function* () {
      for (let i = 0; i < batch.length; i += perStatement) {
        const values = batch.slice(i, i + perStatement).map(({ profileId, score: s }) => ({
          profileId,
          companyId,
          historicClv: s.historicClv,
          predictedClv: s.predictedClv,
          totalClv: s.totalClv,
          historicNumberOfOrders: s.historicNumberOfOrders,
          predictedNumberOfOrders: s.predictedNumberOfOrders,
          averageDaysBetweenOrders: s.averageDaysBetweenOrders,
          averageOrderValue: s.averageOrderValue,
          churnProbability: s.churnProbability,
          expectedDateOfNextOrder: s.expectedDateOfNextOrder ? dbDate(s.expectedDateOfNextOrder) : null,
          fitId,
          updatedAt,
        }))
        const excluded = (c: string) => sql.ref(`excluded.${c}`)
        yield* exec(
          kysely()
            .insertInto('ProfilePrediction')
            .values(values as never)
            .onConflict((oc) =>
              oc
                .column('profileId')
                // A profile id never moves between companies; the guard keeps a write scoped anyway.
                .where('ProfilePrediction.companyId', '=', companyId)
                .doUpdateSet({
                  historicClv: excluded('historicClv'),
                  predictedClv: excluded('predictedClv'),
                  totalClv: excluded('totalClv'),
                  historicNumberOfOrders: excluded('historicNumberOfOrders'),
                  predictedNumberOfOrders: excluded('predictedNumberOfOrders'),
                  averageDaysBetweenOrders: excluded('averageDaysBetweenOrders'),
                  averageOrderValue: excluded('averageOrderValue'),
                  churnProbability: excluded('churnProbability'),
                  expectedDateOfNextOrder: excluded('expectedDateOfNextOrder'),
                  fitId: excluded('fitId'),
                  updatedAt: excluded('updatedAt'),
                } as never),
            ),
        )
      }
    })
  }
  await deleteStalePredictions(companyId, fitId)
  return rows.length
}

/** Removes the company's predictions not written by fit `keepFitId` (all of them with null). */
export async function deleteStalePredictions(companyId: number, keepFitId: number | null): Promise<number> {
  return inWriteTx(function* () {
    let q = kysely().deleteFrom('ProfilePrediction').where('companyId', '=', companyId)
    if (keepFitId !== null) q = q.where('fitId', '<>', keepFitId)
    return yield* exec(q)
  })
}

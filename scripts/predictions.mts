// npm run predictions [-- --company <id>]: refits the predictive models (BG/NBD, Gamma-Gamma)
// of every account, or of one, and writes its customers' predictions; returns when they are
// written. Exit code 1 when an account's fit failed or the company does not exist.
import { db } from '@/lib/db/client'
import { refitCompany } from '@/lib/predictive/refit-company'

function companyArg(): number | null {
  const i = process.argv.indexOf('--company')
  if (i < 0) return null
  const id = Number(process.argv[i + 1])
  if (!Number.isSafeInteger(id) || id < 1) {
    console.error('--company needs a company id (a positive whole number).')
    process.exit(2)
  }
  return id
}

async function main(): Promise<number> {
  const only = companyArg()
  const companies = await db.company.findMany({
    where: only ? { id: only } : {},
    select: { id: true, name: true },
    orderBy: { id: 'asc' },
  })
  if (only && !companies.length) {
    console.error(`No company with id ${only}.`)
    return 1
  }
  let failed = 0
  for (const c of companies) {
    const r = await refitCompany(c.id, { trigger: 'cli' })
    if (r.status === 'failed') failed++
    const why = r.reasons.map((p) => `${p.code} (${p.actual} of ${p.required})`).join(', ')
    console.log(
      `${c.id} ${c.name}: ${r.status}, ${r.customers} customers${why ? `; ${why}` : ''} (${(r.durationMs / 1000).toFixed(1)} s)`,
    )
  }
  return failed ? 1 : 0
}

main()
  .then(async (code) => {
    await db.$disconnect()
    process.exit(code)
  })
  .catch(async (e) => {
    console.error(e)
    await db.$disconnect()
    process.exit(1)
  })

// Another process taking rate-limit tokens (run with tsx), for the cross-process tests:
// takes COUNT tokens on KEY with the limit LIMIT ("burst/steady") on DATABASE_URL at time NOW
// (epoch ms), prints one JSON line with how many were allowed, and exits.
import { takeToken } from '@/lib/api/rate-limit'
import { closePgPool } from '@/lib/db/pg-pool'

const [burst, steady] = (process.env.LIMIT ?? '3/60').split('/').map(Number) as [number, number]
const count = Number(process.env.COUNT ?? 1)
const now = Number(process.env.NOW ?? Date.now())
let allowed = 0
for (let i = 0; i < count; i++) if ((await takeToken(process.env.KEY!, { burst, steady }, now)).allowed) allowed++
console.log(JSON.stringify({ allowed }))
await closePgPool()

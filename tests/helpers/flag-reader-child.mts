// Another process reading a feature flag (run with tsx), for the cross-process cache test:
// reads FLAG of COMPANY_ID on DATABASE_URL every 25 ms through lib/flags (with its cache) and
// prints one JSON line each time the value it sees changes; exits when stdin closes.
import { isFlagOn } from '@/lib/flags/get-feature-flags'

const companyId = Number(process.env.COMPANY_ID)
const flag = process.env.FLAG!
let last: boolean | undefined
const timer = setInterval(async () => {
  const on = await isFlagOn(companyId, flag).catch(() => last)
  if (on !== last) {
    last = on
    process.stdout.write(JSON.stringify({ on, at: Date.now() }) + '\n')
  }
}, 25)
process.stdin.resume()
process.stdin.on('end', () => {
  clearInterval(timer)
  process.exit(0)
})

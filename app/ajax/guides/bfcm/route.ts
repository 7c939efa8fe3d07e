import { ajax } from '@/lib/http/ajax'
import { accountProgress, bfcmSeason } from '@/lib/guides/account-progress'
import { bfcmSteps } from '@/lib/guides/guide-steps'
import { db } from '@/lib/db/client'

// GET /ajax/guides/bfcm – the BFCM hub: the season's dates, the steps done, and the monitors watching
export const GET = ajax({
  resources: ['bfcm_hub_read'],
  handler: async ({ ctx }) => {
    const companyId = ctx.principal.companyId
    const now = new Date()
    const [progress, monitors] = await Promise.all([
      accountProgress(companyId, now),
      db.monitor.count({ where: { companyId, enabled: true } }),
    ])
    const steps = bfcmSteps(progress).map((s) =>
      s.id === 'monitor' ? { ...s, done: monitors > 0, count: monitors } : s,
    )
    return { season: bfcmSeason(now), steps }
  },
})
export type BfcmGuideResponse = { season: ReturnType<typeof bfcmSeason>; steps: ReturnType<typeof bfcmSteps> }

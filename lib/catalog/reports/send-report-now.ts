// "Send now" of a scheduled catalog report (POST /ajax/catalog/scheduled-reports/{id}/send).
// Each press mails every user of the account, so it is limited (issue 29, finding 11): once per
// report per 10 minutes, and a day's allowance per account, counted in the database so every web
// process of an install shares them. Past either limit: 429 with Retry-After and a plain message.
import { enforceRequestLimits, type RequestLimit } from '@/lib/rate-limit/request-limit'
import { getReport, sendScheduledReport } from './scheduled-reports'

const MIN = 60_000

export const SEND_NOW_PER_REPORT: RequestLimit = {
  bucket: 'catalog-report-send:report',
  max: 1,
  windowMs: 10 * MIN,
  message: 'This report was sent a moment ago. You can send it again 10 minutes after the last send.',
}

export const SEND_NOW_PER_ACCOUNT: RequestLimit = {
  bucket: 'catalog-report-send:company',
  max: 10,
  windowMs: 24 * 60 * MIN,
  message:
    'Your account has sent 10 reports by hand in the last 24 hours. Scheduled reports still go out; try again tomorrow.',
}

export async function sendReportNow(
  companyId: number,
  id: string,
  now = new Date(),
): Promise<{ sent: number; recipients: string[] }> {
  await getReport(companyId, id) // an unknown id is a 404 that uses up no allowance
  await enforceRequestLimits(
    [
      [SEND_NOW_PER_REPORT, `${companyId}:${id}`],
      [SEND_NOW_PER_ACCOUNT, String(companyId)],
    ],
    now.getTime(),
  )
  return sendScheduledReport(companyId, id, now)
}

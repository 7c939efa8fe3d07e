// The "send a test event" button of /client-diagnostics: one Active on Site event for the
// signed-in user's own address, through the same ingest as the onsite script's (client mode),
// marked `$diagnostic: true` so it shows as a test and can be told apart in reports.
import { ingestEvents } from '@/lib/events/ingest-events'

export async function sendDiagnosticEvent(
  companyId: number,
  email: string,
  page: string,
): Promise<{ eventId: number | null }> {
  const [result] = await ingestEvents(
    companyId,
    [
      {
        metric: { name: 'Active on Site' },
        profile: { email },
        properties: { page, $diagnostic: true },
        time: new Date(),
      },
    ],
    { mode: 'client' },
  )
  return { eventId: result?.eventId ?? null }
}

'use client'
// The team's test recipients (/settings/account/testing) as suggestions for a "send test" box:
// a <datalist> for the input's `list` attribute. A user who may not read the account settings
// gets no suggestions (the request is refused), never an error.
import useSWR from 'swr'
import { http } from '@/lib/client/http'
import type { ListTestRecipientsResponse } from '@/lib/test-recipients/test-recipients'

export function TestRecipientOptions({ id, kind }: { id: string; kind: 'email' | 'phone' }) {
  const { data } = useSWR(
    '/ajax/account/test-recipients',
    (u: string) => http.get<ListTestRecipientsResponse>(u).then((r) => r.data),
    { shouldRetryOnError: false, revalidateOnFocus: false },
  )
  return (
    <datalist id={id} data-testid={id}>
      {data?.recipients
        .filter((r) => r.kind === kind)
        .map((r) => (
          <option key={r.id} value={r.value} label={r.label ?? undefined} />
        ))}
    </datalist>
  )
}

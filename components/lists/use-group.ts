'use client'
// One list or segment by id (GET /ajax/group/{id}); 404 becomes `missing`.
import useSWR from 'swr'
import { isHttpError } from '@/lib/client/http'
import { http } from '@/lib/client/http'
import type { GroupDetail } from './types'

const getGroup = (url: string) => http.get<{ group: GroupDetail }>(url).then((r) => r.data.group)

export function useGroup(groupId: string) {
  const swr = useSWR<GroupDetail>(`/ajax/group/${encodeURIComponent(groupId)}`, getGroup, {
    shouldRetryOnError: (e: unknown) => !(isHttpError(e) && e.status === 404),
  })
  const missing = isHttpError(swr.error) && swr.error.status === 404
  return { ...swr, missing }
}

'use client'
// The /ajax/data-sync answer shared by the /cdp/sync screens (destinations, syncs, groups).
import useSWR from 'swr'
import { http } from '@/lib/client/http'
import type { SyncOverviewResponse } from '@/lib/data-sync/sync-overview'

export const SYNC_OVERVIEW_KEY = '/ajax/data-sync'

export function useSyncOverview() {
  return useSWR(SYNC_OVERVIEW_KEY, (u: string) => http.get<SyncOverviewResponse>(u).then((r) => r.data))
}

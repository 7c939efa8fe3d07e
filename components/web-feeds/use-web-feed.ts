'use client'
// One web feed by id (GET /ajax/web-feeds/{id}), shared by /feed/{id} and its preview.
import useSWR from 'swr'
import { http } from '@/lib/client/http'
import type { WebFeed } from '@/components/settings/web-feeds-screen'

export const webFeedKey = (id: string) => `/ajax/web-feeds/${encodeURIComponent(id)}`

export function useWebFeed(id: string) {
  return useSWR(webFeedKey(id), (u: string) => http.get<{ feed: WebFeed }>(u).then((r) => r.data.feed))
}

'use client'
// The wizard's saved state, shared by every step screen (SWR: one request per page).
import useSWR from 'swr'
import { http } from '@/lib/client/http'
import type { SetupStateResponse } from '@/app/ajax/onboarding/setup/route'

export const SETUP_KEY = '/ajax/onboarding/setup'

export function useSetupState() {
  return useSWR(SETUP_KEY, (url: string) => http.get<SetupStateResponse>(url).then((r) => r.data), {
    shouldRetryOnError: false,
  })
}

import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SegmentAndSendScreen } from '@/components/get-started/segment-and-send-screen'
import { SEGMENT_AND_SEND_STEPS } from '@/components/get-started/segment-and-send-steps'

export async function generateMetadata() {
  return { title: (await getTranslations('getStartedGuides'))('segmentAndSendTitle') }
}

type Step = (typeof SEGMENT_AND_SEND_STEPS)[number]

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ step: string }>
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const { step } = await params
  const q = await searchParams
  const one = (k: string) => (typeof q[k] === 'string' ? (q[k] as string) : '')
  if (!(SEGMENT_AND_SEND_STEPS as readonly string[]).includes(step)) notFound()
  return (
    <RouteScreen>
      <SegmentAndSendScreen
        step={step as Step}
        query={{ goal: one('goal'), audience: one('audience'), campaign: one('campaign') }}
      />
    </RouteScreen>
  )
}

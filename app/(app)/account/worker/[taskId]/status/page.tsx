import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { TaskStatusScreen } from '@/components/onboarding/task-status-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('onboarding'))('taskTitle') }
}

export default async function TaskStatusPage({ params }: { params: Promise<{ taskId: string }> }) {
  return (
    <RouteScreen>
      <TaskStatusScreen taskId={(await params).taskId} />
    </RouteScreen>
  )
}

import { redirect } from 'next/navigation'
import { currentPathname, guardRoute } from '@/lib/server/guard-route'

// /list/{listId}/forms/create: the form editor's create screen, started for this list.
export default async function CreateListFormPage({ params }: { params: Promise<{ listId: string }> }) {
  const { pathname } = await currentPathname()
  await guardRoute(pathname)
  const { listId } = await params
  redirect(`/forms/create?list=${encodeURIComponent(listId)}`)
}

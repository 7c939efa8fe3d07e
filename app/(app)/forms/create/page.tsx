import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CreateFormScreen } from '@/components/forms/create/create-form-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('forms'))('createTitle') }
}

// /forms/create?list={listId}: /list/{listId}/forms/create sends here with its list chosen.
export default async function CreateFormPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const list = (await searchParams).list
  return (
    <RouteScreen>
      <CreateFormScreen initialListId={typeof list === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(list) ? list : null} />
    </RouteScreen>
  )
}

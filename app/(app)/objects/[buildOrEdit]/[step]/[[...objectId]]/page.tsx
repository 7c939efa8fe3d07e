// /objects/{build|edit}/{step}/{objectId?}: the custom object builder.
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ObjectBuilder } from '@/components/objects/object-builder'
import { BUILDER_STEPS, type BuilderStep } from '@/lib/custom-objects/types'

export async function generateMetadata({ params }: { params: Promise<{ buildOrEdit: string }> }) {
  const t = await getTranslations('customObjects')
  return { title: (await params).buildOrEdit === 'edit' ? t('editTitle') : t('buildTitle') }
}

export default async function ObjectBuilderPage({
  params,
}: {
  params: Promise<{ buildOrEdit: string; step: string; objectId?: string[] }>
}) {
  const { buildOrEdit, step, objectId } = await params
  if (buildOrEdit !== 'build' && buildOrEdit !== 'edit') notFound()
  if (!BUILDER_STEPS.includes(step as BuilderStep)) notFound()
  if ((objectId?.length ?? 0) > 1 || (buildOrEdit === 'edit' && !objectId?.[0])) notFound()
  return (
    <RouteScreen>
      <ObjectBuilder mode={buildOrEdit} step={step as BuilderStep} objectId={objectId?.[0]} />
    </RouteScreen>
  )
}

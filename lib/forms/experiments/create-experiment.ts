// Creates a draft A/B experiment on a form from two or more of its versions, each with a share
// of visitors (whole percents summing to 100). One open (draft or running) experiment per form.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { fieldErrorsFrom } from '@/lib/errors/field-errors'

export const createExperimentInput = z
  .object({
    name: z.string().trim().min(1).max(200),
    winnerMode: z.enum(['automatic', 'manual']).default('automatic'),
    variations: z
      .array(z.object({ versionId: z.number().int().positive(), weight: z.number().int().min(1).max(99) }))
      .min(2)
      .max(8),
  })
  .superRefine((v, ctx) => {
    if (v.variations.reduce((s, x) => s + x.weight, 0) !== 100)
      ctx.addIssue({ code: 'custom', path: ['variations'], message: 'The weights must add up to 100.' })
    if (new Set(v.variations.map((x) => x.versionId)).size !== v.variations.length)
      ctx.addIssue({ code: 'custom', path: ['variations'], message: 'Each version can be used once.' })
  })
export type CreateExperimentInput = z.input<typeof createExperimentInput>

export async function createFormExperiment(companyId: number, formId: string, raw: CreateExperimentInput) {
  const parsed = createExperimentInput.safeParse(raw)
  if (!parsed.success) throw badRequest('The experiment is not valid.', fieldErrorsFrom(parsed.error))
  const input = parsed.data
  const form = await db.form.findFirst({ where: { companyId, id: formId }, select: { id: true } })
  if (!form) throw notFound('This form does not exist.')
  const versions = await db.formVersion.findMany({
    where: { companyId, formId, id: { in: input.variations.map((v) => v.versionId) } },
    select: { id: true, experimentId: true },
  })
  if (versions.length !== input.variations.length)
    throw badRequest('Every variation must be a version of this form.', {
      variations: ['Every variation must be a version of this form.'],
    })
  const open = await db.formExperiment.findFirst({
    where: { companyId, formId, status: { in: ['draft', 'running'] } },
    select: { id: true },
  })
  if (open)
    throw badRequest('This form already has an experiment that has not ended.', {
      name: ['This form already has an experiment that has not ended.'],
    })
  return db.$transaction(async (tx) => {
    const experiment = await tx.formExperiment.create({
      data: { companyId, formId, name: input.name, winnerMode: input.winnerMode },
    })
    for (const v of input.variations) {
      await tx.formVersion.updateMany({
        where: { companyId, formId, id: v.versionId },
        data: { experimentId: experiment.id, weight: v.weight },
      })
    }
    return experiment
  })
}

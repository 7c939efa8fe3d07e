import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound, invalidPointer } from '@/lib/api/api-error'
import { db } from '@/lib/db/client'
import { requestProfileDeletion } from '@/lib/data-privacy/deletion-jobs'

const requestDeletionBody = z.object({
  data: z.object({
    type: z.literal('data-privacy-deletion-job'),
    attributes: z.object({
      profile: z.object({
        data: z.object({
          type: z.literal('profile'),
          id: z.string().trim().min(1).max(64).nullable().optional(),
          attributes: z
            .object({
              email: z.string().trim().min(1).max(320).nullable().optional(),
              phone_number: z.string().trim().min(1).max(32).nullable().optional(),
            })
            .optional()
            .default({}),
        }),
      }),
    }),
  }),
})

const PROFILE = '/data/attributes/profile/data'

// POST /api/data-privacy-deletion-jobs – deletes the profile named by id, email or phone number and everything of it, asynchronously (202)
export const POST = apiRoute({
  scopes: ['data-privacy:write'],
  rate: 'S',
  body: requestDeletionBody,
  status: 202,
  handler: async ({ ctx, body }) => {
    const p = body.data.attributes.profile.data
    const given = [p.id && 'id', p.attributes.email && 'email', p.attributes.phone_number && 'phone_number'].filter(
      Boolean,
    )
    if (given.length !== 1)
      throw invalidPointer(PROFILE, 'Identify the profile by exactly one of id, email or phone_number.')
    if (p.id) {
      // An id is a promise that the profile exists; an address may simply be unknown here.
      if (!(await db.profile.findFirst({ where: { companyId: ctx.companyId, id: p.id }, select: { id: true } })))
        throw apiNotFound(`A profile with id ${p.id} was not found.`)
      await requestProfileDeletion(ctx.companyId, { id: p.id })
    } else if (p.attributes.email) {
      await requestProfileDeletion(ctx.companyId, { email: p.attributes.email.toLowerCase() })
    } else {
      await requestProfileDeletion(ctx.companyId, { phoneNumber: p.attributes.phone_number! })
    }
  },
})

// A goal as the goals screens send it: a target for a period. Revenue is the account's total
// revenue (the conversion metric's values: Placed Order unless attribution names another),
// attributed_revenue the part of it attributed to campaigns and flows (EventAttribution);
// orders counts those events; subscribers counts new email subscriptions; list_size is a list's
// member count at the end of the period.
import { z } from 'zod'

export const GOAL_KINDS = ['revenue', 'attributed_revenue', 'orders', 'subscribers', 'list_size'] as const
export type GoalKind = (typeof GOAL_KINDS)[number]
const MAX_DAYS = 731

export const goalInput = z
  .object({
    name: z.string().trim().min(1, 'Name the goal.').max(120, 'The name is at most 120 characters.'),
    kind: z.enum(GOAL_KINDS, `kind must be one of ${GOAL_KINDS.join(', ')}.`),
    target: z.number('target must be a number.').positive('target must be above 0.').max(1e12),
    groupId: z.string().max(64).optional(),
    startsAt: z.coerce.date('startsAt must be a date.'),
    endsAt: z.coerce.date('endsAt must be a date.'),
  })
  .superRefine((g, ctx) => {
    if (g.endsAt <= g.startsAt)
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end is after the start.' })
    else if (g.endsAt.getTime() - g.startsAt.getTime() > MAX_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'A goal spans at most two years.' })
    if (g.kind === 'list_size' && !g.groupId)
      ctx.addIssue({ code: 'custom', path: ['groupId'], message: 'Choose the list.' })
  })
export type GoalInput = z.infer<typeof goalInput>

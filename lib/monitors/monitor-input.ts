// A monitor's definition as the create and edit screens send it. Rates are fractions (0.02 is
// 2 %); counts are whole numbers. The subject of the rule (a metric, a flow) is checked against
// the account in save-monitor.ts, so another account's ids are a 400 like a typo.
import { z } from 'zod'
import { outboundUrlProblem } from '@/lib/net/safe-fetch'

import { MONITOR_KINDS, RATE_KINDS } from './monitor-kinds'

export { MONITOR_KINDS, RATE_KINDS, type MonitorKind } from './monitor-kinds'

export const monitorInput = z
  .object({
    name: z.string().trim().min(1, 'Name the monitor.').max(120, 'The name is at most 120 characters.'),
    kind: z.enum(MONITOR_KINDS, `kind must be one of ${MONITOR_KINDS.join(', ')}.`),
    config: z
      .object({
        metricId: z.string().max(64).optional(),
        flowId: z.string().max(64).optional(),
        /** Rate rules wait for this many sends in the window, so one bounce of two sends is no alarm. */
        minSends: z.number().int().min(0).max(1_000_000).optional(),
      })
      .strict()
      .default({}),
    comparator: z.enum(['above', 'below'], 'comparator must be above or below.'),
    threshold: z.number('threshold must be a number.').min(0, 'threshold is at least 0.').max(1e12),
    windowMinutes: z
      .number()
      .int('windowMinutes is a whole number.')
      .min(5, 'The window is at least 5 minutes.')
      .max(7 * 24 * 60, 'The window is at most 7 days.'),
    notify: z
      .object({
        emails: z.array(z.email('Enter valid email addresses.')).max(10, 'At most 10 addresses.').default([]),
        webhookUrl: z
          .string()
          .trim()
          .max(2000)
          .optional()
          .transform((v) => v || undefined),
      })
      .strict()
      .default({ emails: [], webhookUrl: undefined }),
    enabled: z.boolean().default(true),
  })
  .superRefine((m, ctx) => {
    if (m.kind === 'metric_count' && !m.config.metricId)
      ctx.addIssue({ code: 'custom', path: ['config', 'metricId'], message: 'Choose the metric to watch.' })
    if (m.kind === 'flow_sends' && !m.config.flowId)
      ctx.addIssue({ code: 'custom', path: ['config', 'flowId'], message: 'Choose the flow to watch.' })
    if (RATE_KINDS.includes(m.kind) && m.threshold > 1)
      ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'A rate threshold is a fraction between 0 and 1.' })
    if (m.notify.webhookUrl) {
      const problem = outboundUrlProblem(m.notify.webhookUrl, 'webhook', { httpsOnly: true, label: 'The webhook URL' })
      if (problem) ctx.addIssue({ code: 'custom', path: ['notify', 'webhookUrl'], message: problem })
    }
  })
export type MonitorInput = z.infer<typeof monitorInput>

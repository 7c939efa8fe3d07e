// Seed 001 §2.13 (flows), resources from §6 "Feeds, flows, forms, goals".
import { defineArea, EDITOR, PAGE } from '../define-route'

const flows = defineArea('flows', { required: ['flows_read'] })
const flowReports = defineArea('flows', { required: ['flows_read', 'flows_reporting'] })

const MESSAGE_REPORTS = ['overview', 'recipients', 'links', 'link/who', 'deliverability', 'conversions', 'variations']
const BUILT_REPORTS = ['overview', 'recipients', 'links', 'link/who', 'deliverability', 'conversions', 'variations']
const CLONE_STEPS = ['select', 'name', 'map', 'review']

export const FLOW_ROUTES = [
  flows('/flows', { built: true }),
  flows('/flows/create', { built: true }),
  flows('/flows/create/with-ai', { ...PAGE, built: true }),
  flows('/flows/generate/:flowKey', { ...PAGE, built: true }),
  flows('/library/flows', { built: true }),

  // A flow's definition as JSON: the ".json" is a literal suffix of the segment.
  flows('/flow/:flowId.json', { layout: 'none', built: true }),
  flows('/flow/:flowId/edit', { ...EDITOR, built: true }),
  flows('/flow/playground', { ...EDITOR, built: true }),
  ...CLONE_STEPS.map((s) => flows(`/flow/:flowId/cross-account-clone/${s}`, { ...PAGE, built: true })),
  // Flows written as code: the list and one flow's code view (the seed names only the family).
  flows('/flow/code', { built: true }),
  flows('/flow/code/:flowId', { ...EDITOR, built: true }),
  flowReports('/flow/evaluation/:actionId/reports/recipients', { built: true }),

  flows('/flow/message/:messageId/content', { built: true }),
  flows('/flow/message/:messageId/content/edit', { ...EDITOR, built: true }),
  // Channel-specific content pages of a flow message.
  flows('/flow/message/:messageId/content/email', { ...EDITOR, built: true }),
  flows('/flow/message/:messageId/content/sms', { ...EDITOR, built: true }),
  ...MESSAGE_REPORTS.map((r) =>
    flowReports(`/flow/message/:messageId/reports/${r}`, BUILT_REPORTS.includes(r) ? { built: true } : {}),
  ),
]

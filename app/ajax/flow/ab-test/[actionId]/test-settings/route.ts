import { ajax } from '@/lib/http/ajax'
import {
  deleteTestSettings,
  getTestSettings,
  saveTestSettings,
  testSettingsBody,
} from '@/lib/flows/ajax/ab-tests-manage'

// GET /ajax/flow/ab-test/[actionId]/test-settings – winner metric, window (hours), automatic winner, confidence
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx, params }) => getTestSettings(ctx.principal.companyId, params.actionId!),
})

// PUT /ajax/flow/ab-test/[actionId]/test-settings – saves them
export const PUT = ajax({
  resources: ['flows_write'],
  body: testSettingsBody,
  handler: ({ ctx, params, body }) => saveTestSettings(ctx.principal.companyId, params.actionId!, body),
})

// DELETE /ajax/flow/ab-test/[actionId]/test-settings – back to the defaults
export const DELETE = ajax({
  resources: ['flows_write'],
  handler: ({ ctx, params }) => deleteTestSettings(ctx.principal.companyId, params.actionId!),
})

// Seed 001 §2.15: the get-started wizards, all under /get-started, all bare pages.
import { defineArea, EDITOR, PAGE } from '../define-route'

const getStarted = defineArea('get-started', PAGE)

const SINGLE_PAGES = [
  'ac-flow/launch',
  'ws-flow/launch',
  'add-sms-to-flows',
  'autobranding',
  'confirm-platform',
  'forms-create',
  'list-setup',
  'sms-disclosure',
  'sms-disclosure-setup',
  'sms-forms-setup',
  'sms-setup',
  'sms-subscribers',
  'sms-widget-setup',
]
const BUILT_PAGES = [
  'forms-create',
  'sms-forms-setup',
  'sms-widget-setup',
  'sms-setup',
  'sms-disclosure',
  'sms-disclosure-setup',
  'ac-flow/launch',
  'ws-flow/launch',
  'add-sms-to-flows',
  'autobranding',
  'confirm-platform',
  'list-setup',
  'sms-subscribers',
]
const SEGMENT_AND_SEND_STEPS = [
  'intro',
  'select-goal',
  'select-audience',
  'select-template',
  'template-gallery',
  'confirm',
  'waiting',
  'complete',
]

export const GET_STARTED_ROUTES = [
  getStarted('/get-started', { built: true }),
  ...SINGLE_PAGES.map((p) => getStarted(`/get-started/${p}`, BUILT_PAGES.includes(p) ? { built: true } : {})),
  getStarted('/get-started/list-setup/confirm/:listId', { built: true }),
  getStarted('/get-started/list-setup/next-actions/:listId', { built: true }),
  getStarted('/get-started/list-setup/opt-in-setting/:listId', { built: true }),
  ...SEGMENT_AND_SEND_STEPS.map((s) => getStarted(`/get-started/segment-and-send/${s}`, { built: true })),
  getStarted('/get-started/segment-and-send/:messageId/schedule', { built: true }),
  getStarted('/get-started/segment-and-send/rich-text-editor/:campaignId', { ...EDITOR, built: true }),
  // Country-specific SMS set-up steps (an Australian registration, a New Zealand short code)
  // and the per-platform subscriber import steps; the seed does not name them, the names are ours.
  getStarted('/get-started/sms-setup/au-registration', { built: true }),
  getStarted('/get-started/sms-setup/nz-short-code', { built: true }),
  getStarted('/get-started/sms-subscribers/:platform', { built: true }),
]

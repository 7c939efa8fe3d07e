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
const BUILT_PAGES = ['forms-create', 'sms-forms-setup', 'sms-widget-setup']
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
  getStarted('/get-started'),
  ...SINGLE_PAGES.map((p) => getStarted(`/get-started/${p}`, BUILT_PAGES.includes(p) ? { built: true } : {})),
  getStarted('/get-started/list-setup/confirm/:listId'),
  getStarted('/get-started/list-setup/next-actions/:listId'),
  getStarted('/get-started/list-setup/opt-in-setting/:listId'),
  ...SEGMENT_AND_SEND_STEPS.map((s) => getStarted(`/get-started/segment-and-send/${s}`)),
  getStarted('/get-started/segment-and-send/:messageId/schedule'),
  getStarted('/get-started/segment-and-send/rich-text-editor/:campaignId', EDITOR),
  // Country-specific SMS set-up steps (an Australian registration, a New Zealand short code)
  // and the per-platform subscriber import steps; the seed does not name them, the names are ours.
  getStarted('/get-started/sms-setup/au-registration'),
  getStarted('/get-started/sms-setup/nz-short-code'),
  getStarted('/get-started/sms-subscribers/:platform'),
]

// Seed 001 §2.17 (lists and people), resources from §6 "Lists and people". The seed names the
// list parameter groupId for export, reports and clone setup, listId elsewhere.
import { defineArea, PAGE } from '../define-route'

const lists = defineArea('lists', { required: ['groups_read'] })
const people = defineArea('people', { required: ['profile_read'] })
const profiles = defineArea('profiles', { required: ['profile_read'] })
const objects = defineArea('objects', { required: ['profile_read'] })

const LIST_PAGES = [
  'embed',
  'forms',
  'forms/create',
  'import/history',
  'import/upload',
  'members/add',
  'settings',
  'suppressed',
  'updating/monitor',
]
const BUILT_LIST_PAGES = [
  'embed',
  'forms',
  'forms/create',
  'import/history',
  'import/upload',
  'members/add',
  'settings',
  'suppressed',
  'updating/monitor',
]
const PROFILE_PAGES = ['activity-log', 'campaigns', 'campaigns/create', 'lists-and-segments', 'metrics', 'objects']
const BUILT_PROFILE_PAGES = [
  'activity-log',
  'campaigns',
  'campaigns/create',
  'lists-and-segments',
  'metrics',
  'objects',
]

export const AUDIENCE_ROUTES = [
  lists('/lists', { built: true }),
  lists('/lists/create', { ...PAGE, built: true }),
  lists('/lists/create/segment', { ...PAGE, built: true }),
  lists('/lists/create-rfm/:rfmRecommendationStepId', { ...PAGE, built: true }),
  lists('/lists/inactive', { built: true }),
  lists('/lists/starred', { built: true }),

  lists('/list/:listId', { built: true }),
  lists('/list/:listId/:slug', { built: true }),
  lists('/list/:listId/:slug/progress', { built: true }),
  lists('/list/:listId/clone/:slug', { ...PAGE, built: true }),
  lists('/list/:listId/edit/:slug', { ...PAGE, built: true }),
  ...LIST_PAGES.map((p) => lists(`/list/:listId/${p}`, BUILT_LIST_PAGES.includes(p) ? { built: true } : {})),
  lists('/list/:listId/merge-progress/:taskId', { built: true }),
  lists('/list/:groupId/reports/growth', { flag: 'subscriber_growth_report', built: true }),
  lists('/list/:groupId/reports/engagement', { built: true }),
  lists('/list/:groupId/reports/segment', { built: true }),
  lists('/list/:groupId/reports/segment/profiles', { built: true }),
  lists('/list/:groupId/export/choose-properties', { required: ['groups_read', 'exports_emails'], built: true }),
  lists('/list/:groupId/export/status', { required: ['groups_read', 'exports_emails'], built: true }),
  lists('/list/:groupId/cross-account-clone-setup/:step', { ...PAGE, built: true }),
  // A compliance upload of known litigators' numbers into suppression.
  lists('/litigator-upload', { required: ['groups_read', 'groups_write'], built: true }),

  people('/people/identity-explorer', { flag: 'identity_explorer', built: true }),
  people('/people/subscribers', { built: true }),
  people('/people/suppressed', { built: true }),
  people('/people/suppressed/import', { built: true }),

  profiles('/profile/:profileId/:profileEmail?', { built: true }),
  ...PROFILE_PAGES.map((p) =>
    profiles(`/profile/:profileId/${p}`, BUILT_PROFILE_PAGES.includes(p) ? { built: true } : {}),
  ),
  profiles('/profile/:profileId/all-custom-objects/:customObjectKey', { built: true }),

  objects('/objects', { built: true }),
  // The custom-object builder.
  objects('/objects/:buildOrEdit/:step/:objectId?', { ...PAGE, built: true }),
]

/**
 * Catalogue keys (namespace `operation-log`) of the areas, actions and date ranges the log names. Keys are written
 * out rather than built from the values, so the catalogue test and a key search find every one; an area or action
 * missing here is shown by its id, as the server recorded it (`labelOf` of core/i18n).
 */

/** Feature areas the server records writes under (rules §2 feature areas). */
export const AREA_LABEL_KEYS = {
  account: 'area.account',
  access: 'area.access',
  domain: 'area.domain',
  'website-group': 'area.website-group',
  waf: 'area.waf',
  cache: 'area.cache',
  certificate: 'area.certificate',
  dns: 'area.dns',
  ban: 'area.ban',
  log: 'area.log',
  job: 'area.job',
  message: 'area.message',
  sdk: 'area.sdk',
  // Areas the server recorded that had no label (the route sweep's operation log showed their ids, issue 29).
  layer4: 'area.layer4',
  conditions: 'area.conditions',
  'message-center': 'area.message-center',
  package: 'area.package',
  'work-order': 'area.work-order',
  'web-security': 'area.web-security',
  'acceleration-policy': 'area.acceleration-policy',
} as const satisfies Record<string, string>;

/** Verbs the server records (test/elements/operation-log/action-labels.test.ts holds that every one has a label). */
export const ACTION_LABEL_KEYS = {
  create: 'action.create',
  update: 'action.update',
  delete: 'action.delete',
  enable: 'action.enable',
  disable: 'action.disable',
  bind: 'action.bind',
  unbind: 'action.unbind',
  method: 'action.method',
  import: 'action.import',
  'assign-group': 'action.assign-group',
  'batch-setting': 'action.batch-setting',
  cancel: 'action.cancel',
  'update-timezone': 'action.update-timezone',
  unban: 'action.unban',
  'reset-password': 'action.reset-password',
  rotate: 'action.rotate',
  'login-time': 'action.login-time',
  'login-whitelist': 'action.login-whitelist',
  'bind-mailbox': 'action.bind-mailbox',
  'secondary-verification': 'action.secondary-verification',
  'change-password': 'action.change-password',
  'identity-submit': 'action.identity-submit',
  copy: 'action.copy',
  apply: 'action.apply',
  upload: 'action.upload',
  sort: 'action.sort',
  close: 'action.close',
  observe: 'action.observe',
  'auto-renew': 'action.auto-renew',
  'download-key': 'action.download-key',
  'create-contact': 'action.create-contact',
  'update-contact': 'action.update-contact',
  'delete-contact': 'action.delete-contact',
  'create-contact-group': 'action.create-contact-group',
  'update-contact-group': 'action.update-contact-group',
  'delete-contact-group': 'action.delete-contact-group',
  'save-notice-config': 'action.save-notice-config',
  renew: 'action.renew',
  expand: 'action.expand',
  billing: 'action.billing',
  suspend: 'action.suspend',
  retry: 'action.retry',
  activate: 'action.activate',
  'batch-add': 'action.batch-add',
  'batch-edit': 'action.batch-edit',
  // Cache tasks record their kind (core/rules/cache-tasks.ts CacheTaskKind).
  'purge-url': 'action.purge-url',
  'purge-directory': 'action.purge-directory',
  prefetch: 'action.prefetch',
} as const satisfies Record<string, string>;


/**
 * What other feature areas may use of the conditions match engine: its gate, the choices and reference check of the
 * WAF rule dialog's `condition-rule` match type, and the expansion of references wherever rules are handed to the
 * matcher (the rule tester, the domain trace's rule fetch, the traffic simulator). The routes are registered by
 * features/index.ts.
 */
export { conditionRulesMigration } from './migration.js';
export { conditionSchemas } from './schemas.js';
export {
  conditionEngineOn,
  conditionRuleChoices,
  conditionRuleLookup,
  expandConditionReferences,
  mayReferenceConditionRule,
  type ConditionRuleLookup,
} from './store.js';

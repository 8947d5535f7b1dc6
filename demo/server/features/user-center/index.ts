/**
 * What other areas may use of the user center: the sign-in policy (the account area's sign-in routes apply it) and
 * the area's migration, routes and schemas for the registry.
 */
export { accountName, recordSignIn, sendCode, startSecondStep, whitelistRefuses, type SignInUser } from './policy.js';
export { clientAddress, regionOfAddress } from '../../platform/geo.js';
export { checkChallengeCode, findChallenge, reissueChallengeCode, SIGN_IN_CODE_SENDS_MAX } from './store.js';
export { identityMigration, userCenterMigration } from './migration.js';
export { userCenterRoutes } from './routes.js';
export { userCenterSchemas } from './schemas.js';

/**
 * Signs the test page in against the reference server (proxied under /api by the test runner) with the demo
 * accounts of the seed, so element tests run on real data.
 */
import { createApiClient } from '../../core/api/client.js';
import { signIn, signInChild, type SignInAnswer } from '../../core/api/endpoints/auth.js';
import { needsSecondStep, type SignInOutcome } from '../../core/api/endpoints/user-center.js';
import { startSession } from '../../core/session/session.js';
import {
  DEMO_CHILD_PASSWORD,
  DEMO_CHILD_USER_NAME,
  DEMO_MEMBER_ID,
  DEMO_PARENT_EMAIL,
  DEMO_PARENT_PASSWORD,
  DEMO_VIEWER_PASSWORD,
  DEMO_VIEWER_USER_NAME,
} from '../../demo/server/platform/demo-accounts.js';

const client = createApiClient({ base: '/api', getToken: () => null, getLanguage: () => 'en_US', notify: () => undefined });

/** The demo accounts never turn on secondary email verification in the seed: a second step here is a broken test. */
function session(answer: SignInOutcome): SignInAnswer {
  if (needsSecondStep(answer)) throw new Error('The demo account asks for a mailed code: a test left secondary verification on');
  return answer;
}

/** Signs in as the demo parent and stores the session as the console would. */
export async function signInAsDemoParent(): Promise<SignInAnswer> {
  const answer = session(await signIn(client, { email: DEMO_PARENT_EMAIL, password: DEMO_PARENT_PASSWORD }));
  startSession(answer.token, answer.user_raw);
  return answer;
}

/** Signs in as the demo child (its member id is the parent's). */
export async function signInAsDemoChild(): Promise<SignInAnswer> {
  const answer = session(await signInChild(client, { member_id: DEMO_MEMBER_ID, user_name: DEMO_CHILD_USER_NAME, password: DEMO_CHILD_PASSWORD }));
  startSession(answer.token, answer.user_raw);
  return answer;
}

/** Signs in as the read-only demo child: its group may only view one website and its certificates (issue 19). */
export async function signInAsDemoViewer(): Promise<SignInAnswer> {
  const answer = session(await signInChild(client, { member_id: DEMO_MEMBER_ID, user_name: DEMO_VIEWER_USER_NAME, password: DEMO_VIEWER_PASSWORD }));
  startSession(answer.token, answer.user_raw);
  return answer;
}

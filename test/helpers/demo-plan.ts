/**
 * Browser tests: the demo account's package version on the test file's reference server (the test-only hook of
 * test/web-test-runner.config.mjs). The business demo plan refuses what rules §6 keeps for higher packages (a WAF ban
 * action, a URL error page); a test of those flows moves the plan up and back.
 */
import type { PlanLevel } from '../../core/api/endpoints/platform.js';

/** Moves the demo account's plans to `level`; answers the level they had. */
export async function setDemoPlanLevel(level: PlanLevel): Promise<PlanLevel> {
  const answer = await fetch('/__ec-test__/plan-level', { method: 'POST', body: JSON.stringify({ level }) });
  if (answer.status !== 200) throw new Error(`plan level not set: ${answer.status}`);
  return ((await answer.json()) as { previous: PlanLevel }).previous;
}

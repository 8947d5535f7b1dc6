/**
 * A job's result tells the truth (issue 19, rules §4 job states): green success only when every row was written;
 * a finished job with failed rows, or one started after the page left rows out (an import's rows with problems),
 * reads "partly failed"; a job that wrote nothing reads failed; a running job shows its status.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jobOutcome } from '../../../elements/dns-shared/job-labels.js';

const done = { state: 'complete' as const };

describe('DNS job outcome (issue 19: results tell the truth)', () => {
  it('success only when every row was written', () => {
    assert.equal(jobOutcome({ ...done, status: 'success', succeeded: 5, failed: 0 }), 'success');
    assert.equal(jobOutcome({ ...done, status: 'success', succeeded: 5, failed: 0 }, 2), 'partial', 'rows left out before the job');
    assert.equal(jobOutcome({ ...done, status: 'success', succeeded: 4, failed: 1 }), 'partial');
  });

  it('a failed job that wrote some rows is partial; one that wrote none failed', () => {
    assert.equal(jobOutcome({ ...done, status: 'fail', succeeded: 3, failed: 2 }), 'partial');
    assert.equal(jobOutcome({ ...done, status: 'fail', succeeded: 0, failed: 2 }), 'fail');
  });

  it('a job that has not finished shows its status', () => {
    assert.equal(jobOutcome({ state: 'in_progress', status: 'in_progress', succeeded: 1, failed: 1 }, 3), 'in_progress');
  });
});

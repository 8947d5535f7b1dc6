/**
 * Every job type the reference server runs has a name in the job list (rules §3 task lists; issue 21 found
 * `package.change` unnamed and a log download registered under another id than the list knew): a job without one is
 * shown by its raw id.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { JOB_TYPE_LABEL_KEYS } from '../../../elements/job-list/job-types.js';
import en from '../../../core/i18n/locales/en_US/job-list.json' with { type: 'json' };
import zh from '../../../core/i18n/locales/zh_CN/job-list.json' with { type: 'json' };
import { startServer } from '../../server/helpers.js';

describe('job list: a name for every job type the server registers', () => {
  let app: FastifyInstance;
  before(async () => {
    ({ app } = await startServer());
  });
  after(() => app.close());

  it('each registered type has a catalogue key, and the key has text in both languages', () => {
    const types = app.jobs.types();
    assert.ok(types.length >= 10, `the server registers its job types: ${types.join(', ')}`);
    const unnamed = types.filter((type) => !Object.hasOwn(JOB_TYPE_LABEL_KEYS, type));
    assert.deepEqual(unnamed, [], 'job types without a name in elements/job-list/job-types.ts');
    const stale = Object.keys(JOB_TYPE_LABEL_KEYS).filter((type) => !types.includes(type));
    assert.deepEqual(stale, [], 'names of job types the server does not register');
    for (const key of Object.values(JOB_TYPE_LABEL_KEYS)) {
      const leaf = key.replace(/^type\./, '');
      for (const [language, catalogue] of [['en_US', en], ['zh_CN', zh]] as const) {
        assert.ok((catalogue.type as Record<string, string>)[leaf], `${language} job-list.json has no text for ${key}`);
      }
    }
  });
});

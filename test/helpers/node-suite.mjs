// Many test files in one process (test/run.mjs: every node test file; the end-to-end files a few at a time): each
// file's tests become a suite named by the file, so its top-level hooks stay its own. One process instead of one per
// file saves loading the reference server's module graph (seconds under tsx) once per file. The files come in
// EC_NODE_TEST_FILES, one repository-relative path a line.
import { describe } from 'node:test';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const files = (process.env.EC_NODE_TEST_FILES ?? '').split('\n').filter(Boolean);
if (files.length === 0) throw new Error('EC_NODE_TEST_FILES names no test file');
for (const file of files) {
  describe(file, async () => {
    await import(pathToFileURL(resolve(file)).href);
  });
}

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { compilePcre, translatePcre, type UntranslatableConstruct } from '../../../core/match/pcre-to-js.js';

/** Whether the translated pattern matches (case-insensitively) somewhere in the subject. */
function matches(pattern: string, subject: string, allowNestedQuantifiers = false): boolean {
  const compiled = compilePcre(pattern, { allowNestedQuantifiers });
  assert.ok('regex' in compiled, `${pattern} translates: ${JSON.stringify(compiled)}`);
  return compiled.regex.test(subject);
}

function refused(pattern: string): UntranslatableConstruct {
  const translation = translatePcre(pattern);
  assert.equal(translation.ok, false, `${pattern} is refused`);
  return (translation as { construct: UntranslatableConstruct }).construct;
}

describe('rules §5 "Regular expressions are PCRE": translation to JavaScript where equivalent', () => {
  it('rules §5: matching is case-insensitive, regular expressions included (the stricter reading)', () => {
    assert.equal(matches('^/Admin', '/ADMIN/panel'), true);
    assert.equal(matches('union\\s+select', 'x UNION  SELECT y'), true);
  });

  it('dot excludes only \\n (PCRE2 default newline LF); (?s) makes it match \\n', () => {
    assert.equal(matches('a.b', 'a\rb'), true, 'JavaScript alone would refuse \\r');
    assert.equal(matches('a.b', 'a\u2028b'), true);
    assert.equal(matches('a.b', 'a\nb'), false);
    assert.equal(matches('(?s)a.b', 'a\nb'), true);
  });

  it('$ and \\Z also match before a final newline; \\z only at the very end; (?m) works per line', () => {
    assert.equal(matches('b$', 'ab\n'), true);
    assert.equal(matches('b\\Z', 'ab\n'), true);
    assert.equal(matches('b\\z', 'ab\n'), false);
    assert.equal(matches('^b', 'a\nb'), false);
    assert.equal(matches('(?m)^b$', 'a\nb\nc'), true);
    assert.equal(matches('\\Aa', 'ba'), false);
  });

  it('\\s is ASCII white space only; \\h, \\v, \\R, \\N are spelt out', () => {
    assert.equal(matches('a\\sb', 'a\u00a0b'), false, 'JavaScript \\s would take a no-break space');
    assert.equal(matches('a\\hb', 'a\u00a0b'), true);
    assert.equal(matches('a\\vb', 'a\u2028b'), true);
    assert.equal(matches('a\\Rb', 'a\r\nb'), true);
    assert.equal(matches('a\\Nb', 'a\nb'), false);
    assert.equal(matches('[\\S]+$', 'abc'), true);
  });

  it('atomic groups and possessive quantifiers keep PCRE semantics (no backtracking into them)', () => {
    assert.equal(matches('^(?>a+)a', 'aaa'), false);
    assert.equal(matches('^a++a', 'aaa'), false);
    assert.equal(matches('^a+a', 'aaa'), true);
    assert.equal(matches('^(?>ab|a)c', 'abc'), true);
    assert.equal(matches('^(?>a|ab)c', 'abc'), false);
    assert.equal(matches('^(*atomic:a|ab)c', 'abc'), false);
  });

  it('POSIX classes, \\Q…\\E quoting, octal and hex escapes, Unicode properties, named groups, (?x), (?U)', () => {
    assert.equal(matches('^[[:digit:][:upper:]]+$', 'A1B2'), true);
    assert.equal(matches('^[[:^digit:]]+$', 'abc'), true);
    assert.equal(matches('^[[:^digit:]]+$', 'ab1'), false);
    assert.equal(matches('\\Q.*\\E', 'a.*b'), true);
    assert.equal(matches('\\Q.*\\E', 'ab'), false);
    assert.equal(matches('\\x{41}\\101\\x42', 'AAB'), true);
    assert.equal(matches('^\\p{Han}+$', '中文'), true);
    assert.equal(matches('^\\p{Lu}', 'x'), true, 'case-insensitive: Lu also takes lower case, as PCRE2 caseless does');
    assert.equal(matches('(?<year>\\d{4})-\\d{2}', 'on 2025-01'), true);
    assert.equal(matches('(?x) a \\d + # digits\n b', 'a12b'), true);
    assert.equal(matches('^a+?$', 'aaa'), true);
    assert.equal(matches('(?U)^<.+>', '<a><b>'), true);
    assert.equal(matches('a(?#comment)+', 'aaa'), true);
    assert.equal(matches('(?C1)abc', 'abc'), true);
  });

  it('refuses what JavaScript cannot evaluate the same way, naming the construct', () => {
    assert.equal(refused('(a)\\1'), 'backreference');
    assert.equal(refused('(?<n>a)\\k<n>'), 'backreference');
    assert.equal(refused('(a)(?1)'), 'subroutine');
    assert.equal(refused('a(?R)?b'), 'subroutine');
    assert.equal(refused('(a)?(?(1)b|c)'), 'conditional');
    assert.equal(refused('a(*COMMIT)b'), 'verb');
    assert.equal(refused('(?-i)Admin'), 'case-sensitive');
    assert.equal(refused('\\X'), 'grapheme-cluster');
    assert.equal(refused('a\\Cb'), 'code-unit');
    assert.equal(refused('(*napla:a)'), 'non-atomic-lookaround');
    assert.equal(refused('(*sr:\\d+)'), 'script-run');
    assert.equal(refused('\\p{Xan}'), 'unicode-property');
    assert.equal(refused('(*UCP)\\w'), 'unicode-property');
    assert.equal(refused('(*CRLF)a$'), 'newline-convention');
    assert.equal(refused('(?J)(?<n>a)|(?<n>b)'), 'duplicate-names');
    assert.equal(refused('(a'), 'syntax');
  });

  it('nested unbounded repetition is refused in the browser (exponential backtracking) and allowed under a time limit', () => {
    assert.deepEqual(translatePcre('^(a+)+$'), { ok: false, construct: 'nested-quantifier', offset: 5 });
    assert.equal(translatePcre('^(a++)+$').ok, true, 'a possessive inner quantifier cannot backtrack');
    assert.equal(translatePcre('^(?:a{1,3})+$').ok, true, 'a small bound is not unbounded');
    assert.equal(matches('^(\\d+\\.)+com$', '1.2.com', true), true);
  });

  it('reports anchors and lookarounds (used by the always-true check of the shadowing analysis)', () => {
    assert.equal((translatePcre('.*') as { assertions: boolean }).assertions, false);
    assert.equal((translatePcre('^.*$') as { assertions: boolean }).assertions, true);
    assert.equal((translatePcre('(?=a)') as { assertions: boolean }).assertions, true);
  });
});

/** PCRE2 itself, through `grep -P` (GNU grep links libpcre2): caseless, UTF, NUL-separated records. */
function pcreMatches(pattern: string, subject: string): boolean | null {
  const result = spawnSync('grep', ['-P', '-i', '-z', '-q', '--', pattern], {
    input: `${subject}\0`,
    env: { ...process.env, LC_ALL: 'C.UTF-8' },
  });
  if (result.error || result.status === 2) return null;
  return result.status === 0;
}

/**
 * {@link pcreMatches} for many subjects at once: one grep per pattern instead of one per pattern and subject (hundreds
 * of processes), each subject its own NUL-separated record, so each is matched on its own as above; grep prints the
 * records that match. Subjects must be distinct. Null for every subject when PCRE2 refuses the pattern.
 */
function pcreMatchesEach(pattern: string, subjects: string[]): (boolean | null)[] {
  const result = spawnSync('grep', ['-P', '-i', '-z', '--', pattern], {
    input: subjects.map((subject) => `${subject}\0`).join(''),
    env: { ...process.env, LC_ALL: 'C.UTF-8' },
    encoding: 'utf8',
  });
  if (result.error || result.status === 2) return subjects.map(() => null);
  const matched = new Set(result.stdout.split('\0').slice(0, -1));
  return subjects.map((subject) => matched.has(subject));
}

const grepHasPcre = pcreMatches('a', 'a') === true;

describe('rules §5 PCRE: the translation agrees with PCRE2 (grep -P) on a corpus', { skip: grepHasPcre ? false : 'grep -P is not available' }, () => {
  // grep compiles with PCRE2_DOLLAR_ENDONLY, so subjects here have no trailing newline.
  const subjects = ['/admin/login.php', '/index.html?id=1 union select 2', 'GET /wp-login.php', 'aaa', 'abc', 'a1b2', 'X-Forwarded-For',
    '../../etc/passwd', '中文路径', 'Mozilla/5.0 (compatible; sqlmap/1.7)', '', 'ab\rc', '2024-12-19', 'aaab'];
  const patterns = ['^/admin', '\\.php$', 'union\\s+select', '(?:\\.\\./)+', 'sqlmap|nikto|acunetix', '^a+?b', '^(?>a+)b', 'a++b', '\\d{4}-\\d{2}-\\d{2}',
    '[[:alpha:]]+\\d', '^\\p{Han}+$', '(?i)X-FORWARDED', '\\bselect\\b', '^$', '.', 'b.c', '\\Q?id=\\E\\d', '(?=.*login)(?=.*php)', '(?<!\\w)etc',
    '^[^/]', 'a{2}b?$', '(?x) \\d \\w \\d', '\\x2f\\x61', '[\\s\\d]{2}', '(*pla:a)a', '^(?:a|ab)(?:c|bcd)$', 'wp-(?:login|admin)\\.php\\Z'];
  it('every pattern × subject gives the same answer', () => {
    const disagreements: string[] = [];
    assert.equal(new Set(subjects).size, subjects.length, 'distinct subjects (pcreMatchesEach tells them apart by text)');
    for (const pattern of patterns) {
      const answers = pcreMatchesEach(pattern, subjects);
      for (const [index, subject] of subjects.entries()) {
        const expected = answers[index]!;
        if (expected === null) continue;
        if (matches(pattern, subject) !== expected) disagreements.push(`${JSON.stringify(pattern)} on ${JSON.stringify(subject)}: PCRE2 ${expected}`);
      }
    }
    assert.deepEqual(disagreements, []);
  });
});

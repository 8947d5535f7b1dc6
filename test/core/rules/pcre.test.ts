import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkBacktracking, checkPcre, isPcre, validatePcre } from '../../../core/rules/pcre.js';

const ok = (pattern: string) => assert.equal(checkPcre(pattern), null, `should accept ${JSON.stringify(pattern)}: ${JSON.stringify(checkPcre(pattern))}`);
const bad = (pattern: string, key: string, offset?: number) => {
  const found = checkPcre(pattern);
  assert.equal(found?.key, key, `${JSON.stringify(pattern)} gave ${JSON.stringify(found)}`);
  if (offset !== undefined) assert.equal(found?.values?.offset, offset, JSON.stringify(pattern));
};

describe('rules §5 Match rules and WAF: regular expressions are PCRE', () => {
  it('accepts PCRE that JavaScript refuses: possessive, atomic, \\Q…\\E, inline options, POSIX classes, \\A \\z \\h', () => {
    for (const pattern of ['a++b', 'a*+', 'a?+', 'a{2,3}+', '(?>a+)b', '\\Qa.b*c\\E+', '(?i)select', 'a(?i)b', '(?i:x)y', '(?im-sx)a', '(?^)a', '[[:alpha:]]+', '[[:^digit:]]', '\\Aabc\\z', '\\h+\\H\\v\\V', '\\R', '\\X', '\\N', '\\C', '\\K', '\\G']) ok(pattern);
  });
  it('accepts common WAF patterns', () => {
    for (const pattern of [
      '(?i)(union\\s+select|sleep\\s*\\()',
      '^/admin(/.*)?$',
      '\\.(php|asp|aspx|jsp)$',
      '(?i)<script[^>]*>',
      '(?:\\d{1,3}\\.){3}\\d{1,3}',
      '[a-zA-Z0-9_-]{32}',
      '\\x00|\\x{1F600}|\\o{17}|\\0|\\012|\\e|\\cA',
      '\\p{Han}+|\\P{L}|\\pN|\\p{^Lu}|\\p{L&}',
      '',
    ]) {
      ok(pattern);
    }
  });
  it('accepts groups: named (three syntaxes), branch reset, lookarounds, non-atomic and alphabetic assertions', () => {
    for (const pattern of ['(?<year>\\d{4})', "(?'y'a)", '(?P<y>a)', '(?|(a)|(b))\\1', '(?=a)', '(?!a)', '(?<=ab)', '(?<!a|bc)', '(?*a)', '(?<*ab)', '(*pla:a)', '(*negative_lookbehind:ab)', '(*atomic:a+)', '(*sr:\\d+)', '(?=a)*']) ok(pattern);
  });
  it('accepts back references and subroutine calls in every syntax, including forward references', () => {
    for (const pattern of ['(a)\\1', '\\1(a)', '(a)\\g1', '(a)\\g{1}', '(a)\\g{-1}', '(a)\\g-1', '(?<n>a)\\k<n>', "(?<n>a)\\k'n'", '(?<n>a)\\k{n}', '(?<n>a)\\g{n}', '(?P<n>a)(?P=n)', '(?P<n>a)(?P>n)', '(?<n>a)(?&n)', '(a)(?1)', '(a)(?-1)', '(?+1)(a)', '(?R)?', '(a)\\g<1>', "(a)\\g'-1'", '(?<n>a)\\g<n>', '(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\\10']) ok(pattern);
  });
  it('accepts conditionals, DEFINE, verbs, callouts, comments and extended mode', () => {
    for (const pattern of ['(a)?(?(1)b|c)', '(?<n>a)?(?(<n>)b)', "(?<n>a)?(?('n')b)", '(?(R)a|b)', '(?(R1)a)', '(?<n>a)(?(R&n)a)', '(?(DEFINE)(?<d>\\d))(?&d)', '(?(?=a)ab|cd)', '(?(?<!x)a)', '(?(VERSION>=10.0)a|b)', '(*FAIL)', '(*F)', '(*ACCEPT)', '(*COMMIT)', '(*PRUNE:n)', '(*SKIP)', '(*THEN)', '(*MARK:x)', '(*:x)', '(*UTF)(*UCP)(*LIMIT_MATCH=100)a', '(?C)a', '(?C12)a', '(?C"text")a', '(?#note)a*', '(?x) a + b # comment\n c', '(?x)[ ]']) ok(pattern);
  });
  it('treats a brace that is not a quantifier as a literal, as PCRE2 does', () => {
    for (const pattern of ['a{', 'a{,3}', 'a{x}', '{', 'a{1,2', 'x{ 1}']) ok(pattern);
  });
  it('octal versus back reference follows PCRE2: \\12 is octal without 12 groups, \\8 is a back reference', () => {
    ok('\\12');
    bad('\\8', 'pcre.nonexistent-group', 0);
    ok('[\\8\\9\\1]');
  });
  it('refuses unbalanced parentheses and brackets', () => {
    bad('(a', 'pcre.missing-closing-parenthesis', 0);
    bad('a)', 'pcre.unmatched-closing-parenthesis', 1);
    bad('(a))', 'pcre.unmatched-closing-parenthesis', 3);
    bad('[a', 'pcre.missing-bracket', 0);
    bad('[]', 'pcre.missing-bracket', 0);
    bad('(?#x', 'pcre.missing-comment-end', 0);
    ok('[]a]');
    ok('[^]a]');
  });
  it('refuses nothing to repeat: at the start, after |, after (, after an assertion, an option setting or another quantifier', () => {
    bad('*a', 'pcre.nothing-to-repeat', 0);
    bad('a|+', 'pcre.nothing-to-repeat', 2);
    bad('(?:*)', 'pcre.nothing-to-repeat', 3);
    bad('^*', 'pcre.nothing-to-repeat', 1);
    bad('\\b+', 'pcre.nothing-to-repeat', 2);
    bad('(?i)*', 'pcre.nothing-to-repeat', 4);
    bad('a**', 'pcre.nothing-to-repeat', 2);
    bad('a{2}{3}', 'pcre.nothing-to-repeat', 4);
    bad('{2}', 'pcre.nothing-to-repeat', 0);
    bad('(*FAIL)+', 'pcre.nothing-to-repeat');
  });
  it('refuses quantifier ranges out of order or above 65535', () => {
    bad('a{3,2}', 'pcre.quantifier-out-of-order', 1);
    bad('a{65536}', 'pcre.quantifier-too-big', 1);
    ok('a{65535}');
    ok('a{0,65535}');
  });
  it('refuses bad character classes: ranges out of order, class escapes as range ends, unknown or misplaced POSIX classes', () => {
    bad('[z-a]', 'pcre.range-out-of-order', 2);
    bad('[\\d-z]', 'pcre.invalid-range');
    bad('[a-\\w]', 'pcre.invalid-range');
    bad('[[:alpha:]-z]', 'pcre.invalid-range');
    bad('[[:foo:]]', 'pcre.unknown-posix-class', 1);
    bad('[:alpha:]', 'pcre.posix-outside-class', 0);
    bad('[[.a.]]', 'pcre.posix-collating');
    bad('[\\R]', 'pcre.escape-invalid-in-class');
    bad('[\\B]', 'pcre.escape-invalid-in-class');
    ok('[a-]');
    ok('[-a]');
    ok('[\\w-]');
    ok('[a-z0-9_.-]');
    ok('[\\b]');
    ok('[\\x00-\\x{ff}]');
    ok('[\\Qa-z\\E]');
  });
  it('refuses bad escapes: trailing backslash, unknown letters, unsupported \\L \\l \\U \\u \\N{name}, bad code points and \\c', () => {
    bad('a\\', 'pcre.trailing-backslash', 1);
    bad('\\y', 'pcre.unknown-escape', 0);
    bad('\\i', 'pcre.unknown-escape', 0);
    for (const escape of ['\\L', '\\l', '\\U', '\\u0041', '\\N{SPACE}', '\\F']) bad(escape, 'pcre.unsupported-escape', 0);
    bad('\\x{110000}', 'pcre.code-point-too-large');
    bad('\\x{d800}', 'pcre.surrogate-code-point');
    bad('\\x{zz}', 'pcre.bad-code-point');
    bad('\\x{}', 'pcre.bad-code-point');
    bad('\\o12', 'pcre.missing-brace');
    bad('\\c', 'pcre.bad-control-escape');
    bad('\\c\u00e9', 'pcre.bad-control-escape');
    ok('\\N{U+263A}');
    ok('\\.\\*\\/\\-');
  });
  it('refuses bad properties', () => {
    bad('\\p{Xx}', 'pcre.unknown-property');
    bad('\\p{}', 'pcre.malformed-property');
    bad('\\p{L', 'pcre.malformed-property');
    bad('\\pX', 'pcre.malformed-property');
    ok('\\p{Greek}');
    ok('\\p{sc:Latin}');
  });
  it('refuses bad group syntax and names: unknown (? letters, digits first, too long, duplicates without (?J)', () => {
    bad('(?y)', 'pcre.unknown-group-syntax', 0);
    bad('(?)', 'pcre.unknown-group-syntax', 0);
    bad('(?<1a>x)', 'pcre.group-name-digit', 0);
    bad('(?<>x)', 'pcre.group-name-expected', 0);
    bad(`(?<${'n'.repeat(33)}>x)`, 'pcre.group-name-too-long', 0);
    ok(`(?<${'n'.repeat(32)}>x)`);
    bad('(?<a-b>x)', 'pcre.group-name-terminator');
    bad('(?<n>a)(?<n>b)', 'pcre.duplicate-group-name', 7);
    ok('(?J)(?<n>a)|(?<n>b)');
    ok('(?|(?<n>a)|(?<n>b))');
  });
  it('refuses references to groups that do not exist, by number, relative number or name', () => {
    bad('(a)\\2', 'pcre.nonexistent-group', 3);
    bad('\\g{-1}(a)', 'pcre.nonexistent-group', 0);
    bad('(a)(?2)', 'pcre.nonexistent-group', 3);
    bad('(a)(?+1)', 'pcre.nonexistent-group', 3);
    bad('\\k<n>', 'pcre.unknown-group-name', 0);
    bad('(?&n)', 'pcre.unknown-group-name', 0);
    bad('(?P=n)', 'pcre.unknown-group-name', 0);
    bad('(?(1)a)', 'pcre.nonexistent-group', 2);
    bad('(?(<n>)a)', 'pcre.unknown-group-name');
    bad('\\g0', 'pcre.bad-g-reference', 0);
    bad('\\g{+1}(a)', 'pcre.bad-g-reference', 0);
    bad('\\k', 'pcre.bad-k-reference', 0);
  });
  it('refuses bad conditionals, verbs, settings and callouts', () => {
    bad('(a)(?(1)b|c|d)', 'pcre.conditional-too-many-branches', 3);
    bad('(?(DEFINE)a|b)', 'pcre.define-one-branch', 0);
    bad('(?(?x)a)', 'pcre.malformed-condition');
    bad('(?(1a)b)', 'pcre.malformed-condition');
    bad('(*NOPE)', 'pcre.unknown-verb', 0);
    bad('(*MARK)', 'pcre.unknown-verb', 0);
    bad('a(*UTF)', 'pcre.setting-not-at-start', 1);
    bad('(?Cx)', 'pcre.bad-callout', 0);
  });
  it('refuses lookbehinds whose branches can vary in length; top-level branches may differ from each other', () => {
    ok('(?<=abc|de)x');
    ok('(?<=a{3})x');
    ok('(?<=\\d\\w[a-z].)x');
    ok('(?<=(?<n>ab))(?<=\\g<n>)x');
    bad('(?<=a+)x', 'pcre.lookbehind-not-fixed', 0);
    bad('(?<=a?)x', 'pcre.lookbehind-not-fixed', 0);
    bad('(?<=ab(c|de))x', 'pcre.lookbehind-not-fixed', 0);
    bad('(?<=\\R)x', 'pcre.lookbehind-not-fixed', 0);
    bad('(a)(?<=\\1)x', 'pcre.lookbehind-not-fixed', 3);
    bad('x(?<!a{1,2})', 'pcre.lookbehind-not-fixed', 1);
    bad('(?(?<=a*)b)', 'pcre.lookbehind-not-fixed');
    bad('(*plb:a|b+)', 'pcre.lookbehind-not-fixed', 0);
  });
  it('answers instead of overflowing the stack on deep nesting', () => {
    const deep = '('.repeat(20000) + ')'.repeat(20000);
    const found = checkPcre(deep);
    assert.ok(found === null || found.key === 'pcre.too-complex');
  });
  it('validatePcre requires a pattern and isPcre answers a boolean', () => {
    assert.deepEqual(validatePcre(''), { key: 'common.required' });
    assert.equal(validatePcre('a+'), null);
    assert.equal(isPcre('a+'), true);
    assert.equal(isPcre('a)'), false);
  });
});

describe('rules §5 Match rules and WAF: PCRE checker properties', () => {
  it('never throws on arbitrary strings, including regex-heavy ones', () => {
    const regexAlphabet = fc.string({ unit: fc.constantFrom(...'()[]{}|*+?^$\\.-:=!<>PpkgQEx0123456789aAzZ#,\'"&R*'), maxLength: 40 });
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 60 }), regexAlphabet), (pattern) => {
        const found = checkPcre(pattern);
        assert.ok(found === null || (found.key.startsWith('pcre.') && typeof found.values?.offset === 'number') || found.key === 'pcre.too-complex');
      }),
      { numRuns: 20000 },
    );
  });
  it('accepts every pattern built from the grammar of valid PCRE', () => {
    const atom = fc.oneof(
      fc.constantFrom('a', 'b', '.', '\\d', '\\w', '\\s', '\\.', '[a-z]', '[^0-9]', '[[:alpha:]_]', '\\x41', '\\p{L}', '\\Qa|b\\E'),
    );
    const quantifier = fc.constantFrom('', '', '*', '+', '?', '{2}', '{1,3}', '{2,}', '*?', '++', '?+');
    const pattern: fc.Arbitrary<string> = fc.letrec<{ alt: string; seq: string; item: string }>((tie) => ({
      alt: fc.array(tie('seq'), { minLength: 1, maxLength: 3 }).map((branches) => branches.join('|')),
      seq: fc.array(tie('item'), { minLength: 0, maxLength: 4 }).map((items) => items.join('')),
      item: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.tuple(atom, quantifier).map(([a, q]) => a + q),
        fc.tuple(fc.constantFrom('(', '(?:', '(?>', '(?=', '(?!', '(?i:', '(?<g>', '(?|'), tie('alt'), quantifier).map(([open, body, q]) => `${open}${body})${q}`),
        fc.constantFrom('^', '$', '\\b', '(?i)', '(?#c)'),
      ),
    })).alt;
    fc.assert(
      fc.property(pattern, (value) => {
        // A second named group would be a duplicate name: keep the first only.
        let named = 0;
        const unique = value.replace(/\(\?<g>/g, () => (named++ === 0 ? '(?<g>' : '('));
        assert.equal(checkPcre(unique), null, unique);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('rules §5 Match rules and WAF, issue "a regex that cannot stall the firewall": catastrophic backtracking is refused at save time', () => {
  // The classic exponential shapes, from the OWASP ReDoS page and the patterns behind well-known outages.
  const catastrophic: Array<[string, number]> = [
    ['(a+)+$', 4],
    ['(a*)*b', 4],
    ['^(\\w+\\s?)*$', 9],
    ['^(([a-z])+.)+[A-Z]([a-z])+$', 12],
    ['(x+x+)+y', 6],
    ['^(a|b+)*c', 7],
    ['(?:\\d+\\.)+\\d+', 9],
    ['((ab)*c?){20}', 9],
  ];
  for (const [pattern, offset] of catastrophic) {
    it(`refuses ${pattern}, naming the outer repetition`, () => {
      assert.equal(checkPcre(pattern), null, 'valid syntax');
      assert.deepEqual(checkBacktracking(pattern), { key: 'pcre.catastrophic-backtracking', values: { offset } });
      assert.equal(validatePcre(pattern)?.key, 'pcre.catastrophic-backtracking');
    });
  }

  // Same meaning without the ambiguity: possessive or atomic inner repetition, a small outer bound, or no nesting.
  const safe = [
    '(a++)+$',
    '(?>a+)+$',
    '(*atomic:a+)+$',
    '(a+)++$',
    '^(\\d{1,3}\\.){3}\\d{1,3}$',
    '^[a-z0-9.-]+\\.example\\.com$',
    '(ab|cd)*',
    '(?:abc)+',
    '\\d+-\\d+',
    '^/api/v[0-9]+/(users|orders)/[0-9]+$',
    '(?:\\b\\w)+',
  ];
  for (const pattern of safe) {
    it(`accepts ${pattern}`, () => {
      assert.equal(validatePcre(pattern), null);
    });
  }
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GROUP_NAME_LENGTH, isEmail, LOGIN_TIME_DEFAULT_HOURS, LOGIN_TIME_HOURS, LOGIN_TIME_MINUTES, PASSWORD_LENGTH, passwordClassCount, SUB_ACCOUNT_NAME_LENGTH, validateCheckedMessages, validateContact, validateContactGroupName, validateEmail, validateGroupName, validateGroupSelected, validateLoginTime, validatePassword, validatePasswordConfirmation, validateSubAccount, validateSubAccountName, validateTemplateAssociation, validateVerificationCode } from '../../../core/rules/accounts.js';
import { ACCESS_REMARK_MAX, MAX_PERMISSION_GROUPS, passwordStrength, validateGroup, validateGroupCount } from '../../../core/rules/access.js';

describe('rules §5 Accounts and groups', () => {
  it('rules §5 / §9 Names: sub-account name required, 1-40 characters (a Chinese character counts once)', () => {
    assert.deepEqual(SUB_ACCOUNT_NAME_LENGTH, { min: 1, max: 40 });
    assert.deepEqual(validateSubAccountName(''), { key: 'accounts.name-required' });
    assert.deepEqual(validateSubAccountName('   '), { key: 'accounts.name-required' });
    assert.equal(validateSubAccountName('a'), null);
    assert.equal(validateSubAccountName('a'.repeat(40)), null);
    assert.equal(validateSubAccountName('运'.repeat(40)), null);
    assert.deepEqual(validateSubAccountName('a'.repeat(41)), { key: 'common.too-long', values: { max: 40 } });
  });
  it('rules §5 / §9 Names: group name cannot be empty, 1-40 characters; a group must be selected', () => {
    assert.deepEqual(GROUP_NAME_LENGTH, { min: 1, max: 40 });
    assert.deepEqual(validateGroupName(undefined), { key: 'accounts.group-name-required' });
    assert.equal(validateGroupName('ops'), null);
    assert.deepEqual(validateGroupName('g'.repeat(41)), { key: 'common.too-long', values: { max: 40 } });
    assert.deepEqual(validateGroupSelected(null), { key: 'accounts.group-required' });
    assert.deepEqual(validateGroupSelected(''), { key: 'accounts.group-required' });
    assert.equal(validateGroupSelected(0), null);
  });
  it('rules §5: password 8-20 characters with at least three of digit, upper, lower, special', () => {
    assert.deepEqual(PASSWORD_LENGTH, { min: 8, max: 20 });
    assert.deepEqual(validatePassword(''), { key: 'accounts.password-required' });
    assert.deepEqual(validatePassword('Ab1!xyz'), { key: 'accounts.password-length', values: { min: 8, max: 20 } });
    assert.equal(validatePassword('Ab1!xyzw'), null);
    assert.equal(validatePassword('Ab1!'.repeat(5)), null);
    assert.deepEqual(validatePassword('Ab1!'.repeat(5) + 'x'), { key: 'accounts.password-length', values: { min: 8, max: 20 } });
    assert.deepEqual(validatePassword('abcdefgh1'), { key: 'accounts.password-classes', values: { count: 3 } });
    assert.equal(validatePassword('abcdefg1!'), null, 'lower, digit, special');
    assert.equal(validatePassword('ABCDEFG1a'), null, 'upper, digit, lower');
    assert.equal(passwordClassCount('aA1!'), 4);
    assert.equal(passwordClassCount('密码'), 1, 'anything that is not a letter or digit is special');
  });
  it('rules §5 / §8: the two passwords must match ("The two password inputs are inconsistent")', () => {
    assert.equal(validatePasswordConfirmation('Secret12!', 'Secret12!'), null);
    assert.deepEqual(validatePasswordConfirmation('Secret12!', 'Secret12?'), { key: 'accounts.passwords-inconsistent' });
    assert.deepEqual(validatePasswordConfirmation('Secret12!', ''), { key: 'accounts.password-confirm-required' });
  });
  it('rules §5: email format checked ("incorrect email address")', () => {
    for (const ok of ['a@b.cn', 'first.last+tag@example.co.uk', "o'brien@mail.example.com", 'x_y-z@xn--fiqs8s.com']) assert.equal(isEmail(ok), true, ok);
    for (const bad of ['', 'a', '@b.com', 'a@', 'a@b', 'a..b@c.com', '.a@c.com', 'a.@c.com', 'a b@c.com', 'a@b_c.com', 'a@-b.com', 'a@1.2.3.4', `${'a'.repeat(65)}@b.com`, `a@${'b'.repeat(250)}.com`]) {
      assert.equal(isEmail(bad), false, bad);
    }
    assert.deepEqual(validateEmail(' '), { key: 'accounts.email-required' });
    assert.deepEqual(validateEmail('nope'), { key: 'accounts.email-invalid' });
    assert.equal(validateEmail(' ops@example.com '), null);
  });
  it('rules §5: verification code required where used', () => {
    assert.deepEqual(validateVerificationCode(''), { key: 'accounts.verification-code-required' });
    assert.equal(validateVerificationCode('123456'), null);
  });
  it('rules §5 / §9: login time control 15-1440 minutes or 1-24 hours, default 8 hours', () => {
    assert.equal(LOGIN_TIME_DEFAULT_HOURS, 8);
    assert.deepEqual(LOGIN_TIME_MINUTES, { min: 15, max: 1440 });
    assert.deepEqual(LOGIN_TIME_HOURS, { min: 1, max: 24 });
    for (const ok of [15, 16, 1440, '60']) assert.equal(validateLoginTime(ok, 'minute'), null, String(ok));
    for (const bad of [14, 1441, 0, '1.5', 'x', null]) {
      assert.deepEqual(validateLoginTime(bad, 'minute'), { key: 'accounts.login-minutes-range', values: { min: 15, max: 1440 } }, String(bad));
    }
    for (const ok of [1, 8, 24]) assert.equal(validateLoginTime(ok, 'hour'), null);
    for (const bad of [0, 25]) assert.deepEqual(validateLoginTime(bad, 'hour'), { key: 'accounts.login-hours-range', values: { min: 1, max: 24 } });
  });
  it('rules §5: the sub-account form answers field issues', () => {
    assert.deepEqual(validateSubAccount({ name: 'ops', password: 'Secret12!', confirmPassword: 'Secret12!', email: 'a@b.cn', groupId: 3 }), []);
    assert.deepEqual(validateSubAccount({ name: '', password: 'short', confirmPassword: 'other', email: 'bad', groupId: null }), [
      { field: 'name', key: 'accounts.name-required' },
      { field: 'password', key: 'accounts.password-length', values: { min: 8, max: 20 } },
      { field: 'confirmPassword', key: 'accounts.passwords-inconsistent' },
      { field: 'email', key: 'accounts.email-invalid' },
      { field: 'groupId', key: 'accounts.group-required' },
    ]);
    assert.deepEqual(validateSubAccount({ name: 'ops', groupId: 1 }), [], 'editing without a new password');
  });
  it('rules §5 Bans, IP lists, purge, prefetch, logs: contacts, contact groups, checked messages, template association', () => {
    assert.deepEqual(validateContact({ name: '', email: '' }), [
      { field: 'name', key: 'accounts.contact-name-required' },
      { field: 'email', key: 'accounts.email-required' },
    ]);
    assert.deepEqual(validateContact({ name: '张三', email: 'x' }), [{ field: 'email', key: 'accounts.email-invalid' }]);
    assert.deepEqual(validateContact({ name: '张三', email: 'zs@example.cn' }), []);
    assert.deepEqual(validateContactGroupName(''), { key: 'accounts.contact-group-name-required' });
    assert.equal(validateContactGroupName('on-call'), null);
    assert.deepEqual(validateCheckedMessages([]), { key: 'accounts.messages-not-selected' });
    assert.equal(validateCheckedMessages([1]), null);
    assert.deepEqual(validateTemplateAssociation({ enabled: false }), { key: 'accounts.template-not-enabled' });
    assert.equal(validateTemplateAssociation({ enabled: true }), null);
  });
});

describe('access management rules (issue 26; rules §5 Accounts and groups, §6, §8)', () => {
  it('rules §5, §6: a group needs a name, and a specified grant needs objects; each module once', () => {
    assert.deepEqual(validateGroup({ name: 'Ops', grants: [{ module: 'domain', object_scope: 'specified', object_ids: [1] }] }), []);
    assert.deepEqual(validateGroup({ name: '', grants: [] }), [{ field: 'name', key: 'accounts.group-name-required' }]);
    assert.deepEqual(validateGroup({ name: 'x'.repeat(41), remark: 'r'.repeat(ACCESS_REMARK_MAX + 1), grants: [] }), [
      { field: 'name', key: 'common.too-long', values: { max: 40 } },
      { field: 'remark', key: 'common.too-long', values: { max: ACCESS_REMARK_MAX } },
    ]);
    assert.deepEqual(
      validateGroup({
        name: 'Ops',
        grants: [
          { module: 'certificate', object_scope: 'specified', object_ids: [] },
          { module: 'certificate', object_scope: 'all', object_ids: [] },
          { module: 'domain', object_scope: 'group', object_ids: [] },
        ],
      }),
      [
        { field: 'grants.certificate', key: 'accounts.objects-required' },
        { field: 'grants.certificate', key: 'accounts.module-duplicate' },
      ],
      'in-group objects may be empty: the group fills them as its sub-accounts create objects',
    );
  });
  it('rules §8: "The number of subordinate groups has reached the maximum"', () => {
    assert.equal(validateGroupCount(MAX_PERMISSION_GROUPS - 1), null);
    assert.deepEqual(validateGroupCount(MAX_PERMISSION_GROUPS), { key: 'accounts.groups-max', values: { max: MAX_PERMISSION_GROUPS } });
  });
  it('the strength meter: refused passwords are weak, longer and more varied ones stronger', () => {
    assert.equal(passwordStrength(''), 0);
    assert.equal(passwordStrength('abcdefghij'), 1);
    assert.equal(passwordStrength('Abcdefg1'), 2);
    assert.equal(passwordStrength('Abcdefg1!'), 3);
    assert.equal(passwordStrength('Abcdefghijk1!'), 4);
  });
});

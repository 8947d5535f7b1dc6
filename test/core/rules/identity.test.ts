/**
 * Identity verification rules (issue 27, shell §2 user center `authentication`): the resident identity number of
 * GB 11643-1999 and the unified social credit code of GB 32100-2015. The valid numbers are published ones, never
 * numbers made to fit this code: 11010519491231002X and 440524188001010014 are the worked examples of GB 11643-1999;
 * 91350100M000100Y43 is the example code quoted with GB 32100-2015; 914403001922038216 and 9144030071526726XG are the
 * codes Huawei Technologies Co., Ltd. and Shenzhen Tencent Computer Systems Co., Ltd. publish in their registrations.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  creditCodeCheck,
  maskIdentityNumber,
  residentIdCheck,
  validateCompanyName,
  validateCreditCode,
  validateIdentity,
  validatePersonName,
  validateResidentId,
} from '../../../core/rules/identity.js';

const ID_EXAMPLES = ['11010519491231002X', '440524188001010014'];
const CREDIT_EXAMPLES = ['91350100M000100Y43', '914403001922038216', '9144030071526726XG'];

describe('identity verification rules (GB 11643-1999, GB 32100-2015)', () => {
  it('GB 11643: the standard\'s examples pass, a lower-case x too; their check characters are recomputed', () => {
    for (const number of ID_EXAMPLES) {
      assert.equal(validateResidentId(number), null, number);
      assert.equal(residentIdCheck(number.slice(0, 17)), number[17]);
    }
    assert.equal(validateResidentId(' 11010519491231002x '), null);
  });

  it('GB 11643: a wrong check digit, a wrong length, letters, an impossible birth date are refused', () => {
    assert.deepEqual(validateResidentId('110105194912310021'), { key: 'user-center.check-digit' });
    assert.deepEqual(validateResidentId('440524188001010015'), { key: 'user-center.check-digit' });
    assert.deepEqual(validateResidentId('11010519491231002'), { key: 'user-center.id-number' });
    assert.deepEqual(validateResidentId('1101051949123100X2'), { key: 'user-center.id-number' });
    assert.deepEqual(validateResidentId('110105194902300021'), { key: 'user-center.id-number' }, '30 February');
    assert.deepEqual(validateResidentId('010105194912310021'), { key: 'user-center.id-number' }, 'no region starts with 0');
    assert.deepEqual(validateResidentId(''), { key: 'common.required' });
  });

  it('GB 32100: published codes pass (lower case too); wrong check character, forbidden letters and length are refused', () => {
    for (const code of CREDIT_EXAMPLES) {
      assert.equal(validateCreditCode(code), null, code);
      assert.equal(creditCodeCheck(code.slice(0, 17)), code[17]);
    }
    assert.equal(validateCreditCode('91350100m000100y43'), null);
    assert.deepEqual(validateCreditCode('91350100M000100Y44'), { key: 'user-center.check-digit' });
    assert.deepEqual(validateCreditCode('914403001922038217'), { key: 'user-center.check-digit' });
    assert.deepEqual(validateCreditCode('91350100M000100I43'), { key: 'user-center.credit-code' }, 'I is not in the alphabet');
    assert.deepEqual(validateCreditCode('9135010M000100Y43'), { key: 'user-center.credit-code' });
    assert.deepEqual(validateCreditCode('91A50100M000100Y43'), { key: 'user-center.credit-code' }, 'the region is digits');
    assert.deepEqual(validateCreditCode(' '), { key: 'common.required' });
  });

  it('names: a person 2-30 letters with spaces or · between; a company 2-100 characters', () => {
    for (const name of ['张三', '阿依古丽·买买提', 'Jane Doe', 'José Núñez']) assert.equal(validatePersonName(name), null, name);
    for (const name of ['张', 'Jane1', '·张三', 'x'.repeat(31)]) assert.deepEqual(validatePersonName(name), { key: 'user-center.person-name', values: { min: 2, max: 30 } }, name);
    assert.deepEqual(validatePersonName(''), { key: 'common.required' });
    assert.equal(validateCompanyName('华为技术有限公司'), null);
    assert.deepEqual(validateCompanyName('华'), { key: 'common.length-range', values: { min: 2, max: 100 } });
    assert.deepEqual(validateCompanyName(''), { key: 'common.required' });
  });

  it('a submission is checked on the fields of its kind only; the ID number is shown by its first and last characters', () => {
    assert.deepEqual(validateIdentity({ kind: 'individual', real_name: '张三', id_number: ID_EXAMPLES[0] }), []);
    assert.deepEqual(
      validateIdentity({ kind: 'enterprise', company_name: '', credit_code: 'x', legal_person: '李四' }).map((found) => found.field),
      ['company_name', 'credit_code'],
    );
    assert.equal(maskIdentityNumber('11010519491231002X'), `1${'*'.repeat(16)}X`);
  });
});

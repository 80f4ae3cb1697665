import { describe, expect, it } from 'vitest';
import { auditAnswer, operatorTokensAnswer, staffListAnswer, staffMe } from '@pc/core/contracts/staff';
import { auditPage, meAs, staffMembers, tokens } from './fixtures.ts';

describe('the console tests’ answers hold to core’s contract', () => {
  it('me, staff, tokens and the audit page', () => {
    expect(() => staffMe.parse(meAs('finance'))).not.toThrow();
    expect(() => staffListAnswer.parse({ data: staffMembers })).not.toThrow();
    expect(() => operatorTokensAnswer.parse({ data: tokens })).not.toThrow();
    expect(() => auditAnswer.parse(auditPage)).not.toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { pageHasVerificationMeta, siteEarnsBonus, siteVerificationFileName, SITE_STATUSES, verificationFileMatches } from './sites.ts';

describe('site referrals', () => {
  it('only active sites earn the bonus', () => {
    expect(SITE_STATUSES.filter(siteEarnsBonus)).toEqual(['active']);
  });
  it.each([
    ['John.Doe@Example.com', null, 'john.doe.txt'],
    ['john@example.com', 'JohnnyB', 'johnnyb.txt'],
    ['john@example.com', '  ', 'john.txt'],
  ])('%s with login %s → %s', (email, login, name) => expect(siteVerificationFileName(email, login)).toBe(name));
  it('the file must hold the token', () => {
    expect(verificationFileMatches('  tok123\n', 'tok123')).toBe(true);
    expect(verificationFileMatches('tok1234', 'tok123')).toBe(false);
    expect(verificationFileMatches('', '')).toBe(false);
  });
  it.each([
    ['<html><head><meta name="partner-verification" content="tok123"></head></html>', true],
    ["<HEAD><META CONTENT='tok123' NAME='Partner-Verification' /></HEAD>", true],
    ['<head><meta name="partner-verification" content="other"></head>', false],
    ['<head></head><body><meta name="partner-verification" content="tok123"></body>', false],
    ['<head><meta name="description" content="tok123"></head>', false],
  ])('%s → %s', (html, ok) => expect(pageHasVerificationMeta(html, 'tok123')).toBe(ok));
});

import { describe, expect, it } from 'vitest';
import { AUTH_PATHS as CONTRACT } from '@pc/core/contracts/auth';
import { AUTH_PATHS } from './api-paths.ts';

describe('account call paths', () => {
  it('match the contract in core', () => {
    const { autoLoginTo: a, ...rest } = AUTH_PATHS;
    const { autoLoginTo: b, ...contract } = CONTRACT;
    expect(rest).toEqual(contract);
    expect(a('fd1')).toBe(b('fd1'));
  });
});

import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  base58CheckDecode,
  base58CheckEncode,
  base58Decode,
  base58Encode,
  ibanCheckDigits,
  ibanValid,
  luhnCheckDigit,
  luhnValid,
  sha256,
  tronAddressValid,
} from './checksums.ts';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const digits = (min: number, max: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((a) => a.join(''));

/** Every string that differs from `s` in exactly one digit. */
function singleDigitChanges(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; i++) {
    if (!/\d/.test(s[i]!)) continue;
    for (let d = 0; d <= 9; d++) if (String(d) !== s[i]) out.push(s.slice(0, i) + d + s.slice(i + 1));
  }
  return out;
}

describe('Luhn', () => {
  it.each([
    ['4111111111111111', true], ['4111111111111112', false], ['5555555555554444', true], ['378282246310005', true], ['79927398713', true], ['79927398710', false], ['4111 1111', false],
  ])('%s → %s', (n, ok) => expect(luhnValid(n)).toBe(ok));
  it('accepts generated numbers and rejects every single-digit change', () => {
    fc.assert(
      fc.property(digits(11, 18), (payload) => {
        const n = payload + luhnCheckDigit(payload);
        expect(luhnValid(n)).toBe(true);
        for (const changed of singleDigitChanges(n)) expect(luhnValid(changed)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe('IBAN mod-97', () => {
  it.each([
    ['TR330006100519786457841326', true],
    ['TR320010009999901234567890', true],
    ['GB82WEST12345698765432', true],
    ['TR330006100519786457841327', false],
  ])('%s → %s', (iban, ok) => expect(ibanValid(iban)).toBe(ok));
  it('accepts generated Turkish IBANs and rejects every single-digit change', () => {
    fc.assert(
      fc.property(digits(5, 5), digits(16, 16), (bank, account) => {
        const bban = `${bank}0${account}`;
        const iban = `TR${ibanCheckDigits('TR', bban)}${bban}`;
        expect(iban).toHaveLength(26);
        expect(ibanValid(iban)).toBe(true);
        for (const changed of singleDigitChanges(iban)) expect(ibanValid(changed)).toBe(false);
      }),
      { numRuns: 100 },
    );
  });
});

describe('SHA-256', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq', '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1'],
  ])('sha256(%j)', (text, digest) => expect(hex(sha256(new TextEncoder().encode(text)))).toBe(digest));
  it('matches node:crypto on any input', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(hex(sha256(bytes))).toBe(createHash('sha256').update(bytes).digest('hex'));
      }),
      { numRuns: 200 },
    );
  });
});

describe('Base58 and TRON addresses', () => {
  it('round-trips, leading zeros included', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        expect(base58Decode(base58Encode(bytes))).toEqual(bytes);
        expect(base58CheckDecode(base58CheckEncode(bytes))).toEqual(bytes);
      }),
      { numRuns: 200 },
    );
    expect(base58Encode(Uint8Array.from([0, 0, 1]))).toBe('112');
    expect(base58Decode('0OIl')).toBeNull();
  });
  it.each([
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', true],
    ['TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', true],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T', false],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6', false],
    ['1BoatSLRHtKNngkdXEeobR76b53LETtpyT', false],
    ['0x6b175474e89094c44da98b954eedeac495271d0f', false],
  ])('%s → %s', (address, ok) => expect(tronAddressValid(address)).toBe(ok));
  it('accepts generated addresses and rejects single-character changes', () => {
    const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.nat(32), fc.nat(57), (id, pos, ch) => {
        const address = base58CheckEncode(Uint8Array.from([0x41, ...id]));
        expect(tronAddressValid(address)).toBe(true);
        const i = pos + 1;
        const replacement = alphabet[ch]!;
        fc.pre(replacement !== address[i]);
        expect(tronAddressValid(address.slice(0, i) + replacement + address.slice(i + 1))).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

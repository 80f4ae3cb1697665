import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRODUCT } from '../product.ts';
import {
  pageHasVerificationMeta,
  siteRecheckDueAt,
  siteRecheckLapsesAt,
  siteRecheckOutcome,
  type SiteRecheckState,
  pageVerificationMetaContents,
  parseSiteUrl,
  siteBannerHtml,
  siteBannerSvg,
  SITE_BANNER_SIZES,
  SITE_CHECK_FAILURES,
  siteCheckNeedsPage,
  siteCheckVerdict,
  siteConversionBp,
  siteEarnsBonus,
  siteVerificationFileName,
  siteVerificationMetaTag,
  SITE_STATUSES,
  svgDataUri,
  verificationFileMatches,
  type SiteCheckAttempt,
} from './sites.ts';

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
    expect(verificationFileMatches('\uFEFFtok123\r\n', 'tok123')).toBe(true);
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
  it('the tag shown to the partner is the one the check finds', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/), (token) => {
        const html = `<!doctype html><html><head><title>x</title>${siteVerificationMetaTag(token)}</head><body></body></html>`;
        expect(pageHasVerificationMeta(html, token)).toBe(true);
        expect(pageVerificationMetaContents(html)).toEqual([token]);
      }),
    );
  });
});

describe('parseSiteUrl', () => {
  it.each([
    ['https://Example.com/some/page?x=1#top', 'example.com', 'https://example.com'],
    ['http://www.example.com', 'example.com', 'http://www.example.com'],
    ['example.com', 'example.com', 'http://example.com'],
    ['  blog.example.org/  ', 'blog.example.org', 'http://blog.example.org'],
    ['https://www.example.com:8443/', 'example.com', 'https://www.example.com:8443'],
    ['https://example.com:443/', 'example.com', 'https://example.com'],
    ['example.com:8080', 'example.com', 'http://example.com:8080'],
    ['https://Пример.рф/', 'xn--e1afmkfd.xn--p1ai', 'https://xn--e1afmkfd.xn--p1ai'],
    ['https://example.com./', 'example.com', 'https://example.com'],
    ['https://www.com/', 'www.com', 'https://www.com'],
    ['http://my-site.co.uk', 'my-site.co.uk', 'http://my-site.co.uk'],
  ])('%s → %s', (raw, domain, origin) => {
    expect(parseSiteUrl(raw)).toEqual({ ok: true, domain, origin });
  });

  it.each([
    ['', 'invalid'],
    ['   ', 'invalid'],
    ['http://exa mple.com', 'invalid'],
    ['http://', 'invalid'],
    [`https://${'a'.repeat(2_000)}.com`, 'invalid'],
    ['ftp://example.com', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['mailto:me@example.com', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['https://user:pass@example.com/', 'credentials'],
    ['https://user@example.com/', 'credentials'],
    ['http://127.0.0.1/', 'host'],
    ['http://10.0.0.1/', 'host'],
    ['http://169.254.169.254/latest/meta-data/', 'host'],
    ['http://[::1]/', 'host'],
    ['http://2130706433/', 'host'],
    ['http://localhost:3000/', 'host'],
    ['http://intranet/', 'host'],
    ['http://printer.local/', 'host'],
    ['http://site.test/', 'host'],
    ['http://example.123/', 'invalid'],
    ['http://example.c0m/', 'host'],
    ['http://-bad-.com/', 'host'],
    ['http://a_b.com/', 'host'],
  ])('%s is refused (%s)', (raw, problem) => {
    expect(parseSiteUrl(raw)).toEqual({ ok: false, problem });
  });

  it('allowLocal (tests with a local site) accepts addresses and local names, keeping the port', () => {
    expect(parseSiteUrl('http://127.0.0.1:4321/', { allowLocal: true })).toEqual({ ok: true, domain: '127.0.0.1', origin: 'http://127.0.0.1:4321' });
    expect(parseSiteUrl('http://localhost:8080', { allowLocal: true })).toEqual({ ok: true, domain: 'localhost', origin: 'http://localhost:8080' });
    expect(parseSiteUrl('http://[::1]:81/', { allowLocal: true })).toEqual({ ok: true, domain: '[::1]', origin: 'http://[::1]:81' });
    expect(parseSiteUrl('https://user:pw@127.0.0.1/', { allowLocal: true })).toEqual({ ok: false, problem: 'credentials' });
    expect(parseSiteUrl('ftp://127.0.0.1/', { allowLocal: true })).toEqual({ ok: false, problem: 'scheme' });
  });

  it('a domain is always lower-case, without www., without a port, path or scheme, and parses to itself', () => {
    const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/);
    const domain = fc.tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.constantFrom('com', 'net', 'org', 'de', 'io', 'xn--p1ai')).map(([ls, tld]) => [...ls, tld].join('.'));
    fc.assert(
      fc.property(
        domain,
        fc.constantFrom('http://', 'https://', 'HTTPS://', ''),
        fc.boolean(),
        fc.constantFrom('', ':8080', ':443'),
        fc.constantFrom('', '/', '/a/b?c=d#e'),
        (d, scheme, www, port, path) => {
          const result = parseSiteUrl(`${scheme}${www ? 'WWW.' : ''}${d.toUpperCase()}${port}${path}`);
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          const expected = d.startsWith('www.') && d.split('.').length > 2 ? d.slice(4) : d;
          expect(result.domain).toBe(www ? d : expected);
          expect(result.domain).toBe(result.domain.toLowerCase());
          expect(result.domain).not.toMatch(/[/:]/);
          const again = parseSiteUrl(result.domain);
          expect(again.ok && again.domain).toBe(result.domain);
          expect(result.origin.startsWith('http')).toBe(true);
        },
      ),
    );
  });

  it('never accepts an address or a local name without allowLocal', () => {
    const v4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((p) => p.join('.'));
    fc.assert(
      fc.property(v4, fc.constantFrom('http://', 'https://', ''), fc.constantFrom('', ':80', ':8080'), (ip, scheme, port) => {
        expect(parseSiteUrl(`${scheme}${ip}${port}/`)).toEqual({ ok: false, problem: 'host' });
      }),
    );
  });
});

describe('siteCheckVerdict', () => {
  const token = 'sv_tok123';
  const answer = (status: number, body = ''): SiteCheckAttempt => ({ kind: 'answer', status, body });
  const failed = (reason: Extract<SiteCheckAttempt, { kind: 'failed' }>['reason']): SiteCheckAttempt => ({ kind: 'failed', reason });
  const page = (meta?: string) => answer(200, `<html><head>${meta ? `<meta name="partner-verification" content="${meta}">` : ''}</head><body>hi</body></html>`);

  it.each([
    ['the file holds the token', answer(200, `${token}\n`), null, { verified: true, method: 'file' }],
    ['the file is missing, the tag is there', answer(404), page(token), { verified: true, method: 'meta' }],
    ['the file has another token', answer(200, 'sv_other'), page(), { verified: false, reason: 'token_wrong' }],
    ['the tag has another token', answer(404), page('sv_other'), { verified: false, reason: 'token_wrong' }],
    ['neither file nor tag', answer(404), page(), { verified: false, reason: 'not_found' }],
    ['the site answers every path with its home page', answer(200, '<html><head></head><body>home</body></html>'), page(), { verified: false, reason: 'not_found' }],
    ['the file is gone (410)', answer(410), page(), { verified: false, reason: 'not_found' }],
    ['the file is forbidden', answer(403), page(), { verified: false, reason: 'bad_status', status: 403 }],
    ['the site fails', answer(500), answer(500), { verified: false, reason: 'bad_status', status: 500 }],
    ['no file, and the home page fails', answer(404), answer(503), { verified: false, reason: 'bad_status', status: 503 }],
    ['no file, and the home page is too large', answer(404), failed('too_large'), { verified: false, reason: 'too_large' }],
    ['the file is too large', failed('too_large'), page(), { verified: false, reason: 'too_large' }],
    ['the file is too large, the tag is there', failed('too_large'), page(token), { verified: true, method: 'meta' }],
    ['the site does not answer in time', failed('timeout'), null, { verified: false, reason: 'timeout' }],
    ['the address is not allowed', failed('address_not_allowed'), null, { verified: false, reason: 'address_not_allowed' }],
    ['nothing answers', failed('no_answer'), null, { verified: false, reason: 'no_answer' }],
    ['redirect loop', failed('too_many_redirects'), null, { verified: false, reason: 'too_many_redirects' }],
  ] as const)('%s', (_label, file, home, verdict) => {
    expect(siteCheckVerdict(file, home, token)).toEqual(verdict);
  });

  it('asks for the home page only when the file did not verify and the site did answer', () => {
    expect(siteCheckNeedsPage(answer(200, token), token)).toBe(false);
    expect(siteCheckNeedsPage(answer(404), token)).toBe(true);
    expect(siteCheckNeedsPage(failed('too_large'), token)).toBe(true);
    expect(siteCheckNeedsPage(failed('timeout'), token)).toBe(false);
    expect(siteCheckNeedsPage(failed('address_not_allowed'), token)).toBe(false);
  });

  it('verifies exactly when the file or the tag holds the token, and always names a known reason otherwise', () => {
    const attempt = fc.oneof(
      fc.record({ kind: fc.constant('answer' as const), status: fc.constantFrom(200, 204, 301, 403, 404, 410, 500), body: fc.oneof(fc.constant(token), fc.constant(` ${token} `), fc.string(), fc.constant(`<head>${siteVerificationMetaTag(token)}</head>`), fc.constant(`<head>${siteVerificationMetaTag('x')}</head>`)) }),
      fc.record({ kind: fc.constant('failed' as const), reason: fc.constantFrom('timeout', 'too_large', 'address_not_allowed', 'no_answer', 'too_many_redirects' as const) }),
    );
    fc.assert(
      fc.property(attempt, attempt, (file, home) => {
        const needsPage = siteCheckNeedsPage(file, token);
        const verdict = siteCheckVerdict(file, needsPage ? home : null, token);
        const fileOk = file.kind === 'answer' && file.status >= 200 && file.status < 300 && verificationFileMatches(file.body, token);
        const metaOk = needsPage && home.kind === 'answer' && home.status >= 200 && home.status < 300 && pageHasVerificationMeta(home.body, token);
        expect(verdict.verified).toBe(fileOk || metaOk);
        if (!verdict.verified) expect(SITE_CHECK_FAILURES).toContain(verdict.reason);
        if (file.kind === 'failed' && !needsPage) expect(verdict).toEqual({ verified: false, reason: file.reason });
      }),
    );
  });
});

describe('siteConversionBp', () => {
  it.each([
    [0, 0, null],
    [0, 5, null],
    [100, 0, 0],
    [100, 1, 100],
    [3, 1, 3_333],
    [3, 2, 6_667],
    [8, 1, 1_250],
    [20_000, 1, 1],
    [20_001, 1, 0],
    [10, 15, 15_000],
  ])('%i visits, %i purchases → %s bp', (visits, purchases, bp) => expect(siteConversionBp(visits, purchases)).toBe(bp));
  it('is the exact ratio rounded half up, in whole basis points', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 0, max: 1e9 }), (visits, purchases) => {
        const bp = siteConversionBp(visits, purchases)!;
        expect(Number.isInteger(bp)).toBe(true);
        // bp - 1/2 <= purchases * 10000 / visits < bp + 1/2, in integers.
        const scaled = BigInt(purchases) * 20_000n;
        expect(BigInt(2 * bp - 1) * BigInt(visits) <= scaled).toBe(true);
        expect(scaled < BigInt(2 * bp + 1) * BigInt(visits)).toBe(true);
      }),
    );
  });
});

describe('banners', () => {
  const text = { brand: 'FD1', headline: 'Fast downloads', action: 'Download' };
  it.each(SITE_BANNER_SIZES)('%i×%i is an SVG of that size with the texts', (width, height) => {
    const svg = siteBannerSvg(width, height, text);
    expect(svg).toMatch(new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`));
    for (const t of Object.values(text)) expect(svg).toContain(`>${t}</text>`);
    expect(svg).not.toMatch(/<script|href=|url\(http/);
  });
  it('escapes the texts and the link', () => {
    const html = siteBannerHtml('https://fd1.example/?aff=7&x="y"', 468, 60, { brand: 'A<b>', headline: '"q" & \'r\'', action: 'Go' });
    expect(html).toContain('href="https://fd1.example/?aff=7&amp;x=&quot;y&quot;"');
    expect(html).not.toContain('<b>');
    const src = /src="([^"]+)"/.exec(html)![1]!;
    const svg = decodeURIComponent(src.replace(/&amp;/g, '&').slice('data:image/svg+xml;charset=utf-8,'.length));
    expect(svg).toContain('>A&lt;b&gt;</text>');
    expect(svg).toContain('>&quot;q&quot; &amp; &apos;r&apos;</text>');
  });
  it('squeezes a long text into the banner, and carries right-to-left text', () => {
    const svg = siteBannerSvg(160, 600, { brand: 'FD1', headline: 'Schnelle Downloads ohne Wartezeit für alle', action: 'Herunterladen', rtl: false });
    expect(svg).toMatch(/textLength="\d+"/);
    expect(siteBannerSvg(468, 60, { ...text, rtl: true })).toContain('direction="rtl"');
    expect(svgDataUri('<svg>ü</svg>')).toBe('data:image/svg+xml;charset=utf-8,%3Csvg%3E%C3%BC%3C%2Fsvg%3E');
  });
});

describe('checking verified sites again', () => {
  const proved = '2026-11-01T10:00:00Z';
  it.each([
    ['a week after it was proven', { provedAt: proved, failures: 0, checkedAt: null }, '2026-11-08T10:00:00.000Z'],
    ['a proof counts, not an old failed check', { provedAt: proved, failures: 0, checkedAt: '2026-10-30T00:00:00Z' }, '2026-11-08T10:00:00.000Z'],
    ['a day after a failed re-check', { provedAt: proved, failures: 1, checkedAt: '2026-11-08T10:05:00Z' }, '2026-11-09T10:05:00.000Z'],
    ['and after the second', { provedAt: proved, failures: 2, checkedAt: '2026-11-09T10:06:00Z' }, '2026-11-10T10:06:00.000Z'],
  ] as const)('due %s', (_name, state, due) => {
    expect(siteRecheckDueAt(state).toISOString()).toBe(due);
  });

  const at = '2026-11-08T10:05:00Z';
  it.each([
    ['proven again: the count starts over', 2, true, { action: 'proved', failures: 0 }],
    [
      'the first failure warns, two more to go, the last of them two days later',
      0,
      false,
      { action: 'failed', failures: 1, firstFailure: true, lapsesAfter: 2, lapsesAt: new Date('2026-11-10T10:05:00Z') },
    ],
    ['the second does not warn again', 1, false, { action: 'failed', failures: 2, firstFailure: false, lapsesAfter: 1, lapsesAt: new Date('2026-11-09T10:05:00Z') }],
    ['the third in a row: no longer verified', 2, false, { action: 'lapsed', failures: 3 }],
  ] as const)('%s', (_name, failures, ok, outcome) => {
    expect(siteRecheckOutcome({ provedAt: proved, failures, checkedAt: null }, ok, at)).toEqual(outcome);
  });

  it.each([
    [1, '2026-11-08T10:05:00Z', '2026-11-10T10:05:00.000Z'],
    [2, '2026-11-09T10:05:00Z', '2026-11-10T10:05:00.000Z'],
    [3, '2026-11-10T10:05:00Z', null],
  ] as const)('after %d failures in a row, the last at %s, the site lapses at %s if every check fails', (failures, at, lapses) => {
    expect(siteRecheckLapsesAt(failures, at)?.toISOString() ?? null).toBe(lapses);
  });

  it('follows the settings: days, hours and how many failures', () => {
    const product = { ...DEFAULT_PRODUCT, siteRecheck: { days: 30, retryHours: 6, failuresToLapse: 1 } };
    expect(siteRecheckDueAt({ provedAt: proved, failures: 0, checkedAt: null }, product).toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(siteRecheckDueAt({ provedAt: proved, failures: 1, checkedAt: proved }, product).toISOString()).toBe('2026-11-01T16:00:00.000Z');
    expect(siteRecheckOutcome({ provedAt: proved, failures: 0, checkedAt: null }, false, proved, product)).toEqual({ action: 'lapsed', failures: 1 });
  });

  it('a site lapses only after failuresToLapse failures in a row, spread over at least (failuresToLapse − 1) × retryHours', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 72 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 30 }),
        (failuresToLapse, retryHours, results) => {
          const product = { ...DEFAULT_PRODUCT, siteRecheck: { days: 7, retryHours, failuresToLapse } };
          let state: SiteRecheckState = { provedAt: proved, failures: 0, checkedAt: null };
          let firstFailureAt: number | null = null;
          let warnedLapse: number | null = null;
          let streak = 0;
          for (const ok of results) {
            const at = siteRecheckDueAt(state, product);
            const outcome = siteRecheckOutcome(state, ok, at, product);
            // The first failure's warning names the moment of the lapse that follows if nothing changes.
            if (outcome.action === 'failed' && outcome.firstFailure) warnedLapse = outcome.lapsesAt.getTime();
            streak = ok ? 0 : streak + 1;
            if (!ok && streak === 1) firstFailureAt = at.getTime();
            if (outcome.action === 'lapsed') {
              expect(streak).toBe(failuresToLapse);
              expect(at.getTime() - firstFailureAt!).toBe((failuresToLapse - 1) * retryHours * 3_600_000);
              if (failuresToLapse > 1) expect(at.getTime()).toBe(warnedLapse);
              return;
            }
            expect(streak).toBeLessThan(failuresToLapse);
            expect(outcome.failures).toBe(streak);
            state = ok ? { provedAt: at, failures: 0, checkedAt: at } : { ...state, failures: outcome.failures, checkedAt: at };
          }
        },
      ),
    );
  });
});

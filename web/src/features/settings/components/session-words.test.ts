import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent.ts';
import { relativeTime } from './relative-time.ts';

describe('a session in plain words', () => {
  const cases: Array<[string, string | null, string | null, string]> = [
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36', 'Chrome', 'Windows', 'desktop'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0', 'Edge', 'Windows', 'desktop'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Safari/605.1.15', 'Safari', 'macOS', 'desktop'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/142.0 Mobile/15E148 Safari/604.1', 'Chrome', 'iPhone', 'mobile'],
    ['Mozilla/5.0 (iPad; CPU OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1', 'Safari', 'iPad', 'tablet'],
    ['Mozilla/5.0 (Linux; Android 15; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0 Mobile Safari/537.36', 'Samsung Internet', 'Android', 'mobile'],
    ['Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36', 'Chrome', 'Android', 'tablet'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:145.0) Gecko/20100101 Firefox/145.0', 'Firefox', 'Linux', 'desktop'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 OPR/124.0', 'Opera', 'Windows', 'desktop'],
    ['curl/8.5.0', null, null, 'desktop'],
    ['', null, null, 'desktop'],
  ];
  for (const [ua, browser, os, device] of cases) {
    it(`${browser ?? 'unknown'} on ${os ?? 'unknown'} (${device})`, () => {
      expect(describeUserAgent(ua)).toEqual({ browser, os, device });
    });
  }
});

describe('how long ago, through Intl', () => {
  const now = Date.parse('2026-11-23T18:00:00Z');
  it('picks the largest whole unit', () => {
    expect(relativeTime('2026-11-23T17:59:30Z', now, 'en')).toBe('now');
    expect(relativeTime('2026-11-23T17:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(relativeTime('2026-11-23T15:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(relativeTime('2026-11-22T12:00:00Z', now, 'en')).toBe('yesterday');
    expect(relativeTime('2026-11-09T10:05:12Z', now, 'en')).toBe('14 days ago');
    expect(relativeTime('2026-08-01T00:00:00Z', now, 'en')).toBe('3 months ago');
    expect(relativeTime('2024-11-01T00:00:00Z', now, 'en')).toBe('2 years ago');
  });
  it('speaks the interface language, and a clock slightly ahead reads as now', () => {
    expect(relativeTime('2026-11-23T17:55:00Z', now, 'de')).toBe('vor 5 Minuten');
    expect(relativeTime('2026-11-23T18:00:20Z', now, 'en')).toBe('now');
    expect(relativeTime('not a date', now, 'en')).toBe('');
  });
});

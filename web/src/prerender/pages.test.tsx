import { describe, expect, it } from 'vitest';
import { PRERENDERED_PARTNER_PAGES, fallbacksKept, renderPartnerPage } from './pages.tsx';

/**
 * A partner's screen drawn at build time (decision 0228), as the web build draws it: for no partner, in its loading
 * state, both shapes of the frame's width-dependent parts left to CSS, and no script of its own.
 */
describe('a partner\'s screen drawn at build time', () => {
  // Checked as text (a failure names the missing piece instead of printing the whole page). In this test's DOM,
  // Emotion writes the styles into the document's head, so only the markup is the build's.
  const has = (html: string, piece: string | RegExp) => (typeof piece === 'string' ? html.includes(piece) : piece.test(html));

  it('has the frame, the title and the filters, and none of a partner\'s data', async () => {
    const html = await renderPartnerPage('/app/fd1/statistics/sales', 'en', 'light');
    expect(has(html, /<h1[^>]*>Sales<\/h1>/), 'the title').toBe(true);
    expect(has(html, 'Last 30 days'), 'the period filter').toBe(true);
    // The user bar: the phone's line and the details both (CSS shows the one that fits), the name's line a skeleton.
    expect(has(html, 'data-testid="user-bar-line"'), 'the phone\'s line').toBe(true);
    expect(has(html, 'id="user-bar-details"'), 'the details').toBe(true);
    expect(has(html, 'Edit profile'), 'the profile link').toBe(true);
    // The docked sidebar (CSS hides it below the width where the app docks it).
    expect(has(html, 'MuiDrawer-docked'), 'the docked sidebar').toBe(true);
    expect(has(html, /<script(?![^>]*\ssrc=)[^>]*>/), 'an inline script').toBe(false);
  }, 60_000);

  it('keeps a chart\'s loading block where React would have moved the chart in with a script', async () => {
    const html = await renderPartnerPage('/app/fd1/statistics/detailed', 'ar', 'dark');
    expect(has(html, '<h1'), 'the title').toBe(true);
    expect(has(html, '<div hidden id="S:'), 'a hidden part').toBe(false);
    expect(has(html, /<script(?![^>]*\ssrc=)[^>]*>/), 'an inline script').toBe(false);
    expect(has(html, 'role="progressbar"'), 'the loading block').toBe(true);
  }, 60_000);

  it('keep a suspended part\'s fallback and drop the part React writes after the page with its scripts', () => {
    // The shape React writes when a part suspended while the page was drawn (a boundary, its fallback, and after the
    // page the hidden part and the scripts that move it in).
    const drawn =
      '<main><h1>Detailed</h1><!--$?--><template id="B:0"></template><div role="progressbar"></div><!--/$--></main>' +
      '<script>requestAnimationFrame(function(){$RT=performance.now()});</script>' +
      '<div hidden id="S:0"><div class="chart"><div>legend</div></div></div><script>$RC("B:0","S:0")</script>';
    expect(fallbacksKept(drawn)).toBe(
      '<main><h1>Detailed</h1><!--$?--><template id="B:0"></template><div role="progressbar"></div><!--/$--></main>',
    );
    const whole = '<main><h1>Sales</h1><script type="module" src="/after-paint.js"></script></main>';
    expect(fallbacksKept(whole)).toBe(whole);
  });

  it('are every screen opened by its bare address, of both projects', () => {
    expect(PRERENDERED_PARTNER_PAGES).toContain('/dashboard');
    expect(PRERENDERED_PARTNER_PAGES).toContain('/app/fd2/statistics/files-copies');
    expect(PRERENDERED_PARTNER_PAGES.filter((path) => path.startsWith('/app/fd1/'))).toHaveLength(13);
    expect(PRERENDERED_PARTNER_PAGES.some((path) => path.includes(':'))).toBe(false);
  });
});

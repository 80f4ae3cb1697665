import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fixtures, serverError, startScreen } from '../../../test/screens.tsx';
import { changeLanguage } from '../../../lib/i18n.ts';
import { formatPercent } from '../../../lib/format.ts';
import arNav from '../../../../../locales/ar/nav.json';

/** The page's chunk arrives lazily; the first test of a run waits for it on a busy machine. */
const pageLoaded = () => screen.findByTestId('embed-code', {}, { timeout: 20_000 });
const shares = fixtures.productSettings.plans.sale_shares;
const pct = (bp: number, lang?: string) => formatPercent(bp / 10_000, lang);

describe('video player page', () => {
  it('shows the four player types with the video shares of PPS and Mixed from the settings', async () => {
    startScreen('/video-player');
    await pageLoaded();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Video player');
    for (const type of ['embed', 'on_site', 'full', 'demo']) {
      expect(screen.getByTestId(`player-${type}`)).toBeInTheDocument();
      expect(screen.getByTestId(`pays-${type}-pps`)).toHaveTextContent(pct(shares.pps.video_sale));
      expect(screen.getByTestId(`pays-${type}-pps`)).toHaveTextContent(pct(shares.pps.video_rebill));
      expect(screen.getByTestId(`pays-${type}-mixed`)).toHaveTextContent(pct(shares.mixed.video_sale));
      expect(screen.getByTestId(`pays-${type}-mixed`)).toHaveTextContent(pct(shares.mixed.video_rebill));
    }
    expect(screen.getByTestId('pays-embed-pps')).toHaveTextContent('60% of a video sale, 40% of its rebills');
    expect(screen.getByTestId('pays-embed-mixed')).toHaveTextContent('40% of a video sale, 30% of its rebills');
    expect(screen.getByTestId('video-preview')).toHaveTextContent('a preview of 1 to 3 minutes');
  });

  it('follows the settings, not literals', async () => {
    const settings = structuredClone(fixtures.productSettings);
    settings.plans.sale_shares.pps.video_sale = 6_500;
    settings.video.preview_max_seconds = 240;
    startScreen('/video-player', { 'GET /api/product/settings': { body: settings } });
    await pageLoaded();
    expect(screen.getByTestId('pays-full-pps')).toHaveTextContent('65% of a video sale');
    expect(screen.getByTestId('video-preview')).toHaveTextContent('a preview of 1 to 4 minutes');
  });

  it('gives the embed code of a file on the chosen project and copies it', async () => {
    const user = userEvent.setup();
    startScreen('/video-player');
    const code = await pageLoaded();
    const fd1 = `<iframe src="${fixtures.productSettings.video.player_hosts.fd1}/embed/FILE_ID"`;
    expect(code).toHaveTextContent(fd1);
    expect(screen.getByText(/replace FILE_ID with the id of your video file/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'FD2' }));
    expect(code).toHaveTextContent(`<iframe src="${fixtures.productSettings.video.player_hosts.fd2}/embed/FILE_ID"`);
    await user.click(screen.getByRole('button', { name: 'Copy the code' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(code.textContent));
    await screen.findByText('The embed code has been copied.');
  });

  it('a failed settings read shows the error with a retry', async () => {
    startScreen('/video-player', { 'GET /api/product/settings': serverError });
    expect(await screen.findByTestId('error', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('video player page in Arabic', () => {
  it('renders right-to-left with Arabic figures, the code kept left-to-right', async () => {
    await changeLanguage('ar');
    startScreen('/video-player');
    const code = await pageLoaded();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(arNav.pages.videoPlayer);
    expect(screen.getByTestId('pays-embed-pps')).toHaveTextContent(pct(shares.pps.video_sale, 'ar'));
    expect(code).toHaveAttribute('dir', 'ltr');
    expect(code).toHaveTextContent('FILE_ID');
  });
});

import { PROJECTS } from '@pc/core/projects';
import { href } from '../../lib/routes.ts';

/**
 * The FAQ: the seven categories of docs/product.md#help-and-faq in their order, each with its questions. A question's id is its anchor
 * (/faq#<id>) and its key in the faq namespace (questions.<id>.q / .a). Ids are stable: links to them are shared.
 */
export const FAQ_CATEGORIES = [
  {
    id: 'upload',
    questions: [
      'upload-where',
      'upload-paid-files',
      'upload-terms',
      'upload-storage-cost',
      'upload-unlimited',
      'upload-hints',
    ],
  },
  {
    id: 'payouts',
    questions: [
      'payouts-available',
      'payouts-systems',
      'payouts-time',
      'payouts-new-wallet',
      'payouts-main-quick',
      'payouts-currency',
    ],
  },
  { id: 'sites', questions: ['sites-what', 'sites-verify', 'sites-promo', 'sites-payment', 'sites-status'] },
  {
    id: 'stats',
    questions: ['stats-unique', 'stats-not-counted', 'stats-countries', 'stats-fresh', 'stats-sources', 'stats-copies'],
  },
  {
    id: 'purchases',
    questions: [
      'purchases-share',
      'purchases-rebill',
      'purchases-status',
      'purchases-email',
      'purchases-prices',
      'purchases-free',
    ],
  },
  {
    id: 'other',
    questions: [
      'other-plans',
      'other-gold',
      'other-coins',
      'other-referrals',
      'other-security-code',
      'other-blocked',
    ],
  },
  {
    id: 'video',
    questions: ['video-earn', 'video-preview', 'video-players', 'video-viewers', 'video-embed'],
  },
] as const;

/**
 * Answers that point to a screen end with buttons to it (the first project's; the project menu switches). The
 * downloads that did not count are shown, by reason, on the detailed statistics and the files screens (decision 0200).
 */
export const FAQ_SCREEN_LINKS: Partial<Record<string, ReadonlyArray<{ label: 'openDetailed' | 'openFiles'; to: string }>>> = {
  'stats-not-counted': [
    { label: 'openDetailed', to: href('statisticsDetailed', { app: PROJECTS[0] }) },
    { label: 'openFiles', to: href('statisticsFiles', { app: PROJECTS[0] }) },
  ],
};

export type FaqCategoryId = (typeof FAQ_CATEGORIES)[number]['id'];
export type FaqQuestionId = (typeof FAQ_CATEGORIES)[number]['questions'][number];

export function categoryOf(questionId: string): FaqCategoryId | undefined {
  return FAQ_CATEGORIES.find((c) => (c.questions as readonly string[]).includes(questionId))?.id;
}

/** The site referrals page's calls (issue #11): GET/POST /api/sites?app=, POST /api/sites/{id}/verify, DELETE /api/sites/{id}. */
export { SITES_PATHS } from './paths.ts';

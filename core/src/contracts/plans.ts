/** The rate plans page's calls (issue #11): GET/POST /api/rates?app=. */
export { PLANS_PATHS } from './paths.ts';

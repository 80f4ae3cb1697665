/**
 * The typed route registry: the only place where paths are written. Components build links with
 * href('name', params) and the router reads the patterns from here.
 */
export const ROUTES = {
  root: '/',
  dashboard: '/dashboard',
  videoPlayer: '/video-player',
  apiKey: '/api-key',
  payouts: '/payouts',
  purseConfirm: '/purse/confirm/:code',
  settings: '/settings',
  confirmEmailChange: '/settings/email/confirm/:token',
  notifications: '/notifications',
  news: '/news',
  newsArticle: '/news/:id',
  appTest: '/app/test',
  appTestChild: '/app/test/:child',
  confirmPasswordChanging: '/auth/confirm-password-changing/:userId/:token',
  statistics: '/app/:app/statistics',
  statisticsSources: '/app/:app/statistics/sources',
  statisticsSales: '/app/:app/statistics/sales',
  statisticsTags: '/app/:app/statistics/tags',
  statisticsFiles: '/app/:app/statistics/files',
  statisticsFilesCopies: '/app/:app/statistics/files-copies',
  statisticsDetailed: '/app/:app/statistics/detailed',
  earnings: '/app/:app/earnings',
  videos: '/app/:app/videos',
  referrals: '/app/:app/referrals',
  buyers: '/app/:app/buyers',
  gold: '/app/:app/gold',
  sites: '/app/:app/sites',
  rates: '/app/:app/rates',
  faq: '/faq',
  start: '/start',
  logout: '/logout',
  userLogout: '/user/logout',
  helpCenterSso: '/help-center/sso',
  // Signed in or not
  alertsUnsubscribe: '/alerts/unsubscribe/:token',
  notMe: '/not-me/:token',
  // Guest-only pages
  login: '/auth/login',
  register: '/auth/register',
  confirmRegistration: '/auth/confirm-registration/:token',
  autoLogin: '/auth/auto-login/:token',
  restoreAccess: '/auth/restore-access',
  restoreAccessToken: '/auth/restore-access/:token',
  restorePassword: '/auth/restore-password',
  restorePasswordToken: '/auth/restore-password/:email/:token',
} as const;

export type RouteName = keyof typeof ROUTES;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type RouteParams<N extends RouteName> = { [K in ParamNames<(typeof ROUTES)[N]>]: string | number };

type HrefArgs<N extends RouteName> = [ParamNames<(typeof ROUTES)[N]>] extends [never]
  ? [params?: undefined, hash?: string]
  : [params: RouteParams<N>, hash?: string];

/** The URL of a named route; parameters are URL-encoded. */
export function href<N extends RouteName>(name: N, ...[params, hash]: HrefArgs<N>): string {
  let path: string = ROUTES[name];
  if (params) {
    for (const [key, value] of Object.entries(params as Record<string, string | number>)) {
      path = path.replace(`:${key}`, encodeURIComponent(String(value)));
    }
  }
  return hash ? `${path}#${hash}` : path;
}

/** Routes that work the same signed in or not (an alert mail's unsubscribe link, decision 0124). */
export const PUBLIC_ROUTES: readonly RouteName[] = ['alertsUnsubscribe', 'notMe'];

/** Routes a signed-in user is sent away from (to the dashboard). */
export const GUEST_ROUTES: readonly RouteName[] = [
  'login',
  'register',
  'confirmRegistration',
  'autoLogin',
  'restoreAccess',
  'restoreAccessToken',
  'restorePassword',
  'restorePasswordToken',
];

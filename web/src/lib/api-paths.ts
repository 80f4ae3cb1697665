/**
 * The account calls' paths under /api. They mirror AUTH_PATHS of core/src/contracts/auth.ts, whose
 * module also builds the zod schemas; importing it here would put zod into the sign-in bundle.
 * api-paths.test.ts fails when the two drift apart.
 */
export const AUTH_PATHS = {
  captcha: '/captcha',
  register: '/auth/register',
  confirmRegistration: '/auth/confirm-registration',
  login: '/auth/login',
  logout: '/auth/logout',
  restorePasswordRequest: '/auth/restore-password/request',
  restorePassword: '/auth/restore-password',
  restoreAccessRequest: '/auth/restore-access/request',
  restoreAccess: '/auth/restore-access',
  autoLoginFrom: '/auth/auto-login/from',
  autoLoginTo: (app: string) => `/auth/auto-login/to/${app}`,
  user: '/user',
  langs: '/langs',
  langsChange: '/langs/change',
  activateProgram: '/activate-program',
} as const;

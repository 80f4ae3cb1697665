/** Paths of the account calls, under /api. This module imports nothing: the web app's first load includes it. */
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
  themeChange: '/theme/change',
  activateProgram: '/activate-program',
} as const;

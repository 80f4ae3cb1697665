/** Paths of the second-factor calls, under /api (decision 0190). This module imports nothing: the sign-in page includes it. */
export const SECOND_FACTOR_PATHS = {
  /** The sign-in's second step: the pending token with an authenticator code or a recovery code. */
  signInCode: '/auth/login/second-factor',
  /** The sign-in's second step with a passkey: options, then the assertion. */
  signInPasskeyOptions: '/auth/login/passkey/options',
  signInPasskey: '/auth/login/passkey',
  /** Password-less sign-in with a passkey: options, then the assertion. */
  passkeyOptions: '/auth/passkey/options',
  passkey: '/auth/passkey',
  /** The settings' security section. */
  status: '/settings/second-factor',
  totpSetup: '/settings/second-factor/totp/setup',
  totpConfirm: '/settings/second-factor/totp/confirm',
  totpDisable: '/settings/second-factor/totp/disable',
  recoveryCodes: '/settings/second-factor/recovery-codes',
  passkeyRegisterOptions: '/settings/passkeys/options',
  passkeys: '/settings/passkeys',
  passkeyItem: (id: number | string) => `/settings/passkeys/${id}`,
} as const;

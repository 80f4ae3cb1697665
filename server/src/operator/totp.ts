import { totpVault } from '../plumbing/totp.ts';

/**
 * The staff's authenticator and recovery codes (decision 0160), on the shared TOTP of plumbing/totp.ts, with their
 * secrets sealed under the staff's own key. Changing SESSION_SECRET makes them unreadable: staff then cannot sign in
 * until an administrator resets their authenticator (`npm run operator -- staff reset-totp`); nothing falls back to
 * signing in without one.
 */
export { acceptedTotpStep, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpSetup } from '../plumbing/totp.ts';

const vault = totpVault('partner-cabinet/staff', 'staff-totp');
export const sealTotpSecret = vault.seal;
/** The member's base32 secret; throws when it cannot be read (another SESSION_SECRET, an altered row). */
export const openTotpSecret = vault.open;

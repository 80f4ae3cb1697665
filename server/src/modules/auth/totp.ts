import { totpVault } from '../../plumbing/totp.ts';

/**
 * Partners' authenticator (decision 0190), on the same TOTP and recovery codes as the staff's (plumbing/totp.ts),
 * with its secrets sealed under a key of its own (not the staff's).
 */
export { TOTP_ISSUER, acceptedTotpStep, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpSetup } from '../../plumbing/totp.ts';

const vault = totpVault('partner-cabinet/partners', 'user-totp');
export const sealTotpSecret = vault.seal;
/** The partner's base32 secret; throws when it cannot be read (another SESSION_SECRET, an altered row). */
export const openTotpSecret = vault.open;

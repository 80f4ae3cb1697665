/**
 * The password rule of partners and staff, in one place for the server's schemas and the web's forms. This module
 * imports nothing, so the web's first load can include it.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

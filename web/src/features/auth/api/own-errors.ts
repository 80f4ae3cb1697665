/**
 * The sign-in pages show refusals themselves (on their fields, or as the page's state); only server failures (5xx)
 * go to the app-wide dialog. Every account call's mutation carries this.
 */
export const OWN_ERRORS = { handles: [400, 401, 403, 404, 409, 410, 422, 423, 429] };

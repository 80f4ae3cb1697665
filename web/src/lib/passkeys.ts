/**
 * The browser's side of passkeys (decision 0190). @simplewebauthn/browser is loaded only when a passkey is used
 * (a dynamic import: its own chunk), so the sign-in page's first load does not carry it (decision 0042).
 */
type Json = Record<string, unknown>;

/** Whether this browser can use passkeys at all (no library needed to tell). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Creates a passkey for the server's registration options; answers the browser's answer to send back. */
export async function createPasskey(options: Json): Promise<Json> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return (await startRegistration({ optionsJSON: options as never })) as unknown as Json;
}

/** Signs the server's authentication options with a passkey; answers the assertion to send back. */
export async function signWithPasskey(options: Json): Promise<Json> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return (await startAuthentication({ optionsJSON: options as never })) as unknown as Json;
}

/** The partner closed the browser's passkey prompt (or it timed out): not an error to report. */
export function isPasskeyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { toastError } from '../../../lib/toast';

/**
 * The browser's side of passkeys (WebAuthn, @simplewebauthn/browser): loaded when a passkey is used, not
 * with the landing page. Passkeys need a secure page (HTTPS, or localhost) and a host name, not an address.
 */
const loadWebAuthn = () => import('@simplewebauthn/browser');

/** A page opened by its address (127.0.0.1, [::1], 192.168.1.5): no relying party for WebAuthn. */
const openedByAddress = (hostname: string) => /^[\d.]+$/.test(hostname) || hostname.includes(':') || hostname.startsWith('[');

/** Whether this browser, on this page, can use passkeys at all. */
export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && window.isSecureContext && typeof window.PublicKeyCredential === 'function' && !openedByAddress(window.location.hostname);

/** What the user is told when the browser's passkey prompt did not give an answer. */
function passkeyPromptFailure(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return 'This passkey is registered already.';
  if (name === 'NotAllowedError' || code === 'ERROR_CEREMONY_ABORTED') return 'The passkey prompt was closed or timed out. Please try again.';
  if (code === 'ERROR_INVALID_DOMAIN' || name === 'SecurityError') return 'Passkeys need Daybook opened by its name over HTTPS (or on localhost).';
  return 'Your browser could not use a passkey here.';
}

/** Runs the browser's passkey prompt; when it gives no answer, the user is told why (a toast titled `failureTitle`) and the answer is null. */
async function prompt<T>(ask: () => Promise<T>, failureTitle: string): Promise<T | null> {
  try {
    return await ask();
  } catch (error) {
    toastError(passkeyPromptFailure(error), failureTitle);
    return null;
  }
}

/** The browser's answer with one of its passkeys for these request options (a sign-in), or null. */
export async function askForPasskey(options: PublicKeyCredentialRequestOptionsJSON, failureTitle: string): Promise<AuthenticationResponseJSON | null> {
  const { startAuthentication } = await loadWebAuthn();
  return prompt(() => startAuthentication({ optionsJSON: options }), failureTitle);
}

/** A new passkey the browser made for these creation options, or null. */
export async function askForNewPasskey(options: PublicKeyCredentialCreationOptionsJSON, failureTitle: string): Promise<RegistrationResponseJSON | null> {
  const { startRegistration } = await loadWebAuthn();
  return prompt(() => startRegistration({ optionsJSON: options }), failureTitle);
}

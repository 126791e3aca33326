/*
 * A PIN typed while the kiosk is offline cannot be checked here, and must not be kept where
 * anyone holding the tablet could read it (decision 0027). It is sealed with this device's
 * public key (RSA-OAEP, SHA-256) together with the punch's id; only the server can open it,
 * and only for that punch.
 */

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (character) => character.charCodeAt(0));
}

function toBase64(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)));
}

export async function sealPin(sealingKey: string, pin: string, id: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'spki',
    fromBase64(sealingKey),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const content = new TextEncoder().encode(JSON.stringify({ pin, id }));
  return toBase64(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, content));
}

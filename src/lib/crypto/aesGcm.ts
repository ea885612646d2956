// AES-GCM with a non-extractable key: the key can be stored in IndexedDB (structured clone) and used
// by the page and the service worker, but its bytes can never be read back out by script.

const IV_BYTES = 12;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export async function generateAesKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** base64(iv ‖ ciphertext); a fresh random IV per message. */
export async function encryptText(key: CryptoKey, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, encoder.encode(plain)));
  const out = new Uint8Array(IV_BYTES + cipher.length);
  out.set(iv, 0);
  out.set(cipher, IV_BYTES);
  return toBase64(out);
}

/** Throws when the payload was tampered with or made with another key (GCM authenticates it). */
export async function decryptText(key: CryptoKey, payload: string): Promise<string> {
  const bytes = fromBase64(payload);
  if (bytes.length <= IV_BYTES) throw new Error('Ciphertext too short');
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES) }, key, bytes.slice(IV_BYTES));
  return decoder.decode(plain);
}

export async function encryptJson(key: CryptoKey, value: unknown): Promise<string> {
  return encryptText(key, JSON.stringify(value));
}

export async function decryptJson<T>(key: CryptoKey, payload: string): Promise<T> {
  return JSON.parse(await decryptText(key, payload)) as T;
}

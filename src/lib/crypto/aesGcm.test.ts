import { describe, expect, it } from 'vitest';
import { decryptJson, decryptText, encryptJson, encryptText, generateAesKey } from './aesGcm';

describe('AES-GCM', () => {
  it('round-trips text and JSON without leaving the plain text in the ciphertext', async () => {
    const key = await generateAesKey();
    const cipher = await encryptText(key, 'demo1234');
    expect(cipher).not.toContain('demo1234');
    expect(atob(cipher)).not.toContain('demo1234');
    expect(await decryptText(key, cipher)).toBe('demo1234');
    expect(await decryptJson(key, await encryptJson(key, { a: 1, b: 'ש' }))).toEqual({ a: 1, b: 'ש' });
  });
  it('makes a key that cannot be exported', async () => {
    const key = await generateAesKey();
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });
  it('uses a fresh IV each time', async () => {
    const key = await generateAesKey();
    expect(await encryptText(key, 'x')).not.toBe(await encryptText(key, 'x'));
  });
  it('refuses a tampered payload or another key', async () => {
    const key = await generateAesKey();
    const cipher = await encryptText(key, 'secret');
    const bytes = Uint8Array.from(atob(cipher), (c) => c.charCodeAt(0));
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    await expect(decryptText(key, btoa(String.fromCharCode(...bytes)))).rejects.toThrow();
    await expect(decryptText(await generateAesKey(), cipher)).rejects.toThrow();
  });
});

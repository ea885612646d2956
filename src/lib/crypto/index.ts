export { decryptJson, decryptText, encryptJson, encryptText, fromBase64, generateAesKey, toBase64 } from './aesGcm';
export { sha256Hex, toHex } from './sha256';

export { decryptJson, decryptText, encryptJson, encryptText, fromBase64, generateAesKey, toBase64 } from './aesGcm';
export { sha256Hex } from './sha256';

export { decryptJson, decryptText, encryptJson, encryptText, fromBase64, generateAesKey, toBase64 } from './aesGcm';

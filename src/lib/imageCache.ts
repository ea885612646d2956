// The service worker's cache of /api/files/getImg answers (sw/sw.ts). It is the device's, not a user's:
// it serves without asking the server, so it is emptied when a user signs out (src/session/logout.ts) and
// the next user of the device gets only what the server lets them read.
export const IMAGE_CACHE = 'binyan-images';

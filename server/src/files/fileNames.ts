// How a file's bytes arrive (base64, with or without a data: prefix) and the name it leaves under
// (downloads, mail attachments): shared by the routes and the messaging that sends documents.

export function decodeBase64(value: string): Buffer {
  const payload = value.replace(/^data:[^;,]+;base64,/, '').replace(/\s+/g, '');
  return Buffer.from(payload, 'base64');
}

const extensions: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp', 'application/pdf': 'pdf' };

/** A Content-Disposition file name that cannot break the header or name a path: ASCII, its real extension. */
export function safeFileName(name: string | null, id: string, mimeType: string): string {
  const ext = extensions[mimeType] ?? 'bin';
  const stem = (name ?? '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${stem || id.replace(/[^A-Za-z0-9_-]+/g, '').slice(0, 80) || 'file'}.${ext}`;
}

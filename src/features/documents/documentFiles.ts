// Saving a document's bytes as a file on the device (the "download" of the list).

const extensions: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** A file name from the title: letters of any script kept, path and control characters dropped. */
export function fileNameOf(title: string, mimeType: string): string {
  const printable = [...title].map((c) => (c.charCodeAt(0) < 32 ? ' ' : c)).join('');
  const stem =
    printable
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .trim()
      .slice(0, 80) || 'document';
  return `${stem}.${extensions[mimeType] ?? 'bin'}`;
}

// A file the server draws on request (a receipt, a statement, an export): fetched with the session, its
// refusal read like any answer's, then handed to the browser as a download. Needs the connection.
import { answerError } from '../api/answers';
import { imageUrl } from '../api/calls/files';
import { downloadBlob } from '../ui/download';
import { api, callWithRelogin } from './api';

export async function downloadServerFile(path: string, fileName: string): Promise<void> {
  const blob = await callWithRelogin(async () => {
    const response = await api.raw('GET', path, undefined, { timeoutMs: 30_000 });
    if (!response.ok) {
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        // not JSON: the status alone says it
      }
      throw answerError(response.status, body, text);
    }
    return response.blob();
  });
  downloadBlob(fileName, blob);
}

/** The address of an image the server keeps, for an <img> or a link (the browser sends the session cookie). */
export function serverImageUrl(src: string): string {
  return imageUrl(api, src);
}

import type { ErrorBody } from '../../../../worker/contracts/common';
import { track } from '../../../lib/activity';
import { retryingFetch } from '../../../lib/fetch';
import type { ApiFailure } from '../../../lib/request';
import { sessionStore, setUser } from '../../../lib/user';

const http = retryingFetch(250, undefined, track);

/**
 * GET /api/export.php: the member's data as a ZIP (a Blob and the server's file name), or the
 * refusal (429 export_too_often, localized). Not through apiRequest: the answer is a file, not JSON.
 */
export async function downloadExport(): Promise<{ ok: true; blob: Blob; filename: string } | ApiFailure> {
  let res: Response;
  try {
    res = await http('/api/export.php');
  } catch {
    return { ok: false, status: 0, error: 'network_error', message: '', issues: [] };
  }
  if (res.ok) {
    const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'export.zip';
    return { ok: true, blob: await res.blob(), filename };
  }
  const body = (await res.json().catch(() => ({}))) as Partial<ErrorBody>;
  if (res.status === 403 && body.error === 'authentication_required' && sessionStore.get().status === 'in') setUser(null);
  return { ok: false, status: res.status, error: body.error ?? `http_${res.status}`, message: body.message ?? '', issues: [] };
}

/** Hands a Blob to the browser as a download. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

import type { ErrorCode } from '../contracts/errors';
import { AppError } from './errors';

/**
 * Body limits that count the bytes actually read. A `Content-Length` above the limit is refused
 * before anything is read; otherwise the body is read as a stream (a chunked body has no length,
 * and a declared one may lie), and reading stops, the stream cancelled, as soon as the bytes
 * read pass the limit: 413 with `code`. Hono's own bodyLimit believes a `Content-Length`.
 */
export async function readLimited(
  request: Request,
  maxBytes: number,
  code: ErrorCode = 'payload_too_large',
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) throw new AppError(code, 413);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      reader.cancel().catch(() => undefined);
      throw new AppError(code, 413);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** The body as text (UTF-8), read within the limit. */
export const readTextLimited = async (request: Request, maxBytes: number, code?: ErrorCode) =>
  new TextDecoder().decode(await readLimited(request, maxBytes, code));

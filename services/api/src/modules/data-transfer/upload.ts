import type { Context } from 'koa';
import { IMPORT_FILE_MAX_BYTES } from '@daybook/shared';
import { AppError } from '../../core/errors';

const TOO_BIG = `The file is too large: one import takes at most ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB.`;
const tooBig = () => new AppError(413, 'file_too_large', TOO_BIG);

/**
 * The uploaded file's bytes (an ArrayBuffer of their own), the request body (text/csv, text/plain or application/octet-stream; the app's
 * JSON body limit does not apply). Refused with 413 past IMPORT_FILE_MAX_BYTES, before it is all read.
 * Decoding it (UTF-8 only) is part of reading the file, off the event loop (import-file.ts).
 */
export async function readUpload(ctx: Context): Promise<Uint8Array> {
  // A small JSON body was read by the app's body parser already: the file is its text again.
  const parsed = (ctx.request as { body?: unknown }).body;
  if (parsed !== undefined && ctx.is('application/json')) return new TextEncoder().encode(JSON.stringify(parsed));
  const declared = Number(ctx.get('content-length'));
  if (Number.isFinite(declared) && declared > IMPORT_FILE_MAX_BYTES) throw tooBig();

  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > IMPORT_FILE_MAX_BYTES) {
      ctx.req.destroy();
      throw tooBig();
    }
    chunks.push(chunk);
  }
  // Bytes of their own (not Node's shared pool): they are moved to the thread that reads them.
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

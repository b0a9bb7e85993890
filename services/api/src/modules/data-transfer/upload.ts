import type { Context } from 'koa';
import { IMPORT_FILE_MAX_BYTES } from '@daybook/shared';
import { AppError, badRequest } from '../../core/errors';

const TOO_BIG = `The file is too large: one import takes at most ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB.`;
const tooBig = () => new AppError(413, 'file_too_large', TOO_BIG);

/**
 * The uploaded file, the request body as UTF-8 text (text/csv, text/plain or application/octet-stream; the
 * app's JSON body limit does not apply). Refused with 413 past IMPORT_FILE_MAX_BYTES, before it is all read,
 * and with 400 when it is not UTF-8 text.
 */
export async function readUpload(ctx: Context): Promise<string> {
  // A small JSON body was read by the app's body parser already: the file is its text again.
  const parsed = (ctx.request as { body?: unknown }).body;
  if (parsed !== undefined && ctx.is('application/json')) return JSON.stringify(parsed);
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
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw badRequest('The file is not UTF-8 text: choose the CSV or JSON file the other app exported.', 'bad_file');
  }
}

/**
 * The built renderer's files (out/renderer) for the web shell, served from memory. The set of
 * files is listed once when the shell starts (a build gives every changed asset a new name, and
 * the page names the assets of the build it came from); each file is read from disk on its first
 * request only. @fastify/static, used before, stat'ed every precompressed twin of every request
 * and streamed the file: on this machine's disk a start's 20 small files took main 0.1-0.2 s, in
 * the middle of the page's first load, and its module loading 217 kB of every start's JavaScript.
 * Encodings, content types and caching are the Electron shell's (core/rendererAssets.ts).
 */
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cacheControlOf, chooseEncoding, contentTypeOf, PRECOMPRESSED } from '../core/rendererAssets';

/** Every file under `root`, by its path relative to it with `/` separators; dot files left out. */
function listFiles(root: string, folder = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...listFiles(root, relative));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}

/** Serves the files of `rendererDir` at the shell's root, for paths no other route of `app` takes. */
export function serveRendererFiles(app: FastifyInstance, rendererDir: string): void {
  const root = path.resolve(rendererDir);
  const files = new Set(listFiles(root));
  const contents = new Map<string, Promise<Buffer>>();
  const contentOf = (relative: string) => {
    let content = contents.get(relative);
    if (!content) {
      content = readFile(path.join(root, relative));
      // A file a rebuild removed meanwhile is read again (and refused) at the next request.
      content.catch(() => contents.delete(relative));
      contents.set(relative, content);
    }
    return content;
  };

  app.get('/*', async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const relative = request.params['*'];
    // Only a file listed at the start, by its exact name: nothing outside the folder, no twins asked for directly.
    const twin = PRECOMPRESSED.some(({ suffix }) => relative.endsWith(suffix));
    if (twin || !files.has(relative)) return reply.callNotFound();
    const encoding = chooseEncoding(request.headers['accept-encoding'], (suffix) => files.has(relative + suffix));
    let body: Buffer;
    try {
      body = await contentOf(encoding ? relative + encoding.suffix : relative);
    } catch {
      return reply.callNotFound();
    }
    void reply
      .header('content-type', contentTypeOf(relative))
      .header('cache-control', cacheControlOf(relative))
      .header('vary', 'accept-encoding');
    if (encoding) void reply.header('content-encoding', encoding.encoding);
    return reply.send(body);
  });
}

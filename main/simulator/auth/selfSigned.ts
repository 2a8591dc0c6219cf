/**
 * The `selfsigned` package's generate, loaded when a key or certificate is made rather than with
 * the simulator: the X.509 stack behind it is 0.65 MB of code that a start with a kept identity
 * never runs, and compiling it cost every start of the app.
 */
import type { generate } from 'selfsigned';

type SelfSignedModule = { generate: typeof generate };

export async function generateSelfSigned(...args: Parameters<typeof generate>): ReturnType<typeof generate> {
  // A CommonJS package: imported from ESM (Node, or the esbuild bundle in Node mode) its
  // exports object is the namespace's default.
  const loaded = (await import('selfsigned')) as unknown as SelfSignedModule & { default?: SelfSignedModule };
  return (loaded.default ?? loaded).generate(...args);
}

// Declarations of bundle.mjs (plain JavaScript: it runs before any TypeScript can).

/** A key that changes whenever a source file (name, size or modification time) or the compiler does. */
export function sourceKey(root: string, compilerVersion: string): string;

/** The bundle's directory for the sources as they are now, building it when it is missing. */
export function ensureBundle(root: string, opts?: { cacheDir?: string }): Promise<string>;

/** The CLI's `main`: from the bundle, or from the sources through tsx. */
export function loadMain(
  root: string,
  env?: Record<string, string | undefined>,
): Promise<(argv: string[]) => Promise<number>>;

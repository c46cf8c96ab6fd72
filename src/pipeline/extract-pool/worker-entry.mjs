// A worker thread's entry: the sources are TypeScript, run through tsx as the main thread runs
// them (a loader registered there is not inherited by a worker thread on Node 20).
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');

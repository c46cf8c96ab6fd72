#!/usr/bin/env node
// Entry point: runs the TypeScript sources directly through tsx, so a clean clone
// needs no build step after `npm install`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv);

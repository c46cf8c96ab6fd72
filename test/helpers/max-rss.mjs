// Preloaded into a child `dugout` (NODE_OPTIONS=--import=…) by tests that bound its memory: on exit
// it writes the process's peak resident set size, in bytes, to the file DUGOUT_TEST_MAX_RSS_FILE names.
import { writeFileSync } from 'node:fs';

const file = process.env.DUGOUT_TEST_MAX_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS * 1024)));

// Preloaded into okapi by the process-level fuzz suites (NODE_OPTIONS=--require): appends the
// process's peak resident memory in KiB to OKAPI_FUZZ_RSS_FILE when it exits.
const { appendFileSync } = require('node:fs');

const file = process.env.OKAPI_FUZZ_RSS_FILE;
if (file) process.on('exit', () => appendFileSync(file, `${process.resourceUsage().maxRSS}\n`));

// The baseline for rendering figures: read a JSON file, pretty-print it to stdout.
import { readFileSync } from 'node:fs';

process.stdout.write(JSON.stringify(JSON.parse(readFileSync(process.argv[2], 'utf8')), null, 2));

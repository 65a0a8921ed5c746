// The baseline for https request figures: the least a Node program can do to GET a URL with
// node:https, trusting the CA file given, and write the body to stdout.
import { get } from 'node:https';
import { readFileSync } from 'node:fs';

get(process.argv[2], { ca: readFileSync(process.argv[3]) }, (response) => response.pipe(process.stdout));

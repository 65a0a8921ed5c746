// The baseline for request figures: the least a Node program can do to GET a URL with node:http
// and write the body to stdout.
import { get } from 'node:http';

get(process.argv[2], (response) => response.pipe(process.stdout));

/** The fish script: one `complete` rule whose candidates (with descriptions) okapi prints. */
export const fishScript = [
  '# okapi shell completion for fish 3 or later. Load it with: okapi completion fish | source',
  'function __okapi_complete',
  '    set -l prior (commandline -opc)',
  '    set -e prior[1]',
  '    # Empty when the cursor follows a space: okapi is told the count, so it knows a word is missing.',
  '    set -l current (commandline -ct)',
  '    command okapi completion __complete (math (count $prior) + 1) -- $prior $current 2>/dev/null',
  'end',
  'complete -c okapi -f -a \'(__okapi_complete)\'',
  '',
].join('\n');

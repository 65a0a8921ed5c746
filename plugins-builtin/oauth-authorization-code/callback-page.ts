/**
 * The page okapi's loopback listener shows in the browser that was redirected to it: the sign-in
 * worked, or why it did not (the provider's error in its own words), or, with
 * `--okapi-no-browser`, that the address is to be pasted at okapi's prompt. Everything quoted is
 * HTML-escaped: the provider's words arrive in the redirect's query, which anyone can write.
 */
export type CallbackOutcome = { kind: 'signed-in' } | { kind: 'failed'; problem: string } | { kind: 'paste' };

export function callbackPage(outcome: CallbackOutcome): string {
  const [title, text] =
    outcome.kind === 'signed-in'
      ? ['Signed in', 'okapi is signed in. You can close this tab and go back to the terminal.']
      : outcome.kind === 'failed'
        ? ['Sign-in failed', `okapi could not sign in: ${outcome.problem}`]
        : ['Paste this address', "okapi is not listening for this sign-in (--okapi-no-browser): copy this page's full address from the address bar and paste it at okapi's prompt."];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>okapi: ${escapeHtml(title)}</title></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

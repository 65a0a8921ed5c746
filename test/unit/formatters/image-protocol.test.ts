import { describe, expect, it } from 'vitest';
import { chooseProtocol, PROTOCOLS } from '../../../sdk/shared/image/protocol.js';

describe('chooseProtocol', () => {
  it.each([
    ['kitty by TERM', { TERM: 'xterm-kitty' }, 'kitty'],
    ['kitty by KITTY_WINDOW_ID', { TERM: 'xterm-256color', KITTY_WINDOW_ID: '3' }, 'kitty'],
    ['Ghostty speaks kitty graphics', { TERM: 'xterm-ghostty', TERM_PROGRAM: 'ghostty' }, 'kitty'],
    ['iTerm2 by TERM_PROGRAM', { TERM: 'xterm-256color', TERM_PROGRAM: 'iTerm.app' }, 'iterm2'],
    ['iTerm2 by LC_TERMINAL (kept over ssh)', { TERM: 'xterm-256color', LC_TERMINAL: 'iTerm2' }, 'iterm2'],
    ['WezTerm shows iTerm2 images', { TERM: 'xterm-256color', TERM_PROGRAM: 'WezTerm' }, 'iterm2'],
    ['any other terminal', { TERM: 'xterm-256color', COLORTERM: 'truecolor' }, 'halfblock'],
    ['VS Code', { TERM: 'xterm-256color', TERM_PROGRAM: 'vscode' }, 'halfblock'],
    ['no variables at all', {}, 'halfblock'],
    ['tmux inside kitty', { TERM: 'tmux-256color', TMUX: '/tmp/tmux-1/default,1,0', TERM_PROGRAM: 'tmux', KITTY_WINDOW_ID: '1' }, 'halfblock'],
    ['screen inside iTerm2', { TERM: 'screen-256color', STY: '1.pts-0', LC_TERMINAL: 'iTerm2' }, 'halfblock'],
  ] as const)('%s', (_name, env, expected) => {
    expect(chooseProtocol(env, true)).toBe(expected);
    // Not a terminal: the same choice, since -o image was asked for explicitly.
    expect(chooseProtocol(env, false)).toBe(expected);
  });

  it('OKAPI_IMAGE_PROTOCOL forces any protocol, whatever the terminal', () => {
    for (const protocol of PROTOCOLS) {
      expect(chooseProtocol({ TERM: 'xterm-kitty', TMUX: 'x', OKAPI_IMAGE_PROTOCOL: protocol }, true)).toBe(protocol);
      expect(chooseProtocol({ TERM_PROGRAM: 'iTerm.app', OKAPI_IMAGE_PROTOCOL: protocol }, false)).toBe(protocol);
    }
  });

  it('OKAPI_IMAGE_PROTOCOL ignores case and spaces; empty means unset', () => {
    expect(chooseProtocol({ OKAPI_IMAGE_PROTOCOL: ' Kitty ' }, true)).toBe('kitty');
    expect(chooseProtocol({ OKAPI_IMAGE_PROTOCOL: 'ITERM2' }, true)).toBe('iterm2');
    expect(chooseProtocol({ OKAPI_IMAGE_PROTOCOL: '', TERM: 'xterm-kitty' }, true)).toBe('kitty');
  });

  it('OKAPI_IMAGE_PROTOCOL with an unknown value is an error naming the choices', () => {
    expect(() => chooseProtocol({ OKAPI_IMAGE_PROTOCOL: 'sixel' }, true)).toThrow(
      'OKAPI_IMAGE_PROTOCOL=sixel is not an image protocol okapi knows; use kitty, iterm2, halfblock',
    );
  });
});

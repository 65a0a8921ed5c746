/**
 * The `http-basic` auth type (DESIGN.md §6): `Authorization: Basic base64(username:password)`, the
 * pair encoded as UTF-8 (RFC 7617's only charset). A username cannot hold a colon: the server would
 * split the pair at it.
 */
import { definePlugin } from '../../sdk/define.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import { authOwner, authParamHint, requiredAuthParam } from '../../sdk/auth-params.js';
import meta from './manifest.js';

export default definePlugin({
  ...meta,
  hooks: {
    auth(input) {
      const username = requiredAuthParam(input, 'http-basic', 'username', '<user name>');
      if (username.includes(':')) {
        throw new OkapiError(`${authOwner('http-basic', input)} has a username with a colon, which Basic auth cannot send: the server splits user and password at the first colon`, {
          hint: authParamHint(input, 'username', '<user name without a colon>'),
        });
      }
      const password = requiredAuthParam(input, 'http-basic', 'password', 'env:MY_PASSWORD');
      return { headers: { Authorization: `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}` } };
    },
  },
});

/** The `bearer` auth type (SPEC.md "Auth types"): the param `token` as `Authorization: Bearer <token>`. */
import { definePlugin } from '../../sdk/define.js';
import { requiredAuthParam } from '../../sdk/auth-params.js';
import meta from './manifest.js';

export default definePlugin({
  ...meta,
  hooks: {
    auth(input) {
      const token = requiredAuthParam(input, 'bearer', 'token', 'env:MY_TOKEN');
      return { headers: { Authorization: `Bearer ${token}` } };
    },
  },
});

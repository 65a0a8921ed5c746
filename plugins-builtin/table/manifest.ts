import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'table',
    description: 'Renders responses as a text table',
    okapi_api_version: 2,
    hooks: ['formatter'],
    formatter_names: ['table'],
    formatter_options: [
      {
        name: 'columns',
        flag: 'okapi-columns',
        value_name: 'list',
        description: 'Columns for -o table, comma-separated; dotted paths reach into objects (id,user.login)',
      },
      {
        name: 'sort_by',
        flag: 'okapi-sort-by',
        value_name: 'column',
        description: 'Sort -o table rows by this column (numbers numerically); a leading - sorts descending',
      },
    ],
  },
} satisfies PluginMeta;

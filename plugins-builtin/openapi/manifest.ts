import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'openapi',
    description: 'Loads OpenAPI 3 descriptions from JSON or YAML, and converts Swagger 2.0 ones',
    okapi_api_version: 2,
    hooks: ['loader'],
    loader_content_types: [
      'application/json',
      'text/json',
      'application/yaml',
      'application/x-yaml',
      'text/yaml',
      'text/x-yaml',
      'application/openapi+json',
      'application/openapi+yaml',
      'application/vnd.oai.openapi',
      'application/vnd.oai.openapi+json',
      'application/vnd.oai.openapi+yaml',
      'application/swagger+json',
      'application/swagger+yaml',
    ],
  },
} satisfies PluginMeta;

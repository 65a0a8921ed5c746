/**
 * The host side of `ctx.loadDocument`: API description bytes become an OpenAPI 3 document through
 * the `loader` hook of the plugin that handles their content type. Built-in loaders are asked
 * first (the container's precedence), so an external plugin cannot take over JSON or YAML; an external one adds formats (RAML,
 * protobuf descriptors, …) by listing their media types in `loader_content_types`.
 */
import type { LoadDocumentRequest } from '../../sdk/types.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import type { PluginContainer } from '../plugins/container.js';
import type { PluginRecord, PluginRegistry } from '../plugins/registry.js';
import { mediaTypeEssence } from '../../sdk/shared/media-type.js';

/** The built-in loader used when no plugin claims the content type: it sniffs JSON and YAML. */
const DEFAULT_LOADER = 'openapi';

const BY_EXTENSION: Record<string, string> = {
  json: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
};

export async function loadDocument(registry: PluginRegistry, request: LoadDocumentRequest): Promise<unknown> {
  const loader = pickLoader(registry.container, request);
  if (!loader) {
    throw new OkapiError(`no loader plugin can read ${describeSource(request)}${request.content_type ? ` (${request.content_type})` : ''}`, {
      hint: "see 'okapi plugin list' for the plugins with a loader hook",
    });
  }
  const output = await registry.container.call(loader, 'loader', {
    body: request.body,
    ...(request.content_type !== undefined ? { content_type: request.content_type } : {}),
    ...(request.source_url !== undefined ? { source_url: request.source_url } : {}),
    ...(request.local_path !== undefined ? { local_path: request.local_path } : {}),
    ...(request.referenced ? { referenced: true } : {}),
  });
  if (output === null || typeof output !== 'object' || !('document' in output)) {
    throw new OkapiError(`loader plugin ${loader.name} returned no document for ${describeSource(request)}`);
  }
  return output.document;
}

/** `application/*+json` style patterns from manifests; `*` matches any run of characters. */
function matches(pattern: string, type: string): boolean {
  const p = pattern.toLowerCase();
  if (!p.includes('*')) return p === type;
  const regex = new RegExp(`^${p.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&')).join('.*')}$`);
  return regex.test(type);
}

/** The loader for a document: the first, in the container's precedence order, that claims its media type, then its file extension's; else the built-in default. */
export function pickLoader(container: Pick<PluginContainer, 'firstAccepting'>, request: Pick<LoadDocumentRequest, 'content_type' | 'source_url' | 'local_path'>): PluginRecord | undefined {
  const claim = (type: string | undefined) =>
    type === undefined ? undefined : container.firstAccepting('loader', (r) => r.manifest?.loader_content_types?.some((p) => matches(p, type)) ?? false);
  const fromHeader = claim(mediaTypeEssence(request.content_type) || undefined);
  if (fromHeader) return fromHeader;
  const name = (request.local_path ?? pathOf(request.source_url) ?? '').toLowerCase();
  const extension = /\.([a-z0-9]+)$/.exec(name)?.[1];
  const fromName = claim(extension === undefined ? undefined : BY_EXTENSION[extension]);
  return fromName ?? container.firstAccepting('loader', (r) => r.builtin && r.name === DEFAULT_LOADER);
}

function pathOf(url: string | undefined): string | undefined {
  return url !== undefined && URL.canParse(url) ? new URL(url).pathname : url;
}

function describeSource(request: LoadDocumentRequest): string {
  return request.local_path ?? request.source_url ?? 'the document';
}

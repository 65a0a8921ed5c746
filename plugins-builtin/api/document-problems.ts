/**
 * Defects of a loaded description that okapi works around (issue #14 item 10): `$ref`s that lead
 * nowhere, operationIds used twice, parameters okapi cannot place, path variables no parameter
 * fills. Each is found once, with where
 * it is (a JSON pointer) and what okapi does about it; `api connect` and `api sync` warn of them and
 * `okapi doctor api` lists them. Only a description none of whose operations can be used is
 * refused (`refuseUnusable`): everything else connects with what works.
 */
import type { DocumentProblem, OperationIndex } from '../../sdk/shared/operation-index-format.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import { isPlainObject } from '../../sdk/shared/plain-object.js';
import { followPointer, OPERATION_METHODS } from './operation-index.js';
import { pointerRefs, unresolvedRefs, type UnresolvedRef } from './refs.js';

type Json = Record<string, unknown>;
type Path = (string | number)[];

const METHODS: readonly string[] = OPERATION_METHODS;
const LOCATIONS = ['path', 'query', 'header', 'cookie'];
/** Components that only a `$ref` can bring into use (security schemes are used by name). */
const REFERENCED_COMPONENTS = new Set(['schemas', 'responses', 'parameters', 'examples', 'requestBodies', 'headers', 'links', 'callbacks', 'pathItems']);
/** Children of these keys are names chosen by the author, so an `x-` name there is no extension. */
const NAME_MAPS = new Set(['properties', 'patternProperties', 'schemas', 'parameters', 'responses', 'paths', 'webhooks', 'headers', 'examples']);

export function documentProblems(document: unknown): DocumentProblem[] {
  if (!isPlainObject(document)) return [];
  const sites = operations(document);
  return [...refProblems(document), ...shapeProblems(document), ...operationIdProblems(sites), ...parameterProblems(document, sites), ...pathVariableProblems(document, sites)];
}

/**
 * Refuses a description that declares operations of which none can be used, saying why (its first
 * problems). A description that declares none is a valid empty API and connects.
 */
export function refuseUnusable(document: unknown, index: Pick<OperationIndex, 'operations' | 'webhooks'>, problems: DocumentProblem[], source: string): void {
  if (index.operations.length + index.webhooks > 0) return;
  const declared = declaredOperations(document);
  if (declared === 0) return;
  const shown = problems.slice(0, 3).map((p) => `${p.where}: ${p.message}`);
  throw new OkapiError(
    `${source} declares ${declared} operation${declared === 1 ? '' : 's'} but none can be used${shown.length > 0 ? `:\n  ${shown.join('\n  ')}` : ''}${
      problems.length > shown.length ? `\n  … and ${problems.length - shown.length} more` : ''
    }`,
    { hint: 'fix the description, or ask its owner to' },
  );
}

/** Operations as written: a path item or operation that is a `$ref` counts, whether or not it leads anywhere. */
function declaredOperations(document: unknown): number {
  if (!isPlainObject(document)) return 0;
  let count = 0;
  for (const section of ['paths', 'webhooks']) {
    const items = document[section];
    if (!isPlainObject(items)) continue;
    for (const [key, item] of Object.entries(items)) {
      if (key.startsWith('x-') || item === null || item === undefined) continue;
      if (!isPlainObject(item) || typeof item.$ref === 'string') count++;
      else count += METHODS.filter((m) => item[m] !== undefined).length;
    }
  }
  return count;
}

/** `#/paths/~1pets/get`: the JSON pointer of a path. */
export function pointerOf(path: Path): string {
  let pointer = '#';
  for (const part of path) pointer += `/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`;
  return pointer;
}

/** `GET /pets` for a path under an operation; undefined elsewhere. */
function operationLabel(path: Path): string | undefined {
  const [section, key, method] = path;
  if ((section !== 'paths' && section !== 'webhooks') || typeof key !== 'string' || typeof method !== 'string' || !METHODS.includes(method)) return undefined;
  return section === 'paths' ? `${method.toUpperCase()} ${key}` : `the webhook ${key} (${method.toUpperCase()})`;
}

/** The vendor extension a path runs through, if any. */
function extensionOf(path: Path): string | undefined {
  for (let i = 0; i < path.length; i++) {
    const part = path[i];
    const parent = i > 0 ? path[i - 1] : undefined;
    if (typeof part === 'string' && part.startsWith('x-') && !(typeof parent === 'string' && NAME_MAPS.has(parent))) return part;
  }
  return undefined;
}

/** `schemas/Pet` for a path inside `#/components/schemas/Pet`. */
function componentOf(path: Path): string | undefined {
  const [section, kind, name] = path;
  if (section !== 'components' || typeof kind !== 'string' || name === undefined || !REFERENCED_COMPONENTS.has(kind)) return undefined;
  return `${kind}/${String(name)}`;
}

/** The path a pointer (`#/a/b~1c`) names, decoded as `followPointer` decodes it. */
function pathOfPointer(pointer: string): Path {
  return pointer
    .slice(2)
    .split('/')
    .map((raw) => {
      let token = raw;
      if (token.includes('%')) {
        try {
          token = decodeURIComponent(token);
        } catch {
          // a literal %: the token as written
        }
      }
      return token.replace(/~1/g, '/').replace(/~0/g, '~');
    });
}

function refProblems(document: Json): DocumentProblem[] {
  const unresolved = unresolvedRefs(document);
  if (unresolved.length === 0) return [];
  const used = unresolved.some((u) => componentOf(u.at) !== undefined) ? usedComponents(document) : new Set<string>();
  return unresolved.map((u) => ({ where: pointerOf(u.at), message: refMessage(u, used) }));
}

function refMessage(u: UnresolvedRef, used: Set<string>): string {
  const what = u.internal ? `$ref "${u.ref}" leads nowhere` : `$ref "${u.ref}" was left unresolved: what it points to could not be read, or has no such part`;
  const extension = extensionOf(u.at);
  if (extension !== undefined) return `${what} (inside the vendor extension ${extension}: harmless)`;
  const component = componentOf(u.at);
  if (component !== undefined) {
    return used.has(component)
      ? `${what}; what uses components/${component} still works, without this part`
      : `${what} (in components/${component}, which nothing uses: harmless)`;
  }
  const [section, key, method] = u.at;
  const label = operationLabel(u.at);
  if (label !== undefined) {
    if (u.at.length === 3) return `${what}: the operation is left out`;
    if (u.at[3] === 'parameters' && u.at.length === 5) return `${what}: the parameter is left out of ${label}`;
    return `${what}; ${label} still works, without this part`;
  }
  if ((section === 'paths' || section === 'webhooks') && typeof key === 'string') {
    if (u.at.length === 2) return `${what}: the operations of ${key} are left out`;
    if (method === 'parameters') return `${what}: the parameter is left out of the operations of ${key}`;
  }
  return what;
}

/**
 * The components in use: those a `$ref` outside `components` reaches, directly or through other
 * components.
 */
function usedComponents(document: Json): Set<string> {
  const edges = new Map<string, string[]>();
  const roots: string[] = [];
  for (const { ref, at } of pointerRefs(document)) {
    const target = componentOf(pathOfPointer(ref));
    if (target === undefined) continue;
    const from = at[0] === 'components' ? (componentOf(at) ?? `other/${String(at[1])}`) : undefined;
    if (from === undefined) roots.push(target);
    else {
      const targets = edges.get(from);
      if (targets) targets.push(target);
      else edges.set(from, [target]);
    }
  }
  // Security schemes and other named-only components use what they reference.
  for (const [from, targets] of edges) if (from.startsWith('other/')) roots.push(...targets);
  const used = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (used.has(next)) continue;
    used.add(next);
    queue.push(...(edges.get(next) ?? []));
  }
  return used;
}

/** Path items and operations that are not objects (a `$ref` followed): left out by the index. */
function shapeProblems(document: Json): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  for (const section of ['paths', 'webhooks']) {
    const items = document[section];
    if (!isPlainObject(items)) continue;
    for (const [key, raw] of Object.entries(items)) {
      if (key.startsWith('x-') || raw === null) continue;
      const [item, itemPath] = follow(document, raw, [section, key]);
      if (item === undefined) continue; // a broken $ref: reported as one
      if (!isPlainObject(item)) {
        problems.push({ where: pointerOf(itemPath), message: `a path item must be an object, found ${kindOf(item)}; the operations of ${key} are left out` });
        continue;
      }
      for (const method of METHODS) {
        if (item[method] === undefined || item[method] === null) continue;
        const [operation, path] = follow(document, item[method], [...itemPath, method]);
        if (operation !== undefined && !isPlainObject(operation)) {
          problems.push({ where: pointerOf(path), message: `an operation must be an object, found ${kindOf(operation)}; ${operationLabel([section, key, method])} is left out` });
        }
      }
    }
  }
  return problems;
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  return `a ${typeof value}`;
}

interface OperationSite {
  label: string;
  path: Path;
  operation: Json;
  /** The path item's parameters, where they are. */
  shared: { value: unknown; path: Path };
}

/** The operations under `paths`, through path items and operations that are `$ref`s. */
function operations(document: Json): OperationSite[] {
  const paths = document.paths;
  if (!isPlainObject(paths)) return [];
  const sites: OperationSite[] = [];
  for (const [key, raw] of Object.entries(paths)) {
    if (key.startsWith('x-')) continue;
    const [item, itemPath] = follow(document, raw, ['paths', key]);
    if (!isPlainObject(item)) continue;
    for (const method of METHODS) {
      const [operation, path] = follow(document, item[method], [...itemPath, method]);
      if (isPlainObject(operation)) sites.push({ label: `${method.toUpperCase()} ${key}`, path, operation, shared: { value: item.parameters, path: [...itemPath, 'parameters'] } });
    }
  }
  return sites;
}

/** A value and where it really is: a `$ref` is followed (a few hops) to its target. */
function follow(document: Json, value: unknown, path: Path): [unknown, Path] {
  let current = value;
  let at = path;
  for (let hops = 0; hops < 16 && isPlainObject(current) && typeof current.$ref === 'string' && current.$ref.startsWith('#/'); hops++) {
    at = pathOfPointer(current.$ref);
    current = followPointer(document, current.$ref);
  }
  return [current, at];
}

function operationIdProblems(sites: readonly OperationSite[]): DocumentProblem[] {
  const byId = new Map<string, OperationSite[]>();
  for (const site of sites) {
    const id = site.operation.operationId;
    if (typeof id === 'string') byId.set(id, [...(byId.get(id) ?? []), site]);
  }
  const problems: DocumentProblem[] = [];
  for (const [id, sites] of byId) {
    if (sites.length < 2) continue;
    const others = sites.slice(1).map((s) => `${s.label} (${pointerOf(s.path)})`);
    problems.push({
      where: pointerOf(sites[0]!.path),
      message: `operationId "${id}" of ${sites[0]!.label} is also the operationId of ${others.join(', ')}; okapi gives their commands different names`,
    });
  }
  return problems;
}

function parameterProblems(document: Json, sites: readonly OperationSite[]): DocumentProblem[] {
  const problems = new Map<string, DocumentProblem>();
  for (const site of sites) {
    const lists: { value: unknown; path: Path; of: string }[] = [
      { ...site.shared, of: `the operations of ${site.label.slice(site.label.indexOf(' ') + 1)}` },
      { value: site.operation.parameters, path: [...site.path, 'parameters'], of: site.label },
    ];
    for (const list of lists) {
      const [parameters, listPath] = follow(document, list.value, list.path);
      if (!Array.isArray(parameters)) continue;
      parameters.forEach((raw: unknown, i) => {
        if (isPlainObject(raw) && typeof raw.$ref === 'string' && followPointer(document, raw.$ref) === undefined) return; // a broken $ref: reported as one
        const [parameter, path] = follow(document, raw, [...listPath, i]);
        const where = pointerOf(path);
        if (problems.has(where)) return;
        // A parameter in components may be shared by many operations: it is named, not one of them.
        const of = path[0] === 'components' ? 'the operations that use it' : list.of;
        const message = parameterMessage(parameter, of);
        if (message !== undefined) problems.set(where, { where, message });
      });
    }
  }
  return [...problems.values()];
}

/**
 * A `{name}` in the path that no path parameter of the operation fills: the command cannot give it.
 * The operations of one path that miss the same names are one problem, at the path item.
 */
function pathVariableProblems(document: Json, sites: readonly OperationSite[]): DocumentProblem[] {
  const byPath = new Map<string, { sites: OperationSite[]; names: string; count: number }>();
  for (const site of sites) {
    const path = site.label.slice(site.label.indexOf(' ') + 1);
    const variables = [...path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!);
    if (variables.length === 0) continue;
    const declared = new Set<string>();
    for (const list of [site.shared.value, site.operation.parameters]) {
      const [parameters] = follow(document, list, []);
      if (!Array.isArray(parameters)) continue;
      for (const raw of parameters) {
        const [parameter] = follow(document, raw, []);
        if (isPlainObject(parameter) && parameter.in === 'path' && typeof parameter.name === 'string') declared.add(parameter.name);
      }
    }
    const missing = [...new Set(variables.filter((v) => !declared.has(v)))];
    if (missing.length === 0) continue;
    const names = missing.map((v) => `{${v}}`).join(', ');
    const key = `${path}\u0000${names}`;
    const group = byPath.get(key) ?? { sites: [], names, count: missing.length };
    group.sites.push(site);
    byPath.set(key, group);
  }
  return [...byPath.values()].map(({ sites, names, count }) => {
    const first = sites[0]!;
    const them = count === 1 ? 'it' : 'them';
    if (sites.length === 1) return { where: pointerOf(first.path), message: `${first.label} declares no path parameter for ${names}; its command has no way to give ${them}` };
    const methods = sites.map((s) => s.label.slice(0, s.label.indexOf(' ')));
    const path = first.label.slice(first.label.indexOf(' ') + 1);
    return {
      where: pointerOf(first.path.slice(0, -1)),
      message: `${methods.slice(0, -1).join(', ')} and ${methods.at(-1)} ${path} declare no path parameter for ${names}; their commands have no way to give ${them}`,
    };
  });
}

function parameterMessage(parameter: unknown, of: string): string | undefined {
  if (!isPlainObject(parameter)) return `a parameter must be an object; this one is left out of ${of}`;
  const name = typeof parameter.name === 'string' && parameter.name !== '' ? parameter.name : undefined;
  const location = parameter.in;
  const label = name !== undefined ? `parameter "${name}"` : 'a parameter';
  if (name === undefined) return `${label} has no "name"; it is left out of ${of}`;
  if (location === undefined) return `${label} has no "in" (path, query, header or cookie); it is left out of ${of}`;
  if (typeof location !== 'string' || !LOCATIONS.includes(location)) {
    return `${label} has "in": ${JSON.stringify(location)}, not one okapi knows (path, query, header or cookie); it is left out of ${of}`;
  }
  return undefined;
}

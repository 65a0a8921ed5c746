/**
 * `{name}` templates (sdk/shared/template.ts) in a profile's header, query, param and auth-param
 * values, filled from the profile's `params` (a credential's `params` over them): prompt answers
 * stored at `api connect`, or values the user set.
 *
 * A param used by a template may itself be `env:`/`command:` (resolved only when a template uses
 * it, once per request) or hold templates (expanded in turn; a loop is an error). Templates are not
 * expanded inside `env:`/`command:` values: an answer, perhaps a server's default taken with
 * `--yes`, must not choose which variable is read or what the shell runs.
 * Errors name the config path of the value at fault, never the value.
 */
import { OkapiError } from '../../sdk/shared/errors.js';
import { expandTemplate, hasTemplate, TemplateProblem } from '../../sdk/shared/template.js';
import { isParamReference } from '../../sdk/shared/param-reference.js';
import { resolveParamValue } from './param-values.js';

/** One `params` map and where it is in the config (`apis.x.profiles.default.params`). */
export interface ParamLayer {
  params: Record<string, string>;
  path: string;
}

export interface Expansion {
  text: string;
  /** A value read from `env:` or `command:` went into it: it is secret wherever it goes. */
  fromReference: boolean;
}

export class ParamTemplates {
  private readonly values = new Map<string, Expansion>();
  private readonly resolving = new Set<string>();

  /**
   * `layers` in increasing precedence; `owner` names them in errors of `env:`/`command:` params
   * ("profile default of API example"); `setHint` is the `api set` path a missing param goes to.
   */
  constructor(
    private readonly layers: ParamLayer[],
    private readonly owner: string,
    private readonly setHint: { api: string; path: string },
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** `text` with its templates filled; `where` is its config path, for errors. */
  expand(text: string, where: string): Expansion {
    if (!hasTemplate(text)) return { text, fromReference: false };
    let fromReference = false;
    try {
      const expanded = expandTemplate(text, (name) => {
        const value = this.value(name);
        if (value?.fromReference) fromReference = true;
        return value?.text;
      });
      return { text: expanded, fromReference };
    } catch (error) {
      if (!(error instanceof TemplateProblem)) throw error;
      const hint =
        error.unknownName !== undefined
          ? `set it with: okapi api set ${this.setHint.api} '${this.setHint.path}.${error.unknownName}: <value>' (or write a literal brace as {{)`
          : 'fix the value with okapi api set or okapi config edit';
      throw new OkapiError(`${where}: ${error.message}`, { hint });
    }
  }

  /** A param's value: an `env:`/`command:` one read, a literal one with its templates filled. */
  resolve(name: string, raw: string, where: string): Expansion {
    if (!isParamReference(raw)) return this.expand(raw, where);
    return { text: resolveParamValue(name, raw, this.owner, this.env), fromReference: true };
  }

  private value(name: string): Expansion | undefined {
    const known = this.values.get(name);
    if (known) return known;
    const layer = this.layers.findLast((l) => Object.hasOwn(l.params, name));
    if (!layer) return undefined;
    const raw = layer.params[name]!;
    const where = `${layer.path}.${name}`;
    if (this.resolving.has(name)) throw new OkapiError(`${where}: its templates lead back to {${name}}`, { hint: 'a param may not use itself, directly or through others' });
    this.resolving.add(name);
    try {
      const value = this.resolve(name, raw, where);
      this.values.set(name, value);
      return value;
    } finally {
      this.resolving.delete(name);
    }
  }
}

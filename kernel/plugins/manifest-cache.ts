/**
 * Plugin manifests (and command declarations) cached by path, size and full-precision mtime, so
 * plugins are not run at every start. Refusals are cached too: a broken plugin is not re-run until
 * its file changes.
 */
import { readFileSync } from 'node:fs';
import type { WireEncoding } from '../../sdk/codec.js';
import type { CommandDeclaration, PluginManifest } from '../../sdk/types.js';

export interface CachedPlugin {
  size: number;
  /** Nanoseconds as a decimal string: milliseconds lose precision and make edits invisible. */
  mtime_ns: string;
  encoding?: WireEncoding;
  manifest?: PluginManifest;
  commands?: CommandDeclaration[];
  refused?: string;
}

interface CacheFile {
  okapi: string;
  plugins: Record<string, CachedPlugin>;
}

/** What tells one version of an executable from another. */
export type FileStamp = Pick<CachedPlugin, 'size' | 'mtime_ns'>;

export class ManifestCache {
  private dirty = false;

  private constructor(
    private readonly path: string,
    private readonly file: CacheFile,
  ) {}

  static open(path: string, okapiVersion: string): ManifestCache {
    try {
      const parsed = JSON.parse(readFileSync(path, 'utf8')) as CacheFile;
      // Validation rules can change between releases; a cache from another version is not trusted.
      if (parsed.okapi === okapiVersion && parsed.plugins && typeof parsed.plugins === 'object') {
        return new ManifestCache(path, parsed);
      }
    } catch {
      // Missing or unreadable: start empty.
    }
    return new ManifestCache(path, { okapi: okapiVersion, plugins: {} });
  }

  lookup(executable: string, stamp: FileStamp): CachedPlugin | undefined {
    const entry = this.file.plugins[executable];
    if (!entry || entry.size !== stamp.size || entry.mtime_ns !== stamp.mtime_ns) return undefined;
    return entry;
  }

  store(executable: string, entry: CachedPlugin): void {
    this.file.plugins[executable] = entry;
    this.dirty = true;
  }

  /** Drops entries for executables that are gone. */
  retain(executables: Set<string>): void {
    for (const key of Object.keys(this.file.plugins)) {
      if (!executables.has(key)) {
        delete this.file.plugins[key];
        this.dirty = true;
      }
    }
  }

  async save(): Promise<void> {
    if (!this.dirty) return;
    const { writeFileAtomic } = await import('../config/atomic-write.js');
    await writeFileAtomic(this.path, JSON.stringify(this.file) + '\n');
    this.dirty = false;
  }
}

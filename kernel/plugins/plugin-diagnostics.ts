/**
 * Where what plugins say reaches okapi's stderr: their `log` messages, and with -v their own
 * stderr. A plugin that floods either cannot run okapi out of memory nor bury the user's terminal:
 * each plugin shows at most SHOWN_BYTES_PER_PLUGIN in a run, and the rest is counted and dropped
 * (one line at the end says how much). Control characters are made visible, never obeyed.
 */
import { visibleControls } from '../../sdk/shared/terminal-text.js';

export const SHOWN_BYTES_PER_PLUGIN = 256 * 1024;

export class PluginDiagnostics {
  private readonly shown = new Map<string, number>();
  private readonly dropped = new Map<string, number>();
  private broken = false;

  constructor(private readonly stderr: NodeJS.WritableStream) {
    // A stderr that fails (closed, ENOBUFS) loses the diagnostics, never the run.
    stderr.on('error', () => {
      this.broken = true;
    });
  }

  /** Writes `text`, said by `plugin`, unless the plugin has used its share: from then on, nothing more. */
  write(plugin: string, text: string): void {
    const bytes = Buffer.byteLength(text);
    const used = this.shown.get(plugin) ?? 0;
    const dropped = this.dropped.get(plugin);
    if (dropped !== undefined || used + bytes > SHOWN_BYTES_PER_PLUGIN) {
      this.dropped.set(plugin, (dropped ?? 0) + bytes);
      return;
    }
    this.shown.set(plugin, used + bytes);
    if (!this.broken) this.stderr.write(visibleControls(text));
  }

  /** One line for each plugin that said more than was shown. */
  reportDropped(): void {
    if (this.broken) return;
    for (const [plugin, bytes] of this.dropped) {
      this.stderr.write(`okapi: plugin ${visibleControls(plugin)} wrote more diagnostics than okapi shows (${bytes} bytes dropped)\n`);
    }
    this.dropped.clear();
  }
}

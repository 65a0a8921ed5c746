// Timing helpers for the benchmarks: whole-process wall time, median of repeated runs.
import { spawn, spawnSync } from 'node:child_process';

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Median wall time (ms) of running a command to completion, after warm-up runs. */
export function timeProcess(command, args, { runs = 25, warmup = 3, env = process.env, stdout = 'ignore' } = {}) {
  const samples = [];
  for (let i = 0; i < warmup + runs; i++) {
    const started = process.hrtime.bigint();
    const result = spawnSync(command, args, { env, stdio: ['ignore', stdout, 'pipe'] });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (result.status !== 0) {
      throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr?.toString().slice(0, 500)}`);
    }
    if (i >= warmup) samples.push(ms);
  }
  return median(samples);
}

/** Interleaves the runs of several commands so machine noise hits them alike. */
export function timeTogether(commands, { runs = 25, warmup = 3 } = {}) {
  const samples = commands.map(() => []);
  for (let i = 0; i < warmup + runs; i++) {
    commands.forEach((c, index) => {
      const started = process.hrtime.bigint();
      const result = spawnSync(c.command, c.args, { env: c.env ?? process.env, stdio: ['ignore', c.stdout ?? 'ignore', 'pipe'] });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (result.status !== 0) throw new Error(`${c.label} exited ${result.status}: ${result.stderr?.toString().slice(0, 500)}`);
      if (i >= warmup) samples[index].push(ms);
    });
  }
  return samples.map(median);
}

/**
 * Median idle time at exit (ms): from the last byte the command writes to stdout to its exit.
 * Work left for the end of a process (a compiler tiering code up, say) shows here and nowhere else.
 */
export async function exitTail(command, args, { runs = 15, env = process.env } = {}) {
  const tails = [];
  for (let i = 0; i < runs + 2; i++) {
    const tail = await new Promise((resolve, reject) => {
      const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let last = process.hrtime.bigint();
      let stderr = '';
      child.stdout.on('data', () => (last = process.hrtime.bigint()));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('exit', (code) => {
        const ended = process.hrtime.bigint();
        if (code !== 0) reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr.slice(0, 500)}`));
        else resolve(Number(ended - last) / 1e6);
      });
    });
    if (i >= 2) tails.push(tail);
  }
  return median(tails);
}

export class Report {
  rows = [];

  /** A ratio figure: lower is better; `limit` is the most the issue allows. */
  ratio(figure, subjectMs, baselineLabel, baselineMs, limit) {
    const ratio = subjectMs / baselineMs;
    this.rows.push([figure, `${subjectMs.toFixed(1)} ms`, `${baselineLabel} ${baselineMs.toFixed(1)} ms`, `${ratio.toFixed(2)}×`, `≤ ${limit}×`, ratio <= limit ? 'ok' : 'OVER']);
  }

  /** An absolute difference: `limit` in ms. */
  delta(figure, subjectMs, baselineLabel, baselineMs, limitMs) {
    const delta = subjectMs - baselineMs;
    this.rows.push([figure, `${subjectMs.toFixed(1)} ms`, `${baselineLabel} ${baselineMs.toFixed(1)} ms`, `+${delta.toFixed(1)} ms`, `≤ +${limitMs} ms`, delta <= limitMs ? 'ok' : 'OVER']);
  }

  /** A time that should be (close to) nothing: `limitMs` is the most allowed. */
  most(figure, subjectMs, baselineLabel, baselineMs, limitMs) {
    this.rows.push([figure, `${subjectMs.toFixed(1)} ms`, `${baselineLabel} ${baselineMs.toFixed(1)} ms`, `${subjectMs.toFixed(1)} ms`, `≤ ${limitMs} ms`, subjectMs <= limitMs ? 'ok' : 'OVER']);
  }

  fact(figure, value, target, ok) {
    this.rows.push([figure, value, '', '', target, ok ? 'ok' : 'OVER']);
  }

  /** A ratio that explains another figure: no issue sets a limit on it. */
  context(figure, subjectMs, baselineLabel, baselineMs) {
    this.rows.push([figure, `${subjectMs.toFixed(1)} ms`, `${baselineLabel} ${baselineMs.toFixed(1)} ms`, `${(subjectMs / baselineMs).toFixed(2)}×`, '', 'info']);
  }

  /** A figure this machine cannot measure: `why` says what is missing and how to get it. */
  skipped(figure, why, target) {
    this.rows.push([figure, why, '', '', target, 'skipped']);
  }

  print() {
    const header = ['figure', 'okapi', 'baseline (same run)', 'result', 'target', ''];
    const all = [header, ...this.rows];
    const widths = header.map((_, i) => Math.max(...all.map((r) => String(r[i]).length)));
    const line = (r) => `| ${r.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
    console.log(line(header));
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const row of this.rows) console.log(line(row));
  }
}

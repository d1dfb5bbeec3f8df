import cliProgress from 'cli-progress';
import type { OperatorIO } from './commands.js';

/**
 * A progress bar on stderr (cli-progress) for long command-line work: drawn only on a terminal,
 * so piped output and logs stay clean; it disappears when stopped. One bar at a time; a new
 * label replaces the bar.
 */
export interface ProgressBar {
  update(label: string, done: number, total: number): void;
  /** Removes the bar (call before printing other lines, and at the end). */
  stop(): void;
}

export function progressBar(stream: NodeJS.WriteStream = process.stderr): ProgressBar {
  let bar: cliProgress.SingleBar | undefined;
  let current = '';
  const stop = () => {
    bar?.stop();
    bar = undefined;
    current = '';
  };
  return {
    update(label, done, total) {
      if (!stream.isTTY) return;
      if (!bar || label !== current) {
        stop();
        current = label;
        bar = new cliProgress.SingleBar(
          {
            stream,
            format: `${label} [{bar}] {value}/{total} {duration_formatted}`,
            hideCursor: true,
            clearOnComplete: true,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(total, done);
        return;
      }
      bar.setTotal(total);
      bar.update(done);
    },
    stop,
  };
}

/** The operator IO of a terminal: lines to stdout/stderr, progress as a bar on stderr. */
export function terminalIO(): OperatorIO & { stop(): void } {
  const bar = progressBar();
  return {
    out(line) {
      bar.stop();
      process.stdout.write(`${line}\n`);
    },
    err(line) {
      bar.stop();
      process.stderr.write(`${line}\n`);
    },
    progress: (label, done, total) => bar.update(label, done, total),
    stop: () => bar.stop(),
  };
}

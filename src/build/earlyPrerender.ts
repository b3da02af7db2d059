/**
 * Pre-render processes started before the manifest is validated (a content-only build's wall time).
 * Starting one (Node, Vike's server runtime, the site's server bundle) takes about 0.3 s, which used to come after
 * the build's 1–2 s of validation; started at once, each waits (scripts/prerender.ts `--esperar`) until the build
 * sends the word to go with the manifest it validated, or ends its input, when it leaves without writing anything.
 *
 * They are only used when the build turns out to be content-only on the bundles they loaded: the output folder's
 * build, whose fingerprint was read before they started, is still the one the code gives (a code change, kept
 * bundles put in place, or another build of the folder in between: they are stopped and the pre-render starts as
 * before), with the same number of shares, every process still waiting.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'

/** The option that makes scripts/prerender.ts wait for the word to go. */
export const WAIT_OPTION = '--esperar'
/** The word, followed by the manifest snapshot's path, on one line of the process's input. */
export const GO_WORD = 'adelante'

type Take = (line: string, error: boolean) => void

interface Waiting {
  child: ChildProcess
  done: Promise<boolean>
  exited: boolean
}

export class EarlyPrerender {
  private stopped = false
  private take?: Take
  private readonly pending: Array<[string, boolean]> = []

  private constructor(
    /** The fingerprint of the bundles in the output folder when the processes started. */
    readonly fingerprint: string,
    readonly count: number,
    private readonly runs: Waiting[],
  ) {}

  /** Starts `count` waiting processes, each with its share of the pages in the build's environment for Vike (`envFor`). */
  static start(root: string, fingerprint: string, count: number, envFor: (share: string | undefined) => NodeJS.ProcessEnv): EarlyPrerender {
    const runs: Waiting[] = []
    const early = new EarlyPrerender(fingerprint, count, runs)
    for (let index = 0; index < count; index++) {
      const child = spawn(process.execPath, [path.join(root, 'scripts', 'compiled.mjs'), 'prerender', WAIT_OPTION], {
        cwd: root,
        env: envFor(count > 1 ? `${index}/${count}` : undefined),
        stdio: ['pipe', 'pipe', 'pipe'],
      })
      const run: Waiting = { child, exited: false, done: Promise.resolve(false) }
      run.done = new Promise(resolve =>
        child.on('close', code => {
          run.exited = true
          resolve(code === 0)
        }),
      )
      // A process that cannot be started or has left: its input is gone (never thrown at the build).
      child.stdin.on('error', () => {})
      early.relay(child.stdout, false)
      early.relay(child.stderr, true)
      runs.push(run)
    }
    return early
  }

  /** Whether these processes can render this build's pages (see the module's comment). */
  fits(fingerprint: string, count: number, outputFingerprint: string | undefined): boolean {
    return !this.stopped && this.fingerprint === fingerprint && outputFingerprint === fingerprint && this.count === count && this.runs.every(r => !r.exited)
  }

  /** Sends the word to go; their output goes to `take` from now on (with what they printed while waiting). */
  go(snapshot: string, take: Take): Promise<boolean> {
    this.stopped = true
    this.take = take
    for (const [line, error] of this.pending.splice(0)) take(line, error)
    for (const run of this.runs) run.child.stdin?.end(`${GO_WORD} ${snapshot}\n`)
    return Promise.all(this.runs.map(r => r.done)).then(results => results.every(Boolean))
  }

  /** Ends their input: each leaves without writing a page. Does nothing after go() or a first stop(). */
  stop(): void {
    if (this.stopped) return
    this.stopped = true
    for (const run of this.runs) run.child.stdin?.end()
  }

  private relay(stream: NodeJS.ReadableStream | null, error: boolean): void {
    if (!stream) return
    let rest = ''
    const emit = (line: string) => (this.take ? this.take(line, error) : this.pending.push([line, error]))
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split(/\r?\n/)
      rest = lines.pop() ?? ''
      for (const line of lines) emit(line)
    })
    stream.on('end', () => rest && emit(rest))
  }
}

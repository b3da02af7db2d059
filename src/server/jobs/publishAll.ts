/**
 * `npm run publicar -- --todos` on a platform with PostgreSQL (docs/decisions/platform.md, «Jobs on a PostgreSQL
 * queue»): one publish job per site, taken by whichever nodes' workers are free, and this command waits for them,
 * telling each site's outcome as it comes. New code is bundled by the first site's build alone (as
 * bundleOnceThenAll does without the queue): with `firstAlone`, the sites are sent one at a time until one is
 * published, then all the others at once. A job whose worker died is retried by another (queue.ts); one that failed
 * JOB_ATTEMPTS times is reported with the command's last lines, and the result is false.
 */
import type { PgBoss } from 'pg-boss'
import { JOB_ATTEMPTS, openQueue, PUBLISH_QUEUE } from './queue.ts'
import type { PublishJobData, PublishJobOutput } from './publishJob.ts'

export interface QueuedPublishOptions {
  databaseUrl: string
  sites: readonly string[]
  /** The code is not bundled yet: the first site goes alone. */
  firstAlone: boolean
  say?: (line: string) => void
  warn?: (line: string) => void
  /** How often the jobs are looked at (ms). */
  pollMs?: number
  /** After how long with no job taken the command says that no worker seems to run (ms). */
  idleNoticeMs?: number
}

/** A site's outcome: its closing line and node, or why it failed for good. */
type Outcome = { ok: true; out: PublishJobOutput } | { ok: false; reason: string }

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

export async function publishSitesThroughQueue(options: QueuedPublishOptions): Promise<boolean> {
  const say = options.say ?? console.log
  const boss = openQueue(options.databaseUrl, false)
  await startInstalled(boss)
  const waiter = new JobWaiter(boss, options)
  try {
    const queue = [...options.sites]
    say(
      `Publicando ${queue.length} sitio(s) por la cola de trabajos: los toman los trabajadores de los nodos${options.firstAlone ? ' (el primero empaqueta el código; los demás usan esos paquetes)' : ''}…`,
    )
    if (options.firstAlone)
      for (let sitio = queue.shift(); sitio; sitio = queue.shift()) {
        await waiter.run([sitio])
        if (waiter.outcomes.get(sitio)?.ok) break
      }
    await waiter.run(queue)
  } finally {
    await boss.stop({ graceful: false }).catch(() => undefined)
  }
  return summarize(options.sites, waiter.outcomes, say, options.warn ?? console.error)
}

/** The queue started, or a Spanish error when its schema or queues are missing (bd:preparar not run since the update). */
async function startInstalled(boss: PgBoss): Promise<void> {
  const missing = new Error(
    'La cola de trabajos no está instalada en la base de datos: ejecute «npm run -s bd:preparar -- <cuenta del servidor>» con la cuenta dueña (docs/guia-operacion.md, sección 18.5) y vuelva a intentarlo.',
  )
  try {
    await boss.start()
  } catch {
    throw missing
  }
  if (!(await boss.getQueue(PUBLISH_QUEUE))) {
    await boss.stop({ graceful: false }).catch(() => undefined)
    throw missing
  }
}

/** Sends sites' jobs and waits until each settled, saying each outcome and each retry as it comes. */
class JobWaiter {
  readonly outcomes = new Map<string, Outcome>()
  private readonly started = Date.now()
  private anyTaken = false
  private told = false
  private readonly say: (line: string) => void
  private readonly warn: (line: string) => void

  constructor(
    private readonly boss: PgBoss,
    private readonly options: QueuedPublishOptions,
  ) {
    this.say = options.say ?? console.log
    this.warn = options.warn ?? console.error
  }

  async run(sites: readonly string[]): Promise<void> {
    const pending = new Map<string, { id: string; attempt: number }>()
    for (const sitio of sites) {
      const data: PublishJobData = { sitio }
      const id = await this.boss.send(PUBLISH_QUEUE, data, { singletonKey: sitio })
      if (id) pending.set(sitio, { id, attempt: 0 })
      else this.outcomes.set(sitio, { ok: false, reason: 'ya había una publicación de este sitio en la cola o en curso' })
    }
    while (pending.size > 0) {
      await sleep(this.options.pollMs ?? 1000)
      for (const [sitio, p] of pending) if (await this.settled(sitio, p)) pending.delete(sitio)
      if (!this.anyTaken && !this.told && Date.now() - this.started > (this.options.idleNoticeMs ?? 60_000)) {
        this.told = true
        this.warn(
          'Ningún trabajador ha tomado los trabajos todavía: ¿está en marcha el servidor de la plataforma (o «npm run trabajador») en algún nodo con esta base de datos?',
        )
      }
    }
  }

  /** Looks at one site's job: true once it settled (its outcome recorded and said). */
  private async settled(sitio: string, p: { id: string; attempt: number }): Promise<boolean> {
    const job = (await this.boss.findJobs<PublishJobData>(PUBLISH_QUEUE, { id: p.id }))[0]
    if (!job) {
      this.outcomes.set(sitio, { ok: false, reason: 'su trabajo desapareció de la cola' })
      return true
    }
    if (job.state !== 'created') this.anyTaken = true
    if (job.retryCount > p.attempt) {
      p.attempt = job.retryCount
      this.say(`[${sitio}] el intento ${p.attempt} falló o su trabajador dejó de responder; se reintenta (intento ${p.attempt + 1} de ${JOB_ATTEMPTS}).`)
    }
    if (job.state === 'completed') {
      const out = job.output as PublishJobOutput
      this.outcomes.set(sitio, { ok: true, out })
      this.say(`[${sitio}] ✓ publicado en el nodo «${out.nodo}» (trabajador ${out.proceso}). ${out.resumen}`)
      return true
    }
    if (job.state === 'failed' || job.state === 'cancelled') {
      const reason = failureOf(job.output)
      this.outcomes.set(sitio, { ok: false, reason })
      this.warn(`[${sitio}] ✗ no se publicó tras ${job.retryCount + 1} intento(s): ${reason}`)
      return true
    }
    return false
  }
}

/** The Spanish reason a failed job recorded (the command's last lines, publishJob.ts). */
function failureOf(output: unknown): string {
  const message = (output as { message?: unknown } | null)?.message
  return typeof message === 'string' && message.trim() ? message.trim() : 'el trabajo falló sin decir por qué'
}

function summarize(sites: readonly string[], outcomes: Map<string, Outcome>, say: (l: string) => void, warn: (l: string) => void): boolean {
  say('\nResumen:')
  let failed = 0
  for (const sitio of sites) {
    const o = outcomes.get(sitio)
    if (o?.ok) say(`  ✓ ${sitio}: publicado (nodo «${o.out.nodo}», trabajador ${o.out.proceso}).`)
    else {
      failed++
      const reason = o ? o.reason.split('\n').at(-1) : 'no se intentó: ningún sitio anterior pudo empaquetar el código'
      warn(`  ✗ ${sitio}: no se publicó (${reason}); sigue en servicio su publicación anterior, si la tiene.`)
    }
  }
  if (failed > 0) warn(`✗ ${failed} de ${sites.length} sitio(s) no se publicaron; los demás sí.`)
  else say(`✓ ${sites.length} sitio(s) publicados.`)
  return failed === 0
}

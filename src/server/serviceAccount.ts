/**
 * Commands that write files (`respaldo`, `restaurar`, `usuarios`, `publicar`, `sitio crear`) refuse to run as root
 * when the service runs as another account: root-owned files in the data or release folders are files the
 * service cannot open, and a site then answers 503 (docs/decisions/operations.md, «Commands run as the service's
 * account»). The service's account is the owner of DATA_DIR (or of its nearest existing parent folder).
 */
import fs from 'node:fs'
import path from 'node:path'

export interface AccountFacts {
  /** The uid the command runs as (process.getuid; undefined on Windows, where the check does not apply). */
  uid: number | undefined
  /** The owner uid of a path. */
  ownerOf(file: string): number
  /** A user name for a uid, from /etc/passwd; undefined when it has none. */
  nameOf(uid: number): string | undefined
}

function userName(uid: number): string | undefined {
  try {
    for (const line of fs.readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const [name, , id] = line.split(':')
      if (name && Number(id) === uid) return name
    }
  } catch {
    // No /etc/passwd: the uid is named by number below.
  }
  return undefined
}

const MACHINE: AccountFacts = { uid: process.getuid?.(), ownerOf: file => fs.statSync(file).uid, nameOf: userName }

function nearestExisting(dir: string): string {
  let current = path.resolve(dir)
  while (!fs.existsSync(current) && path.dirname(current) !== current) current = path.dirname(current)
  return current
}

/** The refusal (Spanish) when root runs a command that writes into another account's data folder; undefined otherwise. */
export function rootRefusal(dataDir: string, command: string, facts: AccountFacts = MACHINE): string | undefined {
  if (facts.uid !== 0) return undefined
  const folder = nearestExisting(dataDir)
  const owner = facts.ownerOf(folder)
  if (owner === 0) return undefined
  const user = facts.nameOf(owner) ?? `#${owner}`
  return `No se hizo nada: el comando se ejecutó como root, pero el servicio usa la cuenta «${user}» (dueña de ${folder}). Los archivos que escribiera root quedarían fuera del alcance del servicio (el sitio respondería 503). Ejecútelo con la cuenta del servicio, desde la carpeta del programa y con su archivo de variables: sudo -u ${user} ${command} (o, con el atajo de la guía de operación, servicio ${command}).`
}

/** Throws the refusal, for the commands' entry points. */
export function refuseRootForOtherAccount(dataDir: string, command: string, facts?: AccountFacts): void {
  const refusal = rootRefusal(dataDir, command, facts)
  if (refusal) throw new Error(refusal)
}

/**
 * Preloaded (NODE_OPTIONS=--import) into the processes of builds by tests/build/platform-build.test.ts. Vike loads each
 * `+*.ts` configuration file by writing a transpiled copy beside it (`<file>.build-<hash>.mjs`), importing it and
 * removing it, with fs.writeFileSync and fs.unlinkSync (vike/dist/node/vite/shared/resolveVikeConfigInternal/
 * transpileAndExecuteFile.js). This records each write and removal with the process and the time, one JSON line each,
 * into ESE_VIKE_TRACE.
 *
 * With ESE_VIKE_MEET=<n> it also makes the race happen whenever it can: a process about to write its first temporary
 * file waits (up to a minute) until <n> processes have got there, so builds started together load their
 * configurations at the same moment, unless the build serializes the loading (src/build/vikeConfigLock.ts: its lock,
 * ESE_VIKE_LOCK, is held while this process loads), in which case there is nobody to meet and it goes on.
 */
import fs from 'node:fs'
import path from 'node:path'

const traceFile = process.env.ESE_VIKE_TRACE
const meet = Number(process.env.ESE_VIKE_MEET ?? 0)
const lock = process.env.ESE_VIKE_LOCK ?? ''
const TEMPORARY = /\.build-[a-z0-9]{12}\.mjs$/
let met = false

function meetTheOthers() {
  met = true
  if (meet < 2 || (lock && fs.existsSync(lock))) return
  const dir = `${traceFile}.encuentro`
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, String(process.pid)), '')
  const pause = new Int32Array(new SharedArrayBuffer(4))
  for (let waited = 0; waited < 60_000 && fs.readdirSync(dir).length < meet; waited += 50) Atomics.wait(pause, 0, 0, 50)
}

if (traceFile) {
  const write = fs.writeFileSync
  const unlink = fs.unlinkSync
  const note = (op, file) =>
    fs.appendFileSync(traceFile, `${JSON.stringify({ pid: process.pid, op, file: String(file), at: performance.timeOrigin + performance.now() })}\n`)
  fs.writeFileSync = function (file, ...rest) {
    if (TEMPORARY.test(String(file))) {
      if (!met) meetTheOthers()
      note('write', file)
    }
    return write.call(this, file, ...rest)
  }
  fs.unlinkSync = function (file, ...rest) {
    try {
      return unlink.call(this, file, ...rest)
    } finally {
      if (TEMPORARY.test(String(file))) note('unlink', file)
    }
  }
}

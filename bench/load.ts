/**
 * What the bench's load parts share (`npm run bench -- api` in run.ts, `-- plataforma` in platform.ts): autocannon as
 * a promise, and the one valid PQRSD they send (the sample template's form), so both parts file the same thing.
 */
import autocannon from 'autocannon'

export function cannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))))
}

/** A valid PQRSD of the sample template's form, as JSON; `mensaje` tells the parts' filings apart. */
export function samplePqrs(mensaje: string): string {
  return JSON.stringify({
    tipoSolicitud: 1,
    tipoPersona: 1,
    tipoIdentificacion: 1,
    numeroIdentificacion: '1020304050',
    nombre: 'Ana',
    apellido: 'Pérez',
    direccion: 'Calle 1',
    telefono: '3001234567',
    correoElectronico: 'ana@example.org',
    tipoRespuesta: 1,
    mensaje,
    autorizacionDatos: true,
  })
}
